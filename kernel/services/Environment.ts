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
  /** Coarse pointer or a mobile user agent (docs/modal.md#mobile-detection). */
  isMobile(): boolean;
  isTelegram(): boolean;
  isSafari(): boolean;
  isIos(): boolean;
  isAndroid(): boolean;
  isMac(): boolean;
  userAgent(): string;
}

/** User-agent patterns of phones and tablets (docs/modal.md#mobile-detection: mobile by coarse pointer or user agent). */
const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i;
/** Key written and removed to check that localStorage really accepts writes. */
const PROBE_KEY = '@latchkey/__probe__';

/** What {@link createEnvironment} accepts: any member replaced, plus a stand-in `window` (`undefined` = a server). */
export type EnvironmentOverrides = Partial<Omit<Environment, 'window' | 'document' | 'localStorage'>> & {
  window?: any;
  document?: Document | undefined;
  localStorage?: StorageLike | undefined;
};

/**
 * Builds the {@link Environment}. Nothing is read at creation: every member
 * looks at `globalThis` (or at `overrides.window`) when called, so the kernel
 * can be imported and even constructed on a server. Tests pass a fake
 * `window` instead of a DOM.
 */
export function createEnvironment(overrides: EnvironmentOverrides = {}): Environment {
  const has = (key: keyof EnvironmentOverrides) => Object.prototype.hasOwnProperty.call(overrides, key);
  const getWindow = (): any =>
    has('window') ? (overrides.window ?? undefined) : typeof window === 'undefined' ? undefined : window;
  const userAgent = (): string => {
    if (overrides.userAgent) return overrides.userAgent();
    const ua = getWindow()?.navigator?.userAgent;
    return typeof ua === 'string' ? ua : '';
  };
  const isIos = (): boolean => {
    const ua = userAgent();
    if (/iPhone|iPad|iPod/i.test(ua)) return true;
    // iPadOS 13+ reports a desktop Mac user agent; a touch screen gives it away.
    return /Macintosh/i.test(ua) && Number(getWindow()?.navigator?.maxTouchPoints ?? 0) > 1;
  };
  // The probe result is remembered per storage object: probing writes.
  let probed: { storage: unknown; writable: boolean } | undefined;

  const env: Environment = {
    get window() {
      return getWindow();
    },
    get document() {
      if (has('document')) return overrides.document;
      const doc = getWindow()?.document;
      return doc ?? undefined;
    },
    get localStorage() {
      if (has('localStorage')) return overrides.localStorage;
      let storage: StorageLike | undefined;
      try {
        // Reading the property itself throws in sandboxed frames with storage blocked.
        storage = getWindow()?.localStorage ?? undefined;
      } catch {
        return undefined;
      }
      if (!storage) return undefined;
      if (probed?.storage !== storage) {
        let writable = false;
        try {
          storage.setItem(PROBE_KEY, '1');
          storage.removeItem(PROBE_KEY);
          writable = true;
        } catch {
          writable = false;
        }
        probed = { storage, writable };
      }
      return probed.writable ? storage : undefined;
    },
    fetch(input: string, init?: RequestInit): Promise<Response> {
      if (overrides.fetch) return overrides.fetch(input, init);
      const f = getWindow()?.fetch ?? globalThis.fetch;
      if (typeof f !== 'function') return Promise.reject(new TypeError('fetch is not available'));
      // Call unbound-safe: browsers throw "Illegal invocation" for a detached fetch.
      return f.call(getWindow() ?? globalThis, input, init);
    },
    now(): number {
      return overrides.now ? overrides.now() : Date.now();
    },
    isMobile(): boolean {
      if (overrides.isMobile) return overrides.isMobile();
      const w = getWindow();
      if (!w) return false;
      try {
        if (typeof w.matchMedia === 'function' && w.matchMedia('(pointer:coarse)')?.matches) return true;
      } catch {
        // matchMedia can be missing or throw in odd embeddings: fall back to the user agent.
      }
      return MOBILE_UA.test(userAgent());
    },
    isTelegram(): boolean {
      if (overrides.isTelegram) return overrides.isTelegram();
      const w = getWindow();
      if (!w) return false;
      if (w.TelegramWebviewProxy || w.TelegramWebviewProxyProto) return true;
      const webApp = w.Telegram?.WebApp;
      // telegram-web-app.js defines WebApp in any browser; outside Telegram its platform is 'unknown'.
      if (webApp && (webApp.initData || (webApp.platform && webApp.platform !== 'unknown'))) return true;
      return /Telegram/i.test(userAgent());
    },
    isSafari(): boolean {
      if (overrides.isSafari) return overrides.isSafari();
      const ua = userAgent();
      return /Safari/i.test(ua) && !/Chrome|Chromium|CriOS|FxiOS|EdgiOS|EdgA|Edg\/|OPR\/|OPiOS|Android|SamsungBrowser/i.test(ua);
    },
    isIos(): boolean {
      return overrides.isIos ? overrides.isIos() : isIos();
    },
    isAndroid(): boolean {
      return overrides.isAndroid ? overrides.isAndroid() : /Android/i.test(userAgent());
    },
    isMac(): boolean {
      if (overrides.isMac) return overrides.isMac();
      return /Macintosh|Mac OS X/i.test(userAgent()) && !isIos();
    },
    userAgent,
  };
  return env;
}
