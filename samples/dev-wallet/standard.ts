/**
 * The wallet side of the wallet-standard registration protocol, and what the dev wallets
 * share around it: options, window, events, accounts, kept state (their errors: errors.ts).
 *
 * Protocol (@wallet-standard/base, window.ts): a wallet dispatches
 * `wallet-standard:register-wallet` with a callback as `detail`, and listens for
 * `wallet-standard:app-ready`, whose `detail` is `{ register }`. An app does the mirror image
 * (`@wallet-standard/app`'s getWallets()), so registration works whichever loads first.
 */
import type { Wallet, WalletAccount, WalletIcon, WindowAppReadyEventAPI } from '@wallet-standard/base';
import type { StandardConnectInput, StandardConnectOutput, StandardEventsChangeProperties } from '@wallet-standard/features';
import type { StorageLike, WalletHost } from './host';

export type { StorageLike, WalletHost };

/** An event whose propagation cannot be stopped, as the protocol asks. */
class UnstoppableEvent<D> extends Event {
  readonly #detail: D;
  constructor(type: string, detail: D) {
    super(type, { bubbles: false, cancelable: false, composed: false });
    this.#detail = detail;
  }
  get detail(): D {
    return this.#detail;
  }
  override preventDefault(): never {
    throw new Error('preventDefault cannot be called');
  }
  override stopImmediatePropagation(): never {
    throw new Error('stopImmediatePropagation cannot be called');
  }
  override stopPropagation(): never {
    throw new Error('stopPropagation cannot be called');
  }
}

/**
 * Registers `wallet` with every app on `host`, now and later. Returns a function that
 * unregisters it from the apps that registered it and stops listening.
 */
export function registerWallet(wallet: Wallet, host: WalletHost): () => void {
  const unregisters: (() => void)[] = [];
  const callback = (api: WindowAppReadyEventAPI) => {
    if (!api || typeof api.register !== 'function') return;
    unregisters.push(api.register(wallet));
  };
  const onAppReady = (event: Event) => callback((event as unknown as { detail: WindowAppReadyEventAPI }).detail);
  host.addEventListener('wallet-standard:app-ready', onAppReady);
  try {
    host.dispatchEvent(new UnstoppableEvent('wallet-standard:register-wallet', callback));
  } catch (err) {
    console.error('[dev wallet] wallet-standard:register-wallet could not be dispatched', err);
  }
  return () => {
    host.removeEventListener('wallet-standard:app-ready', onAppReady);
    for (const off of unregisters.splice(0)) off();
  };
}

type ChangeListener = (properties: StandardEventsChangeProperties) => void;

/** The `change` listeners of `standard:events`. A failing listener does not stop the others. */
export class ChangeEmitter {
  readonly #listeners = new Set<ChangeListener>();

  on(event: string, listener: ChangeListener): () => void {
    if (event !== 'change' || typeof listener !== 'function') return () => {};
    // The same function registered twice gets two entries, like a real wallet's emitter.
    const entry: ChangeListener = (p) => listener(p);
    this.#listeners.add(entry);
    return () => void this.#listeners.delete(entry);
  }

  emit(properties: StandardEventsChangeProperties): void {
    for (const l of [...this.#listeners]) {
      try {
        l(properties);
      } catch (err) {
        console.error('[dev wallet] change listener failed', err);
      }
    }
  }
}

/** A frozen wallet-standard account. */
export function makeAccount(fields: {
  address: string;
  publicKey: Uint8Array;
  chains: readonly `${string}:${string}`[];
  features: readonly `${string}:${string}`[];
  label?: string;
}): WalletAccount {
  return Object.freeze({
    address: fields.address,
    publicKey: fields.publicKey.slice(),
    chains: Object.freeze([...fields.chains]),
    features: Object.freeze([...fields.features]),
    ...(fields.label ? { label: fields.label } : {}),
  }) as WalletAccount;
}

/** True when `account` is the wallet's `expected` account (by address and public key). */
export function sameAccount(account: unknown, expected: WalletAccount): boolean {
  if (!account || typeof account !== 'object') return false;
  const a = account as Partial<WalletAccount>;
  if (a.address !== expected.address || !(a.publicKey instanceof Uint8Array)) return false;
  const pk = a.publicKey;
  return pk.length === expected.publicKey.length && pk.every((b, i) => b === expected.publicKey[i]);
}

function safeStorage(host: WalletHost, storage?: StorageLike): StorageLike | undefined {
  if (storage) return storage;
  try {
    return host.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

function readJson<T extends object>(storage: StorageLike | undefined, key: string): Partial<T> {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return {};
    const data = JSON.parse(raw) as unknown;
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Partial<T>) : {};
  } catch {
    return {};
  }
}

function writeJson(storage: StorageLike | undefined, key: string, value: object): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or blocked: the wallet works without persistence */
  }
}

/** A base64 SVG data URI (wallet-standard requires base64 icons). */
export function svgIcon(svg: string): WalletIcon {
  const b64 = typeof btoa === 'function' ? btoa(svg) : Buffer.from(svg, 'utf8').toString('base64');
  return `data:image/svg+xml;base64,${b64}`;
}

export const isBytes = (v: unknown): v is Uint8Array => v instanceof Uint8Array;

/** The window a dev wallet registers on: `host` when given, else the global `window`; `label` names the wallet in the error. */
export function walletHost(label: string, host?: WalletHost): WalletHost {
  const found = host ?? (globalThis as unknown as { window?: WalletHost }).window;
  if (!found) throw new Error(`${label} dev wallet: no window to register on`);
  return found;
}

/** What every wallet-standard dev wallet is given besides its own settings. */
export interface DevWalletOptions {
  readonly name: string;
  /** A base64 data URI (wallet-standard requires one). */
  readonly icon: WalletIcon;
  /** Where to register; defaults to the global `window`. */
  readonly host?: WalletHost;
  readonly storage?: StorageLike;
  readonly storageKey?: string;
}

/** A dev wallet's window, its `change` emitter and the state it keeps (JSON under one storage key). */
export interface DevWalletBase<P extends object> {
  readonly host: WalletHost;
  readonly events: ChangeEmitter;
  /** The state kept by an earlier page ({} when there is none or it cannot be read). */
  readonly persisted: Partial<P>;
  persist(state: P): void;
}

/**
 * The window (`label` names the wallet in the error when there is none), the emitter and the kept
 * state of a dev wallet: in `options.storage` (default the window's localStorage) under
 * `options.storageKey`, else `defaultKey`.
 */
export function devWalletBase<P extends object>(label: string, options: DevWalletOptions, defaultKey: string): DevWalletBase<P> {
  const host = walletHost(label, options.host);
  const storage = safeStorage(host, options.storage);
  const key = options.storageKey ?? defaultKey;
  return { host, events: new ChangeEmitter(), persisted: readJson<P>(storage, key), persist: (state) => writeJson(storage, key, state) };
}

/** A dev wallet's authorisation as the standard features see it. */
export interface StandardAuthorization {
  readonly events: ChangeEmitter;
  /** True once the user has let the app see accounts. */
  isAuthorized(): boolean;
  /** Asks the user (approve, which may throw the rejection) and authorises; emits `change`. */
  authorize(): void;
  /** Forgets the authorisation; emits `change` when there was one. */
  disconnect(): void;
  /** The accounts the app may see now. */
  accounts(): readonly WalletAccount[];
}

/**
 * standard:connect (a `silent` connect never prompts: it answers the authorised accounts or
 * none), standard:disconnect and standard:events over a wallet's own authorisation.
 */
export function standardFeatures(auth: StandardAuthorization) {
  return {
    'standard:connect': {
      version: '1.0.0',
      connect: async (input?: StandardConnectInput): Promise<StandardConnectOutput> => {
        if (!auth.isAuthorized()) {
          if (input?.silent) return { accounts: [] };
          auth.authorize();
        }
        return { accounts: auth.accounts() };
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      disconnect: async (): Promise<void> => auth.disconnect(),
    },
    'standard:events': {
      version: '1.0.0',
      on: (event: string, listener: (p: object) => void) => auth.events.on(event, listener),
    },
  } as const;
}

/**
 * The frozen wallet-standard Wallet (version 1.0.0) whose `accounts` are read live, registered
 * with every app on `host` now and later. Returns it with the function that unregisters it.
 */
export function publishWallet(
  fields: { name: string; icon: WalletIcon; chains: readonly `${string}:${string}`[]; features: Wallet['features']; accounts: () => readonly WalletAccount[] },
  host: WalletHost,
): { wallet: Wallet; unregister: () => void } {
  const wallet: Wallet = Object.freeze({
    version: '1.0.0' as const,
    name: fields.name,
    icon: fields.icon,
    chains: fields.chains,
    features: fields.features,
    get accounts() {
      return fields.accounts();
    },
  });
  return { wallet, unregister: registerWallet(wallet, host) };
}
