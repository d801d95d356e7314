/**
 * The Portfolio service: balances and NFTs of the connected account on the active network.
 * Balances come from the blockchain API when one is configured, else from the chain (native +
 * the `tokens` option, batched through the RPC transport); zero-decimal tokens are dropped; a
 * failed fetch shows 'Token Balance Unavailable' and blocks the next one for 30 s.
 */
import {
  localText,
  Store,
  type Account,
  type BlockchainApi,
  type CaipNetwork,
  type ChainNamespace,
  type Environment,
  type Network,
  type Options,
  type RpcTransport,
  type Snackbar,
  type TokenBalance,
  type TtlCache,
} from 'latchkey';
import { readChainBalances } from './chain';
import { messages } from './messages';
import { hasBalances, retryBlocked, withoutLowQuality } from './rules';
import type { BalancesState, NftsState, Portfolio, PortfolioState } from './types';

export interface PortfolioDeps {
  readonly api: BlockchainApi;
  readonly account: Account;
  readonly network: Network;
  readonly options: Options;
  readonly rpc: RpcTransport;
  readonly snackbar: Snackbar;
  readonly env: Pick<Environment, 'now'>;
  /** 30 s cache of balances read from the chain (the API's are cached by BlockchainApi). */
  readonly chainCache: TtlCache;
}

const EMPTY_BALANCES: BalancesState = { status: 'idle', key: undefined, balances: [], source: undefined, lastRetry: undefined };
const EMPTY_NFTS: NftsState = { status: 'idle', key: undefined, items: [], next: undefined, loadingMore: false };

const isBalanceList = (v: unknown): v is TokenBalance[] =>
  Array.isArray(v) &&
  v.every((b) => typeof b === 'object' && b !== null && typeof b.symbol === 'string' && typeof b.quantity?.numeric === 'string' && typeof b.quantity?.decimals === 'string');

interface Target {
  readonly namespace: ChainNamespace;
  readonly address: string;
  readonly network: CaipNetwork;
  readonly key: string;
}

export class PortfolioService implements Portfolio {
  private readonly store = new Store<PortfolioState>({ balances: EMPTY_BALANCES, nfts: EMPTY_NFTS });
  readonly state$ = this.store.state$;
  /** Increments on reset, so answers of a previous session are dropped. */
  private generation = 0;
  private balancesInFlight: { key: string; promise: Promise<void> } | undefined;

  constructor(private readonly deps: PortfolioDeps) {}

  get state(): PortfolioState {
    return this.store.state;
  }

  /** The connected account of the active namespace (else the first connected one) and its network. */
  private target(): Target | undefined {
    const { account, network } = this.deps;
    const active = network.state.activeNamespace;
    const namespaces = Object.keys(account.state.namespaces) as ChainNamespace[];
    const ns = active && account.get(active).status === 'connected' ? active : namespaces.find((n) => account.get(n).status === 'connected');
    if (!ns) return undefined;
    const address = account.get(ns).address;
    const net = network.state.namespaces[ns].caipNetwork;
    if (!address || !net) return undefined;
    return { namespace: ns, address, network: net, key: `${net.caipNetworkId}:${address}` };
  }

  private patchBalances(patch: Partial<BalancesState>): void {
    this.store.patch((s) => ({ balances: { ...s.balances, ...patch } }));
  }

  private patchNfts(patch: Partial<NftsState>): void {
    this.store.patch((s) => ({ nfts: { ...s.nfts, ...patch } }));
  }

  refreshBalances(options: { readonly force?: boolean } = {}): Promise<void> {
    const t = this.target();
    if (!t) {
      this.patchBalances({ ...EMPTY_BALANCES, lastRetry: this.state.balances.lastRetry });
      return Promise.resolve();
    }
    if (!hasBalances(t.namespace)) {
      this.patchBalances({ status: 'unsupported', key: t.key, balances: [], source: undefined });
      return Promise.resolve();
    }
    if (retryBlocked(this.state.balances.lastRetry, this.deps.env.now())) {
      // docs/account-features.md#portfolio: retry blocked for 30 s after a failure. What is shown stays.
      if (this.state.balances.key !== t.key) this.patchBalances({ status: 'error', key: t.key, balances: [], source: undefined });
      return Promise.resolve();
    }
    if (this.balancesInFlight?.key === t.key && !options.force) return this.balancesInFlight.promise;
    const promise = this.fetchBalances(t, options.force === true);
    this.balancesInFlight = { key: t.key, promise };
    const clear = () => {
      if (this.balancesInFlight?.promise === promise) this.balancesInFlight = undefined;
    };
    promise.then(clear, clear);
    return promise;
  }

  private async fetchBalances(t: Target, force: boolean): Promise<void> {
    const generation = this.generation;
    const sameKey = this.state.balances.key === t.key;
    this.patchBalances({ status: 'loading', key: t.key, ...(sameKey ? {} : { balances: [], source: undefined }) });
    const { api, options, rpc, chainCache } = this.deps;
    try {
      let balances: readonly TokenBalance[];
      let source: 'api' | 'chain';
      if (api.configured) {
        balances = await api.balances({ address: t.address, caipNetworkId: t.network.caipNetworkId, force });
        source = 'api';
      } else {
        const cached = force ? undefined : chainCache.get(t.key, isBalanceList);
        balances =
          cached ??
          (await readChainBalances({
            reader: rpc.forNetwork(t.network, { batch: true }),
            network: t.network,
            address: t.address,
            tokens: options.state.tokens,
          }));
        if (!cached) chainCache.set(t.key, balances);
        source = 'chain';
      }
      if (generation !== this.generation || this.target()?.key !== t.key) return; // the account or network moved on
      const shown = withoutLowQuality(balances);
      this.patchBalances({ status: 'ready', key: t.key, balances: shown, source, lastRetry: undefined });
      this.deps.account.patch(t.namespace, { tokenBalance: shown });
    } catch {
      if (generation !== this.generation) return;
      const current = this.target()?.key === t.key;
      this.patchBalances({ lastRetry: this.deps.env.now(), ...(current ? { status: 'error', key: t.key } : {}) });
      this.deps.snackbar.error(localText(messages, 'balanceUnavailable'));
    }
  }

  async loadNfts(): Promise<void> {
    const t = this.target();
    if (!t) {
      this.patchNfts(EMPTY_NFTS);
      return;
    }
    if (!hasBalances(t.namespace)) {
      this.patchNfts({ ...EMPTY_NFTS, status: 'unsupported', key: t.key });
      return;
    }
    if (!this.deps.api.configured) {
      this.patchNfts({ ...EMPTY_NFTS, status: 'unavailable', key: t.key });
      return;
    }
    const nfts = this.state.nfts;
    if (nfts.key === t.key && (nfts.status === 'loading' || nfts.status === 'ready')) return;
    const generation = this.generation;
    this.patchNfts({ ...EMPTY_NFTS, status: 'loading', key: t.key });
    try {
      const page = await this.deps.api.nfts({ address: t.address, caipNetworkId: t.network.caipNetworkId });
      if (generation !== this.generation || this.state.nfts.key !== t.key) return;
      this.patchNfts({ status: 'ready', items: page.data.filter((n) => n.chainId === t.network.caipNetworkId), next: page.next });
    } catch {
      if (generation !== this.generation || this.state.nfts.key !== t.key) return;
      this.patchNfts({ status: 'error' });
    }
  }

  async loadMoreNfts(): Promise<void> {
    const t = this.target();
    const nfts = this.state.nfts;
    if (!t || nfts.key !== t.key || nfts.status !== 'ready' || !nfts.next || nfts.loadingMore) return;
    const generation = this.generation;
    this.patchNfts({ loadingMore: true });
    try {
      const page = await this.deps.api.nfts({ address: t.address, caipNetworkId: t.network.caipNetworkId, cursor: nfts.next });
      if (generation !== this.generation || this.state.nfts.key !== t.key) return;
      const items = [...this.state.nfts.items, ...page.data.filter((n) => n.chainId === t.network.caipNetworkId)];
      this.patchNfts({ items, next: page.next, loadingMore: false });
    } catch {
      if (generation !== this.generation || this.state.nfts.key !== t.key) return;
      this.patchNfts({ loadingMore: false });
    }
  }

  reset(): void {
    this.generation++;
    this.balancesInFlight = undefined;
    this.store.set({ balances: EMPTY_BALANCES, nfts: EMPTY_NFTS });
  }
}
