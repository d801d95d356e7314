/**
 * Where the kernel reads the page from. Every access is lazy, so importing the
 * kernel on a server (no window, no document) is safe.
 */
export const Environment = Symbol('Environment');

/** The subset of Web Storage the kernel uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Environment {
  /** `globalThis.window` when running in a browser, else undefined. */
  readonly window: (Window & typeof globalThis) | undefined;
  readonly document: Document | undefined;
  fetch(input: string, init?: RequestInit): Promise<Response>;
  /** localStorage when present and writable (not in private mode / on a server). */
  readonly localStorage: StorageLike | undefined;
  now(): number;
  /** Coarse pointer or a mobile user agent (spec section 9). */
  isMobile(): boolean;
  isTelegram(): boolean;
  isSafari(): boolean;
  isIos(): boolean;
  isAndroid(): boolean;
  isMac(): boolean;
  userAgent(): string;
}
