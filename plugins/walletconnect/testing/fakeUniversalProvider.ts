/**
 * A scripted stand-in for @walletconnect/universal-provider, for unit and jsdom
 * tests of the universal adapter: pairing publishes a link and waits for
 * approve(namespaces); wallet requests are answered from `answers` (a value or a
 * function of the params) and recorded with their chain.
 */
import type { UniversalProviderLike } from '../types';

type Listener = (...args: any[]) => void;
type Namespaces = NonNullable<UniversalProviderLike['session']>['namespaces'];

export interface RecordedRequest {
  readonly method: string;
  readonly params: unknown;
  readonly chain: string | undefined;
}

export class FakeUniversalProvider implements UniversalProviderLike {
  session: UniversalProviderLike['session'];
  readonly listeners = new Map<string, Set<Listener>>();
  readonly connectCalls: Record<string, unknown>[] = [];
  readonly pending: { resolve(v: unknown): void; reject(e: unknown): void }[] = [];
  readonly requests: RecordedRequest[] = [];
  readonly clientRequests: { topic: string; chainId: string; request: { method: string; params?: unknown } }[] = [];
  readonly defaultChains: string[] = [];
  /** eip155 chain reference the provider's EVM sub-provider is on. */
  evmChain: string | undefined;
  disconnects = 0;
  answers: Record<string, unknown | ((params: unknown, chain: string | undefined) => unknown)> = {};
  readonly client: NonNullable<UniversalProviderLike['client']> & { formatAuthMessage?: (params: { request: any; iss: string }) => string } = {
    request: async (p: { topic: string; chainId: string; request: { method: string; params?: unknown } }) => {
      this.clientRequests.push(p);
      return this.answer(p.request.method, p.request.params, p.chainId);
    },
    core: { verify: { register: async () => '' as string | undefined } },
  };
  readonly rpcProviders = {
    eip155: { getDefaultChain: () => this.evmChain ?? '' },
  };

  emit(event: string, ...args: unknown[]): void {
    for (const fn of [...(this.listeners.get(event) ?? [])]) fn(...args);
  }
  on(event: string, fn: Listener): void {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(fn);
  }
  removeListener(event: string, fn: Listener): void {
    this.listeners.get(event)?.delete(fn);
  }

  /** Calls of `connect` that asked the wallet to sign in while approving (one-click auth), with their `authentication` request. */
  get authenticateCalls(): Record<string, unknown>[] {
    return this.connectCalls.filter((c) => Array.isArray(c['authentication'])).map((c) => (c['authentication'] as Record<string, unknown>[])[0]!);
  }

  /** Set: a one-click `connect` fails with it before any link (the relay refused the publish). */
  publishError: Error | undefined;

  connect(opts: Record<string, unknown>): Promise<unknown> {
    this.connectCalls.push(opts);
    const n = this.connectCalls.length;
    if (this.publishError && opts['authentication']) return Promise.reject(this.publishError);
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      queueMicrotask(() => this.emit('display_uri', `wc:${String(n).padStart(64, '0')}@2?relay-protocol=irn&symKey=${'1'.repeat(64)}`));
    });
  }

  /** The wallet signs in while approving (one-click auth): a session for `accounts` carrying these cacaos; the provider's `connect` event comes first, as the real one's does. */
  approveAuth(accounts: readonly string[], auths: readonly unknown[]): void {
    this.settleSession(accounts, ['personal_sign', 'eth_sendTransaction'], auths);
    this.pending.at(-1)?.resolve(this.session);
  }

  /** The wallet approved a one-click pairing without signing in (it does not know the request): a session, no cacao. */
  fallbackAuth(accounts: readonly string[]): void {
    this.settleSession(accounts, ['personal_sign', 'eth_sendTransaction']);
    this.pending.at(-1)?.resolve(this.session);
  }

  private settleSession(accounts: readonly string[], methods: string[], authentication?: readonly unknown[]): void {
    const chains = [...new Set(accounts.map((a) => a.split(':').slice(0, 2).join(':')))];
    this.session = { topic: 'session-topic', namespaces: { eip155: { accounts: [...accounts], chains, methods } } as Namespaces, ...(authentication ? { authentication } : {}) };
    this.evmChain = accounts[0]?.split(':')[1];
    this.emit('connect', { session: this.session });
  }

  /** The wallet approves the latest pairing with these namespaces (methods default to the proposal's). */
  approve(accounts: Record<string, readonly string[]>): void {
    const proposed = (this.connectCalls.at(-1)?.['optionalNamespaces'] ?? {}) as Record<string, { methods?: string[] }>;
    const namespaces: Record<string, { accounts: string[]; chains: string[]; methods: string[] }> = {};
    for (const [ns, list] of Object.entries(accounts)) {
      namespaces[ns] = {
        accounts: [...list],
        chains: [...new Set(list.map((a) => a.split(':').slice(0, 2).join(':')))],
        methods: proposed[ns]?.methods ?? [],
      };
    }
    this.session = { topic: 'session-topic', namespaces: namespaces as Namespaces };
    const evm = accounts['eip155']?.[0];
    this.evmChain = evm ? evm.split(':')[1] : undefined;
    this.emit('connect', { session: this.session });
    this.pending.at(-1)?.resolve(this.session);
  }

  /** The wallet updates the session's namespaces (chains from the accounts; methods kept), as the provider relays a `session_update`. */
  updateSession(accounts: Record<string, readonly string[]>): void {
    if (!this.session) throw new Error('no session to update');
    const namespaces: Record<string, { accounts: string[]; chains: string[]; methods: string[] }> = {};
    for (const [ns, list] of Object.entries(accounts)) {
      namespaces[ns] = { accounts: [...list], chains: [...new Set(list.map((a) => a.split(':').slice(0, 2).join(':')))], methods: [...(this.session.namespaces[ns]?.methods ?? [])] };
    }
    this.session = { ...this.session, namespaces: namespaces as Namespaces };
    this.emit('session_update', { topic: this.session.topic, params: { namespaces } });
  }

  /** The wallet sends a session event (as the sign client relays it). */
  walletEvent(chainId: string, name: string, data: unknown): void {
    this.emit('session_event', { topic: this.session?.topic, params: { chainId, event: { name, data } } });
  }

  /** The wallet deletes the session. */
  walletDisconnect(): void {
    const topic = this.session?.topic;
    this.session = undefined;
    this.emit('session_delete', { topic });
    this.emit('disconnect', { message: 'User disconnected.', data: topic });
  }

  private answer(method: string, params: unknown, chain: string | undefined): unknown {
    const a = this.answers[method];
    if (typeof a === 'function') return (a as (p: unknown, c: string | undefined) => unknown)(params, chain);
    if (a instanceof Error) throw a;
    return a;
  }

  async request<T>(args: { method: string; params?: unknown }, chain?: string): Promise<T> {
    if (!this.session) throw new Error('Please call connect() before request()');
    this.requests.push({ method: args.method, params: args.params, chain });
    return (await this.answer(args.method, args.params, chain)) as T;
  }

  setDefaultChain(chain: string): void {
    this.defaultChains.push(chain);
    if (chain.startsWith('eip155:')) {
      const prev = this.evmChain;
      this.evmChain = chain.split(':')[1];
      if (prev !== this.evmChain) this.emit('chainChanged', this.evmChain);
    }
  }

  /** Calls of cleanupPendingPairings, with their options. */
  readonly cleanups: unknown[] = [];
  async cleanupPendingPairings(opts?: { deletePairings?: boolean }): Promise<void> {
    this.cleanups.push(opts);
  }

  async disconnect(): Promise<void> {
    this.disconnects++;
    this.session = undefined;
  }
}
