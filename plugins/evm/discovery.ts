/**
 * Browser-wallet discovery for eip155: EIP-6963 announcements plus the legacy
 * `window.ethereum`. Pure: it only touches the window-like object it is given,
 * and it imports no code (this file ships in the host's entry bundle).
 */
import type { Connector, Eip1193Provider } from 'latchkey';

/**
 * A wallet's name as latchkey/encoding's `displayText(name, MAX_NAME, true)` cleans it, written out here
 * because this file runs before the connect button works and the manifest imports nothing from
 * `latchkey` at run time: a value import brings the kernel entry's module set-up along (+163 B
 * gzip on the start path, measured). discovery.test.ts checks both clean alike.
 */
// eslint-disable-next-line no-control-regex
const HIDDEN_OR_MARKUP = /[\0-\x08\x0e-\x1f\x7f-\x84\x86-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufffd<>]/g;
export const cleanWalletName = (name: string): string | undefined =>
  Array.from(name.slice(0, 4096).replace(HIDDEN_OR_MARKUP, '').replace(/[\s\x85]+/g, ' ').trim()).slice(0, MAX_NAME).join('').trimEnd() || undefined;

/** `detail` of an `eip6963:announceProvider` event. */
export interface Eip6963ProviderDetail {
  readonly info: { readonly uuid: string; readonly name: string; readonly icon: string; readonly rdns: string };
  readonly provider: Eip1193Provider;
}

/** The part of `window` discovery uses; a plain EventTarget with an `ethereum` field will do. */
export interface DiscoveryWindow {
  addEventListener(type: string, listener: (event: any) => void): void;
  removeEventListener(type: string, listener: (event: any) => void): void;
  dispatchEvent(event: Event): boolean;
  readonly ethereum?: unknown;
  readonly Event?: typeof Event;
}

/** Where discovered connectors go (the kernel's ConnectorRegistry fits). */
export interface DiscoverySink {
  add(connector: Connector): void;
  remove(id: string): void;
}

export interface DiscoveryOptions {
  readonly enableEIP6963?: boolean;
  readonly enableInjected?: boolean;
  /** Most announced wallets kept (distinct rdns); later ones are ignored. Default {@link MAX_ANNOUNCED_WALLETS}. */
  readonly maxAnnounced?: number;
}

/**
 * A page (spam, or a buggy extension) may announce thousands of providers. A real browser
 * has a handful of wallet extensions: beyond this many distinct rdns, announcements are
 * ignored (and said so once in the console).
 */
export const MAX_ANNOUNCED_WALLETS = 32;

/** Limits on what an announcement may carry (EIP-6963 info); anything beyond is refused. */
const MAX_NAME = 64;
const MAX_RDNS = 255;
const MAX_UUID = 128;
/** An icon is a data: URI (EIP-6963); 128 KiB is generous for an SVG or PNG logo. */
const MAX_ICON = 128 * 1024;
const RDNS = /^[a-z0-9-]+(\.[a-z0-9_-]+)+$/i;
const ICON = /^data:image\/(svg\+xml|png|jpeg|webp|gif)[;,]/i;

/** Id of the connector made from `window.ethereum`. */
const INJECTED_CONNECTOR_ID = 'injected';

/**
 * Flags wallets set on `window.ethereum`, most specific first (several wallets
 * also set `isMetaMask` for compatibility), with the rdns they announce under
 * EIP-6963 so the registry can de-duplicate the two.
 */
const INJECTED_FLAGS: readonly (readonly [flag: string, name: string, rdns: string])[] = [
  ['isBraveWallet', 'Brave Wallet', 'com.brave.wallet'],
  ['isRabby', 'Rabby Wallet', 'io.rabby'],
  ['isCoinbaseWallet', 'Coinbase Wallet', 'com.coinbase.wallet'],
  ['isTrust', 'Trust Wallet', 'com.trustwallet.app'],
  ['isPhantom', 'Phantom', 'app.phantom'],
  ['isOkxWallet', 'OKX Wallet', 'com.okex.wallet'],
  ['isZerion', 'Zerion', 'io.zerion.wallet'],
  ['isMetaMask', 'MetaMask', 'io.metamask'],
];

function isProvider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as Eip1193Provider).request === 'function';
}


/** A well-formed announcement, with its name cleaned and its icon dropped unless it is a bounded data: image; else undefined. */
function readDetail(value: unknown): Eip6963ProviderDetail | undefined {
  try {
    const info = (value as Eip6963ProviderDetail | undefined)?.info;
    const provider = (value as Eip6963ProviderDetail | undefined)?.provider;
    if (typeof info !== 'object' || info === null || !isProvider(provider)) return undefined;
    const { rdns, uuid, name, icon } = info;
    if (typeof rdns !== 'string' || rdns.length > MAX_RDNS || !RDNS.test(rdns)) return undefined;
    if (typeof uuid !== 'string' || uuid === '' || uuid.length > MAX_UUID || typeof name !== 'string') return undefined;
    const clean = cleanWalletName(name);
    if (clean === undefined) return undefined;
    const safeIcon = typeof icon === 'string' && icon.length <= MAX_ICON && ICON.test(icon) ? icon : '';
    return { info: { rdns, uuid, name: clean, icon: safeIcon }, provider };
  } catch {
    return undefined; // a getter that throws: not a wallet
  }
}

/** The connector for an announced wallet. */
function announcedConnector(detail: Eip6963ProviderDetail): Connector {
  const { info, provider } = detail;
  return {
    id: info.rdns,
    name: info.name,
    type: 'ANNOUNCED',
    chain: 'eip155',
    imageUrl: info.icon || undefined,
    info: { rdns: info.rdns, uuid: info.uuid },
    provider,
    installed: true,
  };
}

/** The connector for a legacy `window.ethereum`, named after its flags ('Browser Wallet' when none match). */
function injectedConnector(provider: Eip1193Provider): Connector {
  const flags = provider as unknown as Record<string, unknown>;
  const match = INJECTED_FLAGS.find(([flag]) => flags[flag] === true);
  return {
    id: INJECTED_CONNECTOR_ID,
    name: match ? match[1] : 'Browser Wallet',
    type: 'INJECTED',
    chain: 'eip155',
    info: match ? { rdns: match[2] } : undefined,
    provider,
    installed: true,
  };
}

/**
 * Starts discovery on `win` and reports connectors to `sink`:
 * - listens for `eip6963:announceProvider` (late announcements included),
 *   then dispatches `eip6963:requestProvider`;
 * - adds `window.ethereum` as an INJECTED connector unless an announced wallet
 *   already has the same rdns or the same provider object. A later
 *   announcement of that provider replaces it (ANNOUNCED wins). When
 *   `window.ethereum` is not there yet, waits for `ethereum#initialized`.
 *
 * Returns a disposer that removes every listener. No window (server) → no-op.
 */
export function discoverEvmWallets(
  win: DiscoveryWindow | undefined,
  sink: DiscoverySink,
  options: DiscoveryOptions = {},
): () => void {
  if (!win || typeof win.addEventListener !== 'function') return () => {};
  const enable6963 = options.enableEIP6963 !== false;
  const enableInjected = options.enableInjected !== false;
  const maxAnnounced = options.maxAnnounced ?? MAX_ANNOUNCED_WALLETS;
  const announced = new Map<string, Eip6963ProviderDetail>();
  let injected: Connector | undefined;
  let warned = false;
  const disposers: (() => void)[] = [];

  const sharesWithAnnounced = (c: Connector): boolean => {
    for (const d of announced.values()) {
      if (d.provider === c.provider || (c.info?.rdns !== undefined && d.info.rdns === c.info.rdns)) return true;
    }
    return false;
  };

  const onAnnounce = (event: { detail?: unknown }): void => {
    const detail = readDetail(event?.detail);
    if (!detail) return;
    const previous = announced.get(detail.info.rdns);
    // Wallets announce again on every request; the same provider adds nothing new.
    if (previous && previous.provider === detail.provider) return;
    if (!previous && announced.size >= maxAnnounced) {
      if (!warned) console.warn(`[latchkey] more than ${maxAnnounced} EIP-6963 wallets announced; ignoring the rest`);
      warned = true;
      return;
    }
    announced.set(detail.info.rdns, detail);
    if (injected && sharesWithAnnounced(injected)) {
      sink.remove(injected.id);
      injected = undefined;
    }
    sink.add(announcedConnector(detail));
  };

  const addInjected = (): boolean => {
    const provider = win.ethereum;
    if (!isProvider(provider)) return false;
    const connector = injectedConnector(provider);
    if (!sharesWithAnnounced(connector)) {
      injected = connector;
      sink.add(connector);
    }
    return true;
  };

  if (enable6963) {
    win.addEventListener('eip6963:announceProvider', onAnnounce);
    disposers.push(() => win.removeEventListener('eip6963:announceProvider', onAnnounce));
    const EventCtor = win.Event ?? Event;
    win.dispatchEvent(new EventCtor('eip6963:requestProvider'));
  }

  if (enableInjected && !addInjected()) {
    const onInitialized = (): void => {
      win.removeEventListener('ethereum#initialized', onInitialized);
      addInjected();
    };
    win.addEventListener('ethereum#initialized', onInitialized);
    disposers.push(() => win.removeEventListener('ethereum#initialized', onInitialized));
  }

  return () => {
    for (const dispose of disposers.splice(0)) dispose();
  };
}
