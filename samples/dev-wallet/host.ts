/** What the dev wallets need of the page: the shapes shared by the EVM wallet and the wallet-standard ones. */

/** The minimum of `window` the wallet touches; a fake EventTarget works in tests. */
export interface WalletHost {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  dispatchEvent(event: Event): boolean;
  readonly location?: { readonly search: string };
  readonly localStorage?: StorageLike;
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
