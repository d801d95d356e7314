/**
 * Browser-wallet discovery for eip155: EIP-6963 announcements plus the legacy
 * `window.ethereum`. Pure: it only touches the window-like object it is given,
 * and it imports no code (this file ships in the host's entry bundle).
 */
import type { Connector, Eip1193Provider } from '../../kernel/index';

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
}

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

function isDetail(value: unknown): value is Eip6963ProviderDetail {
  const info = (value as Eip6963ProviderDetail | undefined)?.info;
  return (
    typeof info === 'object' &&
    info !== null &&
    typeof info.rdns === 'string' &&
    info.rdns !== '' &&
    typeof info.uuid === 'string' &&
    typeof info.name === 'string' &&
    isProvider((value as Eip6963ProviderDetail).provider)
  );
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
  const announced = new Map<string, Eip6963ProviderDetail>();
  let injected: Connector | undefined;
  const disposers: (() => void)[] = [];

  const sharesWithAnnounced = (c: Connector): boolean => {
    for (const d of announced.values()) {
      if (d.provider === c.provider || (c.info?.rdns !== undefined && d.info.rdns === c.info.rdns)) return true;
    }
    return false;
  };

  const onAnnounce = (event: { detail?: unknown }): void => {
    const detail = event?.detail;
    if (!isDetail(detail)) return;
    const previous = announced.get(detail.info.rdns);
    // Wallets announce again on every request; the same provider adds nothing new.
    if (previous && previous.provider === detail.provider) return;
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
