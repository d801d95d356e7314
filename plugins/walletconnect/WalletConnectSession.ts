/**
 * The WalletConnect session service (loaded with the plugin's module): owns the
 * universal provider, the pairing link and its lifetime, and answers the
 * EIP-1193 requests of the `walletConnect` connector.
 *
 * Pairing: `connect()` publishes a `wc:` link (state `wcUri`, `wcPairingExpiry`)
 * and waits for the wallet's approval. A link lives 4 minutes and counts as
 * expired 10 s before; while a connect waits, an expired link is replaced by a
 * fresh one (a timer, on the injectable clock of Environment). Every waiting
 * connect resolves with whichever pairing the wallet approves. On a phone in
 * Telegram or iOS Safari, a new connect reuses an unexpired link.
 *
 * Prewarm: `prewarm()` prepares a pairing before anybody asks for it (the plugin's start hook
 * calls it when the modal opens on a desktop, or on intent: see ./prewarm). Its link is published
 * like any other and renewed while it lives unused; the next connect adopts it instead of making
 * a new one, so the pairing view shows the QR code in its first frame. Nobody is told of its
 * failure (no alert, no error state: the view's own connect tries again and reports), and it stops
 * when the modal closes unused.
 *
 * A connect may carry an AbortSignal: when it aborts (the visitor chose another wallet), that
 * connect stops waiting, and the pairing stops when nobody waits for it any more.
 *
 * The relay link: while a session exists and the relay socket is down, `connectionLost` is
 * true (and on the accounts of the session's namespaces); requests to the wallet then wait at
 * most `lostConnectionTimeoutMs` for the relay to come back (RelayConnectionLostError), and
 * `cancelRequests()` ends their wait at once. WalletConnect reconnects by itself; the flag
 * clears when it has.
 *
 * The provider's creation (Verify included): ./providerLifecycle; its events: ./providerEvents.
 */
import { inject, injectable } from 'inversify';
import { Subject } from 'rxjs';
import {
  Account,
  Alerts,
  ConnectorRegistry,
  Environment,
  Events,
  Modal,
  Options,
  Store,
  parseCaipNetworkId,
  type CaipNetwork,
} from 'latchkey';
import { ProviderDisconnectedError, RequestAbortedError, UserRejectedRequestError, assertSendCallsParams } from 'latchkey/errors';
import { buildNamespaces } from './sessionNamespaces';
import { sessionChains } from './namespaces/context';
import { isPairingExpired, msUntilExpired, pairingExpiry, shouldReusePairing } from './pairing';
import { settleStartupReplay } from './startupReplay';
import { peerWallet } from './peerWallet';
import { InflightRequests } from './inflightRequests';
import { watchRelay } from './relayWatchdog';
import { Eip155Bridge } from './eip155Bridge';
import { ProviderLifecycle } from './providerLifecycle';
import { listenToProvider } from './providerEvents';
import {
  UniversalProviderInit,
  WalletConnectConfig,
  type NamespaceEvent,
  type SessionEvent,
  type UniversalProviderLike,
  type WalletConnectPluginConfig,
  type WalletConnectSession,
  type WalletConnectState,
} from './types';

const INITIAL_WALLETCONNECT_STATE: WalletConnectState = {
  wcUri: undefined,
  wcPairingExpiry: undefined,
  wcLinking: undefined,
  recentWallet: undefined,
  wcError: false,
  error: undefined,
  buffering: false,
  status: 'idle',
  connectionLost: false,
};

/** CAIP-10 accounts of a session ('eip155:1:0xabc…'), every namespace. */
function sessionAccounts(provider: UniversalProviderLike): string[] {
  const namespaces = provider.session?.namespaces ?? {};
  return Object.values(namespaces).flatMap((n) => [...(n.accounts ?? [])]);
}

interface Waiter {
  resolve(accounts: readonly string[]): void;
  reject(err: unknown): void;
}

@injectable()
export class WalletConnectSessionImpl implements WalletConnectSession {
  private readonly store = new Store<WalletConnectState>(INITIAL_WALLETCONNECT_STATE);
  readonly state$ = this.store.state$;
  private readonly sessionEvents = new Subject<SessionEvent>();
  readonly events$ = this.sessionEvents.asObservable();
  private readonly scoped = new Subject<NamespaceEvent>();
  readonly namespaceEvents$ = this.scoped.asObservable();
  /** Chain reference per non-eip155 namespace, following switches and the wallet's chainChanged. */
  private readonly chains = new Map<string, string>();
  private readonly lifecycle: ProviderLifecycle;
  private waiters: Waiter[] = [];
  /** Id of the pairing attempt whose outcome counts (older ones were replaced). */
  private attempt = 0;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The eip155 EIP-1193 requests, and the chain they go to. */
  private readonly eip155: Eip155Bridge;
  private readonly requests: InflightRequests;
  /** The pairing under way was prepared by prewarm() and no connect has adopted it yet. */
  private prewarmed = false;
  /** Until the provider's sign client has run its start-up replay, no pairing link is shown (./startupReplay). */
  private linkGate: Promise<void> | undefined;

  constructor(
    @inject(Options) private readonly options: Options,
    @inject(Environment) private readonly env: Environment,
    @inject(Alerts) private readonly alerts: Alerts,
    @inject(Events) events: Events,
    @inject(Modal) private readonly modal: Modal,
    @inject(ConnectorRegistry) private readonly connectors: ConnectorRegistry,
    @inject(Account) private readonly account: Account,
    @inject(UniversalProviderInit) initProvider: (opts: Record<string, unknown>) => Promise<UniversalProviderLike>,
    @inject(WalletConnectConfig) config: WalletConnectPluginConfig,
  ) {
    const store = this.store;
    this.lifecycle = new ProviderLifecycle({ options, config, alerts, events, store, init: initProvider, started: (provider, own) => this.onStarted(provider, own) });
    this.requests = new InflightRequests(config, () => this.state.connectionLost);
    this.eip155 = new Eip155Bridge({
      alerts,
      networks: () => this.networks(),
      provider: () => this.provider(),
      connect: () => this.connect(),
      disconnect: () => this.disconnect(),
      guard: (work) => this.requests.guard(work),
    });
    // Closing the modal stops a pairing nobody is looking at (the waiting connect rejects), and
    // one that was prepared and never used.
    this.modal.onDidClose$.subscribe(() => {
      if (this.state.status === 'pairing' && this.waiters.length > 0) this.cancel();
      else if (this.prewarmed) this.dropPrewarm();
    });
  }

  get state(): WalletConnectState {
    return this.store.state;
  }

  provider(): Promise<UniversalProviderLike> {
    return this.lifecycle.ensure(true);
  }

  /** The provider is up: its events come here, its relay socket is watched, and one we started runs its start-up replay before any link. */
  private onStarted(provider: UniversalProviderLike, own: boolean): void {
    listenToProvider(provider, {
      uri: (uri) => this.showUri(uri),
      approved: () => this.onApproved(provider),
      deleted: (reason) => this.onDeleted(reason),
      accountsChanged: (accounts) => this.sessionEvents.next({ type: 'accountsChanged', accounts }),
      chainChanged: (chain) => {
        const hex = this.eip155.chainChanged(chain);
        if (hex) this.sessionEvents.next({ type: 'chainChanged', chainId: hex });
      },
      namespaceEvent: (event) => {
        if (event.type === 'chainChanged' && event.namespace !== 'eip155') this.chains.set(event.namespace, event.chainId.slice(event.namespace.length + 1));
        this.scoped.next(event);
      },
    });
    watchRelay(provider, { store: this.store, account: this.account, connectors: this.connectors, requests: this.requests });
    // A provider we started: its sign client's start-up replay before any link (./startupReplay).
    if (own) this.holdLinksFor(settleStartupReplay(provider));
  }

  /** The wallet ended the session. */
  private onDeleted(reason: unknown): void {
    this.eip155.setChain(undefined);
    this.chains.clear();
    this.requests.failAll(new ProviderDisconnectedError({ details: 'The wallet ended the WalletConnect session.' }));
    this.store.patch({ status: 'idle', connectionLost: false });
    this.sessionEvents.next({ type: 'disconnect', reason });
    this.scoped.next({ type: 'disconnect', origin: 'wallet', reason });
  }

  async connect(options: { readonly signal?: AbortSignal } = {}): Promise<readonly string[]> {
    const { signal } = options;
    if (signal?.aborted) throw signal.reason;
    const provider = await this.provider();
    if (provider.session) {
      this.store.patch({ status: 'connected' });
      return sessionAccounts(provider);
    }
    const done = new Promise<readonly string[]>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject };
      this.waiters.push(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          if (!this.waiters.includes(waiter)) return;
          // This connect was left; the pairing stops when nobody else waits for it.
          this.waiters = this.waiters.filter((w) => w !== waiter);
          if (this.waiters.length === 0 && this.state.status === 'pairing') this.stopPairing();
          reject(signal.reason);
        },
        { once: true },
      );
    });
    const s = this.state;
    const generating = s.status === 'pairing' && s.buffering;
    const prepared = this.prewarmed && s.status === 'pairing' && s.wcUri !== undefined && !isPairingExpired(s.wcPairingExpiry, this.env.now());
    const reuse = prepared || (s.wcUri !== undefined && shouldReusePairing(this.env, s.wcPairingExpiry, this.env.now()));
    // A prepared pairing (ready or being generated) is this connect's from now on.
    this.prewarmed = false;
    if (generating || reuse) {
      this.store.patch({ status: 'pairing', wcError: false, error: undefined });
      if (reuse) this.scheduleExpiry();
    } else if (this.options.state.manualWCControl) {
      // The host pairs the provider itself; we show its URI and wait for its session.
      this.store.patch({ status: 'pairing', wcError: false, error: undefined });
    } else {
      this.startPairing(provider);
    }
    return done;
  }

  async prewarm(): Promise<void> {
    if (!this.mayPrewarm()) return;
    let provider: UniversalProviderLike;
    try {
      provider = await this.lifecycle.ensure(false);
    } catch {
      return; // said nothing: the view's own connect tries again and reports
    }
    // Things may have moved while the provider started (a connect began, the modal closed).
    if (provider.session || !this.mayPrewarm()) return;
    this.prewarmed = true;
    this.startPairing(provider);
  }

  private mayPrewarm(): boolean {
    const o = this.options.state;
    return !o.manualWCControl && o.enableWalletConnect !== false && this.modal.state.open && this.waiters.length === 0 && this.state.status === 'idle';
  }

  /** A prepared pairing nobody used: its link goes, it is no longer renewed, a late answer to it no longer counts. */
  private dropPrewarm(): void {
    this.prewarmed = false;
    this.attempt++;
    this.clearExpiryTimer();
    if (this.state.status === 'pairing') this.store.patch({ status: 'idle', buffering: false, wcUri: undefined, wcPairingExpiry: undefined });
    // Its relay subscription goes too (and any other pairing no session came from); not on a
    // provider the host gave, whose pairings are the host's business.
    const started = this.lifecycle.current;
    const own = started !== undefined && started !== this.options.state.universalProvider ? started : undefined;
    if (own && !own.session) own.cleanupPendingPairings?.({ deletePairings: true }).catch(() => undefined);
  }

  async refreshPairing(): Promise<void> {
    if (this.state.status !== 'pairing' || (this.waiters.length === 0 && !this.prewarmed) || this.options.state.manualWCControl) return;
    const provider = await this.provider();
    if (provider.session) return this.onApproved(provider);
    this.startPairing(provider);
  }

  private startPairing(provider: UniversalProviderLike): void {
    const id = ++this.attempt;
    this.clearExpiryTimer();
    this.store.patch({ status: 'pairing', buffering: true, wcUri: undefined, wcPairingExpiry: undefined, wcError: false, error: undefined });
    const optionalNamespaces = buildNamespaces(this.networks(), this.options.state.customRpcUrls);
    provider.connect({ optionalNamespaces }).then(
      () => {
        if (id === this.attempt) this.onApproved(provider);
      },
      (err: unknown) => {
        if (id !== this.attempt) return; // replaced by a fresher link: its end does not count
        if (this.prewarmed && this.waiters.length === 0) return this.dropPrewarm(); // unused: nobody to tell
        this.fail(err);
      },
    );
  }

  private fail(err: unknown): void {
    this.clearExpiryTimer();
    this.alerts.showProviderError(err);
    const error = err instanceof Error ? err : new Error(typeof err === 'string' ? err : 'WalletConnect pairing failed');
    this.store.patch({ status: 'error', wcError: true, error, buffering: false });
    this.settle((w) => w.reject(err));
  }

  private onApproved(provider: UniversalProviderLike): void {
    if (!provider.session) return;
    this.attempt++;
    this.prewarmed = false;
    this.clearExpiryTimer();
    this.eip155.setChain(undefined);
    const recent = this.state.recentWallet;
    this.store.patch({ status: 'connected', wcUri: undefined, wcPairingExpiry: undefined, buffering: false, wcError: false, error: undefined, wcLinking: undefined, connectionLost: false });
    if (recent) this.connectors.addRecent(recent);
    const accounts = sessionAccounts(provider);
    this.settle((w) => w.resolve(accounts));
  }

  private settle(fn: (w: Waiter) => void): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) fn(w);
  }

  private holdLinksFor(gate: Promise<void> | undefined): void {
    this.linkGate = gate;
    void gate?.then(() => {
      if (this.linkGate === gate) this.linkGate = undefined;
    });
  }

  /** A link from the provider: shown now, or once its sign client has run its start-up replay; not when its pairing stopped meanwhile. */
  private showUri(uri: string): void {
    const gate = this.linkGate;
    if (!gate) return this.setUri(uri);
    const id = this.attempt;
    void gate.then(() => {
      if (id === this.attempt) this.setUri(uri);
    });
  }

  setUri(uri: string): void {
    const expiry = pairingExpiry(this.env.now());
    this.store.patch({ wcUri: uri, wcPairingExpiry: expiry, buffering: false, wcError: false, error: undefined, status: this.state.status === 'connected' ? 'connected' : 'pairing' });
    this.scheduleExpiry();
  }

  /** While a connect waits, a link that counts as expired is replaced by a fresh one. */
  private scheduleExpiry(): void {
    this.clearExpiryTimer();
    const expiry = this.state.wcPairingExpiry;
    if (expiry === undefined) return;
    const wait = msUntilExpired(expiry, this.env.now());
    this.expiryTimer = setTimeout(() => {
      this.expiryTimer = undefined;
      if (this.state.wcPairingExpiry !== expiry) return;
      if (!isPairingExpired(expiry, this.env.now())) return this.scheduleExpiry();
      void this.refreshPairing().catch(() => undefined);
    }, wait);
  }

  private clearExpiryTimer(): void {
    if (this.expiryTimer !== undefined) clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
  }

  cancel(reason?: Error): void {
    this.stopPairing();
    this.settle((w) => w.reject(reason ?? new UserRejectedRequestError({ details: 'The modal was closed before a wallet approved the pairing.' })));
  }

  /** The pairing stops: its link is no longer renewed and a late answer to it no longer counts. */
  private stopPairing(): void {
    this.attempt++;
    this.prewarmed = false;
    this.clearExpiryTimer();
    this.store.patch({ status: 'idle', buffering: false });
  }

  cancelRequests(): void {
    this.requests.failAll(new RequestAbortedError({ details: 'The request to the wallet was cancelled.' }));
  }

  peerWallet(): { readonly name: string; readonly icon?: string } | undefined {
    return peerWallet(this.lifecycle.current?.session?.peer?.metadata);
  }

  async disconnect(): Promise<void> {
    this.prewarmed = false;
    this.clearExpiryTimer();
    const pending = this.lifecycle.pending;
    const provider = pending ? await pending.catch(() => undefined) : undefined;
    this.eip155.setChain(undefined);
    this.chains.clear();
    this.requests.failAll(new ProviderDisconnectedError({ details: 'The WalletConnect session was ended.' }));
    this.store.set({ ...INITIAL_WALLETCONNECT_STATE });
    if (provider?.session) {
      const topic = provider.session.topic;
      try {
        await provider.disconnect();
      } catch (err) {
        this.alerts.showProviderError(err);
        throw err;
      }
      // Every namespace of the session ends with it. Told on the next task, so the disconnect
      // that ended it (the kernel's, for one namespace) finishes before the others hear of it.
      setTimeout(() => {
        this.sessionEvents.next({ type: 'disconnect', reason: { topic, origin: 'dapp' } });
        this.scoped.next({ type: 'disconnect', origin: 'dapp', reason: { topic } });
      }, 0);
    }
  }

  currentProvider(): UniversalProviderLike | undefined {
    return this.lifecycle.current;
  }

  async request<T = unknown>(args: { method: string; params?: unknown }, caipChainId: string): Promise<T> {
    const provider = await this.provider();
    if (!provider.session) throw new ProviderDisconnectedError({ details: 'No WalletConnect session.' });
    if (args.method === 'wallet_sendCalls') assertSendCallsParams(args.params);
    try {
      return await this.requests.guard(() => provider.request<T>({ method: args.method, ...(args.params === undefined ? {} : { params: args.params }) }, caipChainId));
    } catch (err) {
      this.alerts.showProviderError(err);
      throw err;
    }
  }

  activeChain(namespace: string): string | undefined {
    const provider = this.lifecycle.current;
    const ns = provider?.session?.namespaces[namespace];
    if (!provider || !ns) return undefined;
    if (namespace === 'eip155') return `eip155:${this.eip155.currentChain(provider)}`;
    const approved = sessionChains(ns);
    const tracked = this.chains.get(namespace);
    if (tracked && approved.includes(`${namespace}:${tracked}`)) return `${namespace}:${tracked}`;
    const fromProvider = (provider as { rpcProviders?: Record<string, { getDefaultChain?(): string }> }).rpcProviders?.[namespace]?.getDefaultChain?.();
    if (fromProvider && approved.includes(`${namespace}:${fromProvider}`)) return `${namespace}:${fromProvider}`;
    return approved[0];
  }

  setActiveChain(caipChainId: string): void {
    const provider = this.lifecycle.current;
    if (!provider?.session) return;
    const namespace = caipChainId.split(':')[0]!;
    const ref = parseCaipNetworkId(caipChainId).chainId;
    const rpc = this.networks().find((n) => n.caipNetworkId === caipChainId)?.rpcUrls.default.http[0];
    provider.setDefaultChain(caipChainId, rpc);
    if (namespace === 'eip155') this.eip155.setChain(ref);
    else this.chains.set(namespace, ref);
  }

  /** Clears the pairing (spec section 4: a disconnect resets the pairing). */
  resetPairing(): void {
    this.prewarmed = false;
    this.clearExpiryTimer();
    this.store.patch({ wcUri: undefined, wcPairingExpiry: undefined, wcLinking: undefined, wcError: false, error: undefined, buffering: false });
  }

  setWcLinking(wcLinking: WalletConnectState['wcLinking']): void {
    this.store.patch({ wcLinking });
  }

  setRecentWallet(recentWallet: WalletConnectState['recentWallet']): void {
    this.store.patch({ recentWallet });
  }

  /** An EIP-1193 request of the eip155 namespace (./eip155Bridge). */
  eip1193Request(args: { method: string; params?: unknown }): Promise<unknown> {
    return this.eip155.request(args);
  }

  private networks(): readonly CaipNetwork[] {
    return this.options.state.networks;
  }
}
