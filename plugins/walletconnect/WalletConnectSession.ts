/**
 * The WalletConnect session service (loaded with the plugin's module): the `WalletConnectSession`
 * the connectors, adapters and views use. It holds the state and the session's events and
 * composes the jobs, one a file: the universal provider's creation (./providerLifecycle) and its
 * events (./providerEvents); the pairing link, its lifetime and the connects waiting for it
 * (./pairing); prewarm (./prewarmedPairing); the lost-connection watchdog (./relayWatchdog) and
 * the requests waiting for the wallet (./inflightRequests); the eip155 EIP-1193 bridge of the
 * `walletConnect` connector (./eip155Bridge); the peer wallet's name and icon (./peerWallet).
 * What stays here: the session's end (either side), its chains per namespace, its requests.
 *
 * The relay link: while a session exists and the relay socket is down, `connectionLost` is
 * true (and on the accounts of the session's namespaces); requests to the wallet then wait at
 * most `lostConnectionTimeoutMs` for the relay to come back (RelayConnectionLostError), and
 * `cancelRequests()` ends their wait at once. WalletConnect reconnects by itself; the flag
 * clears when it has.
 */
import { Subject } from 'rxjs';
import {
  Store,
  parseCaipNetworkId,
  type Account,
  type Alerts,
  type CaipNetwork,
  type ConnectorRegistry,
  type Environment,
  type Events,
  type Modal,
  type Network,
  type Options,
} from 'latchkey';
import { ProviderDisconnectedError, RequestAbortedError, assertSendCallsParams } from 'latchkey/errors';
import { sessionChains } from './namespaces/context';
import { PairingFlow, sessionAccounts } from './pairing';
import { settleStartupReplay } from './startupReplay';
import { ProviderLifecycle } from './providerLifecycle';
import { listenToProvider } from './providerEvents';
import { PairingPrewarm } from './prewarmedPairing';
import { InflightRequests } from './inflightRequests';
import { watchRelay } from './relayWatchdog';
import { Eip155Bridge } from './eip155Bridge';
import { peerWallet } from './peerWallet';
import type {
  PairingSignIn,
  UniversalProviderInit,
  NamespaceEvent,
  SessionEvent,
  UniversalProviderLike,
  WalletConnectPluginConfig,
  WalletConnectSession,
  WalletConnectState,
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

/** The kernel services the session works with, and the plugin's own parts (built by ./module). */
export interface WalletConnectSessionDeps {
  readonly options: Options;
  readonly env: Environment;
  readonly alerts: Alerts;
  readonly events: Events;
  readonly modal: Modal;
  readonly connectors: ConnectorRegistry;
  readonly account: Account;
  readonly network: Network;
  /** `(opts) => UniversalProvider.init(opts)` (UniversalProviderInit; replaced in tests). */
  readonly initProvider: UniversalProviderInit;
  readonly config: WalletConnectPluginConfig;
  /** The sign-in plugin's side of one-click auth (PairingSignIn). */
  readonly signInLink: PairingSignIn;
}

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
  private readonly pairing: PairingFlow;
  private readonly warm: PairingPrewarm;
  private readonly requests: InflightRequests;
  private readonly eip155: Eip155Bridge;

  constructor(private readonly deps: WalletConnectSessionDeps) {
    const { options, env, alerts, events, modal, connectors, network, initProvider, config, signInLink } = deps;
    const store = this.store;
    this.lifecycle = new ProviderLifecycle({ options, config, alerts, events, store, init: initProvider, started: (provider, own) => this.onStarted(provider, own) });
    this.warm = new PairingPrewarm({
      options,
      modal,
      store,
      waiting: () => this.pairing.waiting,
      ensureProvider: () => this.lifecycle.ensure(false),
      currentProvider: () => this.lifecycle.current,
      startPairing: (provider) => this.pairing.start(provider),
      retire: () => this.pairing.retire(),
    });
    this.pairing = new PairingFlow({
      options,
      env,
      alerts,
      connectors,
      store,
      prewarm: this.warm,
      provider: () => this.provider(),
      sessionApproved: () => this.eip155.setChain(undefined),
      signIn: { link: signInLink, activeChain: () => network.state.activeNetwork?.caipNetworkId },
    });
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
    modal.onDidClose$.subscribe(() => {
      if (this.state.status === 'pairing' && this.pairing.waiting) this.cancel();
      else if (this.warm.prepared) this.warm.drop();
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
      uri: (uri) => this.pairing.showUri(uri),
      approved: () => this.pairing.approvedByProvider(provider),
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
      updated: () => this.scoped.next({ type: 'namespacesUpdated' }),
    });
    watchRelay(provider, { store: this.store, account: this.deps.account, connectors: this.deps.connectors, requests: this.requests });
    // A provider we started: its sign client's start-up replay before any link (./startupReplay).
    if (own) this.pairing.holdLinksFor(settleStartupReplay(provider));
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
    return this.pairing.wait(provider, signal);
  }

  /** Prepares a pairing; `idle` (the caller's) resolves in the browser's next idle moment, between the provider's start and the pairing. */
  prewarm(idle?: () => Promise<void>): Promise<void> {
    return this.warm.run(idle);
  }

  refreshPairing(): Promise<void> {
    return this.pairing.refresh();
  }

  setUri(uri: string): void {
    this.pairing.setUri(uri);
  }

  cancel(reason?: Error): void {
    this.pairing.cancel(reason);
  }

  cancelRequests(): void {
    this.requests.failAll(new RequestAbortedError({ details: 'The request to the wallet was cancelled.' }));
  }

  peerWallet(): { readonly name: string; readonly icon?: string } | undefined {
    return peerWallet(this.lifecycle.current?.session?.peer?.metadata);
  }

  async disconnect(): Promise<void> {
    this.pairing.release();
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
        this.deps.alerts.showProviderError(err);
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
      this.deps.alerts.showProviderError(err);
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

  /** Clears the pairing (docs/connection.md#disconnect: a disconnect resets the pairing). */
  resetPairing(): void {
    this.pairing.release();
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
    return this.deps.options.state.networks;
  }
}
