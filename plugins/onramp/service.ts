/**
 * The on-ramp service (docs/account-features.md#on-ramp): the provider list for the connected account, each
 * provider's checkout URL, and the watch for the purchase the visitor started.
 *
 * - Only eip155 and solana have an on-ramp; any other namespace is 'unsupported'.
 * - Every checkout URL is checked once more before it is offered: http(s), no credentials,
 *   at most 2048 characters (a session token getter is host code, its answer is not trusted).
 * - The watch polls the blockchain API (`onramp=<provider>`, docs/account-features.md#blockchain-api) every 3 s for
 *   4 minutes, for a purchase it did not see when the checkout opened; it stops at a final
 *   status (SUCCESS / FAILED) and then refreshes the native balance. Activity is eip155 only
 *   (docs/account-features.md#which-namespaces-have-what), so on solana the purchase is 'untracked'.
 */
import { Store, type Account, type BlockchainApi, type Connection, type Network, type Options } from 'latchkey';
import { ONRAMP_NAMESPACES, parseAmount, parseAsset, providersFor, type CheckoutRequest, type ProviderPlan } from './providers';
import type { Onramp, OnrampConfig, OnrampProviderEntry, OnrampProviderOption, OnrampState, OnrampWatch, Purchase } from './types';

const WATCH_INTERVAL_MS = 3_000;
const WATCH_TIMEOUT_MS = 4 * 60_000;
/** Consecutive failed polls before the watch gives up with 'error'. */
const WATCH_MAX_ERRORS = 3;
/** Why a provider whose URL did not pass the check is listed but cannot open. */
const UNSAFE_URL = 'Checkout address refused';

const STATUS: Readonly<Record<string, OnrampWatch['status']>> = {
  ONRAMP_TRANSACTION_STATUS_SUCCESS: 'success',
  ONRAMP_TRANSACTION_STATUS_FAILED: 'failed',
};

const EMPTY: OnrampState = { key: '', status: 'idle', asset: undefined, amount: undefined, providers: [], watch: undefined };

export interface OnrampDeps {
  readonly network: Network;
  readonly account: Account;
  readonly options: Options;
  readonly blockchainApi: BlockchainApi;
  readonly connection: Pick<Connection, 'refreshBalance'>;
  readonly config: OnrampConfig;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

const sleepMs = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class OnrampImpl implements Onramp {
  private readonly store = new Store<OnrampState>(EMPTY);
  readonly state$ = this.store.state$;
  /** Bumped by every watch, unwatch and reset: an older poll loop stops. */
  private watchSeq = 0;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: OnrampDeps) {
    this.now = deps.now ?? Date.now;
    this.sleep = deps.sleep ?? sleepMs;
  }

  get state(): OnrampState {
    return this.store.state;
  }

  /** The active namespace, network and address, or undefined when not connected. */
  private context() {
    const ns = this.deps.network.state.activeNamespace;
    const network = this.deps.network.state.activeNetwork;
    const address = ns ? this.deps.account.get(ns).address : undefined;
    return ns && network && address ? { ns, network, address } : undefined;
  }

  /** `redirectUrl` of the config, else the dapp's `metadata.url`, when it is an http(s) URL. */
  private redirectUrl(): string | undefined {
    const url = this.deps.config.redirectUrl ?? this.deps.options.state.metadata.url;
    return isUrl(url) ? url : undefined;
  }

  async prepare(params: { readonly asset?: string; readonly amount?: string } = {}): Promise<void> {
    const ctx = this.context();
    if (!ctx) return this.store.set({ ...EMPTY, status: 'disconnected' });
    const asset = parseAsset(params.asset) ?? ctx.network.nativeCurrency.symbol;
    const amount = parseAmount(params.amount);
    const key = [ctx.ns, ctx.network.caipNetworkId, ctx.address, asset, amount ?? ''].join('|');
    if (!ONRAMP_NAMESPACES.includes(ctx.ns)) return this.store.set({ ...EMPTY, key, status: 'unsupported', asset, amount });
    const req: CheckoutRequest = {
      address: ctx.address,
      namespace: ctx.ns,
      caipNetworkId: ctx.network.caipNetworkId,
      asset,
      ...(amount ? { amount } : {}),
      ...(this.redirectUrl() ? { redirectUrl: this.redirectUrl() } : {}),
      projectId: this.deps.options.state.projectId,
    };
    const extra = (this.deps.options.state as { onrampProviders?: readonly OnrampProviderOption[] }).onrampProviders ?? [];
    const plans = providersFor(req, this.deps.config, extra);
    const pending: Promise<void>[] = [];
    const entries = plans.map((plan): OnrampProviderEntry => {
      const base = { id: plan.id, name: plan.name, feeRange: plan.feeRange, iconUrl: plan.iconUrl };
      if (!plan.build) return { ...base, status: 'unavailable', url: undefined, reason: plan.reason };
      let built: string | Promise<string>;
      try {
        built = plan.build();
      } catch (err) {
        return { ...base, status: 'unavailable', url: undefined, reason: reasonOf(err) };
      }
      if (typeof built === 'string') return { ...base, ...checked(built) };
      pending.push(this.finish(key, plan, built));
      return { ...base, status: 'loading', url: undefined, reason: undefined };
    });
    this.store.patch({ key, status: 'ready', asset, amount, providers: entries });
    await Promise.all(pending);
  }

  /** An async checkout URL (Coinbase's session token) arrived: update its entry if the list is still the same. */
  private async finish(key: string, plan: ProviderPlan, built: Promise<string>): Promise<void> {
    let patch: Pick<OnrampProviderEntry, 'status' | 'url' | 'reason'>;
    try {
      patch = checked(await built);
    } catch (err) {
      patch = { status: 'unavailable', url: undefined, reason: reasonOf(err) };
    }
    if (this.state.key !== key) return;
    this.store.patch({ providers: this.state.providers.map((p) => (p.id === plan.id ? { ...p, ...patch } : p)) });
  }

  async watch(provider: string): Promise<void> {
    const seq = ++this.watchSeq;
    const ctx = this.context();
    const set = (watch: Partial<OnrampWatch>) => {
      if (seq === this.watchSeq) this.store.patch({ watch: { provider, status: 'waiting', purchase: undefined, ...this.state.watch, ...watch } });
    };
    this.store.patch({ watch: { provider, status: 'waiting', purchase: undefined } });
    const api = this.deps.blockchainApi;
    if (!ctx || ctx.ns !== 'eip155' || !api.configured) return set({ status: 'untracked' });
    const query = { account: ctx.address, onramp: provider, caipNetworkId: ctx.network.caipNetworkId };
    const started = this.now();
    let seen: Set<string> | undefined;
    let errors = 0;
    while (seq === this.watchSeq) {
      try {
        const page = await api.transactions(query);
        if (seq !== this.watchSeq) return;
        errors = 0;
        if (!seen) seen = new Set(page.data.map((t) => t.id));
        else {
          const tx = page.data.find((t) => !seen!.has(t.id));
          if (tx) {
            const status = STATUS[tx.metadata.status] ?? 'in-progress';
            set({ status, purchase: { ...tx, provider } as Purchase });
            if (status !== 'in-progress') {
              void this.deps.connection.refreshBalance(ctx.ns, { force: true }).catch(() => undefined);
              return;
            }
          }
        }
      } catch {
        if (++errors >= WATCH_MAX_ERRORS) return set({ status: 'error' });
      }
      if (this.now() - started >= WATCH_TIMEOUT_MS) return set({ status: 'timeout' });
      await this.sleep(WATCH_INTERVAL_MS);
    }
  }

  unwatch(): void {
    this.watchSeq++;
    this.store.patch({ watch: undefined });
  }

  reset(): void {
    this.watchSeq++;
    this.store.set(EMPTY);
  }
}

/** An absolute http(s) URL without credentials, of at most 2048 characters (own copy: options.ts stays in the host's entry alone). */
function isUrl(v: unknown): v is string {
  if (typeof v !== 'string' || v.length > 2048) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
  } catch {
    return false;
  }
}

function checked(url: string): Pick<OnrampProviderEntry, 'status' | 'url' | 'reason'> {
  return isUrl(url) ? { status: 'ready', url, reason: undefined } : { status: 'unavailable', url: undefined, reason: UNSAFE_URL };
}

function reasonOf(err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  return message && message.length <= 120 ? message : 'Could not prepare the checkout';
}
