/**
 * The wallet list without the modal (a headless twin of AllWallets, for hosts that draw their
 * own connect screen): installed, recent, featured, custom and directory wallets in the order of
 * docs/modal.md#connect-view-order, searchable and paged, and a connect for any of them.
 *
 *   const list = createWalletList(kernel, { pageSize: 20 });
 *   list.state$.subscribe(({ wallets, hasMore, connecting }) => render(…));
 *   list.search('rain'); list.loadMore();
 *   await list.connect(entry); // a browser wallet: its prompt; a directory wallet: WalletConnect
 *
 * A wallet this browser has connects through its connector. One it does not have pairs over
 * WalletConnect (the walletconnect plugin must be registered): `connecting.uri` is the pairing
 * URI for a QR code on desktop; on a phone `connecting.deepLink` opens the wallet app with it
 * (render it as a link the visitor taps; the list also follows it once, as a fallback).
 * Nothing here loads the modal's code.
 */
import { ConnectorNotFoundError } from '../errors/kernel';
import { Store, type Observed } from '../store';
import type { Kernel } from '../createKernel';
import { Environment } from '../services/Environment';
import { WalletDirectory } from '../services/WalletDirectory';
import type { Connector } from '../types';
import type { WalletDirectoryError } from './errors';
import { orderKernelWallets, type WalletListEntry } from './order';
import { searchWallets } from './search';
import type { DirectoryWallet } from './types';

export interface WalletListOptions {
  /** Entries per page (default 40, at least 1). */
  readonly pageSize?: number;
}

export interface WalletConnectAttempt {
  /** The entry's key (WalletListEntry.key). */
  readonly key: string;
  readonly status: 'pending' | 'error';
  /** The WalletConnect pairing URI, once the pairing has one (QR codes, "copy link"). */
  readonly uri: string | undefined;
  /** A link that opens the wallet app with the pairing URI (phones; wallets with a mobile link). */
  readonly deepLink: string | undefined;
  readonly error: unknown;
}

export interface WalletListState {
  /** The first `page × pageSize` entries of the (searched) list. */
  readonly wallets: readonly WalletListEntry[];
  /** Entries of the whole (searched) list. */
  readonly total: number;
  readonly query: string;
  /** Pages shown, from 1. */
  readonly page: number;
  readonly hasMore: boolean;
  /** The wallet directory is being read. */
  readonly loading: boolean;
  /** Why the remote directory could not be read (the catalogue is listed meanwhile). */
  readonly error: WalletDirectoryError | undefined;
  /** The connect in progress or the last one that failed; undefined when none (or it succeeded). */
  readonly connecting: WalletConnectAttempt | undefined;
}

export interface WalletList extends Observed<WalletListState> {
  search(query: string): void;
  loadMore(): void;
  /** Connects the wallet of `entry` (or of the entry with that key); resolves once connected. */
  connect(entry: WalletListEntry | string): Promise<void>;
  /** Stops following the kernel (the list keeps its last state). */
  dispose(): void;
}

/** What the list needs of a kernel (a Kernel, or the UI's slice of one). */
type ListKernel = Pick<Kernel, 'connectors' | 'options' | 'connection' | 'get'>;

const directoryOf = (kernel: ListKernel): WalletDirectory => kernel.get<WalletDirectory>(WalletDirectory);

const DEFAULT_PAGE_SIZE = 40;

/** The kernel's wallet list with its directory's wallets (the same list AllWallets shows). */
export function walletListEntries(kernel: ListKernel): WalletListEntry[] {
  return orderKernelWallets(kernel, directoryOf(kernel).state.wallets);
}

/** `base` ending in one '/' (https and custom schemes); 'metamask:' → 'metamask://'. */
function linkBase(base: string): string {
  if (base.includes('://')) return base.endsWith('/') ? base : `${base}/`;
  return base.endsWith(':') ? `${base}//` : `${base}://`;
}

/**
 * The link that opens `wallet` with a WalletConnect pairing `uri`: universal links
 * (preferred) as `https://host/path/wc?uri=…`, custom schemes as `scheme://wc?uri=…`.
 * Undefined without a mobile link, or for a link that is neither http(s) nor a plain scheme.
 */
export function walletConnectLink(wallet: Pick<DirectoryWallet, 'mobileLink' | 'universalLink'>, uri: string): string | undefined {
  const base = wallet.universalLink ?? wallet.mobileLink;
  if (!base) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(base)?.[1]?.toLowerCase();
  if (!scheme || ['javascript', 'data', 'vbscript', 'file', 'blob'].includes(scheme)) return undefined;
  if (scheme === 'http') return undefined; // universal links are https
  return `${linkBase(base)}wc?uri=${encodeURIComponent(uri)}`;
}

interface UriSource {
  on?(event: string, listener: (uri: unknown) => void): unknown;
  removeListener?(event: string, listener: (uri: unknown) => void): unknown;
}

export function createWalletList(kernel: ListKernel, options: WalletListOptions = {}): WalletList {
  const directory = directoryOf(kernel);
  const pageSize = Math.max(1, Math.floor(options.pageSize ?? DEFAULT_PAGE_SIZE));
  let query = '';
  let page = 1;
  let all: WalletListEntry[] = [];
  let shown: WalletListEntry[] = [];
  let attempt = 0;

  const store = new Store<WalletListState>({
    wallets: [],
    total: 0,
    query,
    page,
    hasMore: false,
    loading: directory.state.loading,
    error: directory.state.error,
    connecting: undefined,
  });

  const publish = () => {
    shown = query.trim() ? searchWallets(all, query) : all;
    const count = Math.min(shown.length, page * pageSize);
    store.patch({
      wallets: shown.slice(0, count),
      total: shown.length,
      query,
      page,
      hasMore: count < shown.length,
      loading: directory.state.loading,
      error: directory.state.error,
    });
  };
  const rebuild = () => {
    all = walletListEntries(kernel);
    publish();
  };

  const subscriptions = [
    kernel.connectors.state$.subscribe(rebuild),
    kernel.options.state$.subscribe(rebuild),
    directory.state$.subscribe(rebuild),
  ];
  void directory.load();

  const walletConnect = (): Connector | undefined => kernel.connectors.state.connectors.find((c) => c.type === 'WALLET_CONNECT');

  async function connectWith(key: string, connectorId: string, pairing: Connector | undefined, wallet: DirectoryWallet | undefined): Promise<void> {
    const mine = ++attempt;
    const current = () => mine === attempt;
    store.patch({ connecting: { key, status: 'pending', uri: undefined, deepLink: undefined, error: undefined } });
    const source = pairing?.provider as UriSource | undefined;
    let followed = false;
    const onUri = (uri: unknown) => {
      if (!current() || typeof uri !== 'string' || !uri.startsWith('wc:')) return;
      const onPhone = kernel.get<Environment>(Environment).isMobile();
      const deepLink = onPhone && wallet ? walletConnectLink(wallet, uri) : undefined;
      store.patch((s) => ({ connecting: s.connecting && { ...s.connecting, uri, deepLink } }));
      if (deepLink && !followed && typeof location !== 'undefined') {
        followed = true;
        location.href = deepLink;
      }
    };
    source?.on?.('display_uri', onUri);
    try {
      await kernel.connection.connect({ connectorId });
      if (current()) store.patch({ connecting: undefined });
    } catch (error) {
      if (current()) store.patch((s) => ({ connecting: { key, status: 'error', uri: s.connecting?.uri, deepLink: s.connecting?.deepLink, error } }));
      throw error;
    } finally {
      source?.removeListener?.('display_uri', onUri);
    }
  }

  return {
    get state() {
      return store.state;
    },
    state$: store.state$,
    search(q: string) {
      query = typeof q === 'string' ? q.slice(0, 200) : '';
      page = 1;
      publish();
    },
    loadMore() {
      if (page * pageSize < shown.length) {
        page += 1;
        publish();
      }
    },
    connect(target: WalletListEntry | string) {
      const key = typeof target === 'string' ? target : target.key;
      const entry = all.find((e) => e.key === key);
      if (!entry) return Promise.reject(new ConnectorNotFoundError(key));
      const c = entry.connector;
      if (c) return connectWith(key, c.id, c.type === 'WALLET_CONNECT' ? c : undefined, entry.wallet);
      const wc = walletConnect();
      if (!wc) return Promise.reject(new ConnectorNotFoundError('walletConnect'));
      return connectWith(key, wc.id, wc, entry.wallet);
    },
    dispose() {
      for (const s of subscriptions) s.unsubscribe();
    },
  };
}
