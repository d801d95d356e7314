/**
 * The Activity service: the connected eip155 account's transactions on the active network,
 * a page at a time from the blockchain API (cursor paging), the chain and spam rules applied.
 */
import { Store, localText, type Account, type BlockchainApi, type ChainNamespace, type Network, type Snackbar } from 'latchkey';
import { hasActivity, visibleTransactions } from './rules';
import { messages } from './messages';
import type { Activity, ActivityState } from './types';

export interface ActivityDeps {
  readonly api: BlockchainApi;
  readonly account: Account;
  readonly network: Network;
  readonly snackbar: Snackbar;
}

const EMPTY: ActivityState = { status: 'idle', key: undefined, items: [], next: undefined, loadingMore: false, empty: false, error: undefined };

export class ActivityService implements Activity {
  private readonly store = new Store<ActivityState>(EMPTY);
  readonly state$ = this.store.state$;
  private generation = 0;
  private refreshing = false;

  constructor(private readonly deps: ActivityDeps) {}

  get state(): ActivityState {
    return this.store.state;
  }

  private target(): { namespace: ChainNamespace | undefined; address: string; caipNetworkId: string | undefined; key: string } {
    const { account, network } = this.deps;
    const namespace = network.state.activeNamespace;
    const acc = namespace ? account.get(namespace) : undefined;
    const address = acc?.status === 'connected' ? acc.address ?? '' : '';
    const caipNetworkId = namespace ? network.state.namespaces[namespace].caipNetwork?.caipNetworkId : undefined;
    return { namespace, address, caipNetworkId, key: `${caipNetworkId ?? ''}:${address}` };
  }

  private fail(error: unknown, key: string): void {
    this.store.set({ ...EMPTY, status: 'error', key, empty: true, error: error instanceof Error ? error : new Error(String(error)) });
    this.deps.snackbar.error(localText(messages, 'fetchFailed'));
  }

  async load(options: { readonly force?: boolean } = {}): Promise<void> {
    const t = this.target();
    if (t.namespace && !hasActivity(t.namespace)) {
      this.store.set({ ...EMPTY, status: 'unsupported', key: t.key, empty: true });
      return;
    }
    if (!this.deps.api.configured) {
      this.store.set({ ...EMPTY, status: 'unavailable', key: t.key, empty: true });
      return;
    }
    const s = this.state;
    if (!options.force && s.key === t.key && s.status === 'loading') return;
    if (!options.force && s.key === t.key && s.status === 'ready') return this.refresh(t);
    const generation = ++this.generation;
    this.store.set({ ...EMPTY, status: 'loading', key: t.key });
    try {
      // Without an account the API client refuses: "Transactions can't be fetched without an accountAddress".
      const page = await this.deps.api.transactions({ account: t.address, ...(t.caipNetworkId ? { caipNetworkId: t.caipNetworkId as `${string}:${string}` } : {}) });
      if (generation !== this.generation) return;
      const items = visibleTransactions(page.data, t.caipNetworkId ?? '');
      this.store.set({ ...EMPTY, status: 'ready', key: t.key, items, next: page.next, empty: items.length === 0 && !page.next });
    } catch (err) {
      if (generation !== this.generation) return;
      this.fail(err, t.key);
    }
  }

  /**
   * The list shown again (the tab shown again, e.g. after a send): the first page is read in the
   * background; when it starts differently, it replaces the list (its later pages load as the
   * list scrolls), else what is shown stays, later pages included. A failure keeps the list.
   */
  private async refresh(t: { address: string; caipNetworkId: string | undefined; key: string }): Promise<void> {
    if (this.refreshing) return;
    const generation = this.generation;
    this.refreshing = true;
    try {
      const page = await this.deps.api.transactions({ account: t.address, ...(t.caipNetworkId ? { caipNetworkId: t.caipNetworkId as `${string}:${string}` } : {}) });
      const s = this.state;
      if (generation !== this.generation || s.key !== t.key || s.status !== 'ready') return;
      const items = visibleTransactions(page.data, t.caipNetworkId ?? '');
      const unchanged = items.length <= s.items.length && items.every((x, i) => x.id === s.items[i]!.id);
      if (!unchanged) this.store.set({ ...EMPTY, status: 'ready', key: t.key, items, next: page.next, empty: items.length === 0 && !page.next });
    } catch {
      // the list shown stays; the next showing tries again
    } finally {
      this.refreshing = false;
    }
  }

  async loadMore(): Promise<void> {
    const t = this.target();
    const s = this.state;
    if (s.key !== t.key || s.status !== 'ready' || !s.next || s.loadingMore) return;
    const generation = this.generation;
    this.store.patch({ loadingMore: true });
    try {
      const page = await this.deps.api.transactions({ account: t.address, cursor: s.next, caipNetworkId: t.caipNetworkId as `${string}:${string}` });
      if (generation !== this.generation) return;
      // A transaction already listed (new blocks may shift pages of other APIs) is not listed twice.
      const seen = new Set(this.state.items.map((x) => x.id));
      const more = visibleTransactions(page.data, t.caipNetworkId ?? '').filter((x) => !seen.has(x.id));
      const items = [...this.state.items, ...more];
      this.store.patch({ items, next: page.next, loadingMore: false, empty: items.length === 0 && !page.next });
    } catch (err) {
      if (generation !== this.generation) return;
      this.fail(err, t.key);
    }
  }

  reset(): void {
    this.generation++;
    this.store.set(EMPTY);
  }
}
