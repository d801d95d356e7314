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
 * Verify: see {@link shouldSkipVerify}.
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
import { UniversalProviderInitError } from './errors';
import { buildNamespaces } from './sessionNamespaces';
import { walletConnectLogger } from './logger';
import { parseAccount, sessionChains } from './namespaces/context';
import { isPairingExpired, msUntilExpired, pairingExpiry, shouldReusePairing } from './pairing';
import { settleStartupReplay } from './startupReplay';
import { peerWallet } from './peerWallet';
import { InflightRequests } from './inflightRequests';
import { watchRelay } from './relayWatchdog';
import { Eip155Bridge, toHexChainId } from './eip155Bridge';
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

const DEFAULT_STORAGE_PREFIX = 'latchkey';

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

/**
 * WalletConnect Verify makes the dapp's client open a hidden frame on the hosted
 * Verify service for every session proposal and request and wait for it, up to
 * 5 s (core 2.25, `verify.register`). There is no option to turn it off, and its
 * result when the service is unreachable is an empty attestation — which the
 * wallet treats as "unknown origin". So where the service cannot attest anything
 * anyway (a relay on loopback or a private network), we return that empty
 * attestation at once instead of waiting: same outcome, no 5 s stall.
 * `config.verify` forces it on or off.
 */
export function shouldSkipVerify(relayUrl: string | undefined, verify: boolean | undefined): boolean {
  if (verify !== undefined) return !verify;
  if (!relayUrl) return false;
  let host: string;
  try {
    host = new URL(relayUrl).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host)
  );
}

/** CAIP-10 accounts of a session ('eip155:1:0xabc…'), every namespace. */
function sessionAccounts(provider: UniversalProviderLike): string[] {
  const namespaces = provider.session?.namespaces ?? {};
  return Object.values(namespaces).flatMap((n) => [...(n.accounts ?? [])]);
}

/**
 * The CAIP-2 chain a wallet's chainChanged names: the event data (a CAIP-2 id, a chain
 * reference, or an EIP-155 number / hex) in the namespace of the event's `chainId`.
 */
function changedChain(eventChainId: string, data: unknown): string {
  const ns = eventChainId.split(':')[0]!;
  if (typeof data === 'string' && data.includes(':')) return data;
  if (ns === 'eip155') {
    const hex = toHexChainId(data);
    return hex ? `eip155:${Number(hex)}` : eventChainId;
  }
  return typeof data === 'string' && data !== '' ? `${ns}:${data}` : eventChainId;
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
  /** The provider once started (for synchronous checks). */
  private started: UniversalProviderLike | undefined;
  /** Chain reference per non-eip155 namespace, following switches and the wallet's chainChanged. */
  private readonly chains = new Map<string, string>();
  private providerPromise: Promise<UniversalProviderLike> | undefined;
  private waiters: Waiter[] = [];
  /** Id of the pairing attempt whose outcome counts (older ones were replaced). */
  private attempt = 0;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The eip155 EIP-1193 requests, and the chain they go to. */
  private readonly eip155: Eip155Bridge;
  private readonly requests: InflightRequests;
  /** The pairing under way was prepared by prewarm() and no connect has adopted it yet. */
  private prewarmed = false;
  /** A caller that reports failures (not a prewarm) waits for the provider being created. */
  private reportInitFailure = false;
  /** Until the provider's sign client has run its start-up replay, no pairing link is shown (./startupReplay). */
  private linkGate: Promise<void> | undefined;

  constructor(
    @inject(Options) private readonly options: Options,
    @inject(Environment) private readonly env: Environment,
    @inject(Alerts) private readonly alerts: Alerts,
    @inject(Events) private readonly events: Events,
    @inject(Modal) private readonly modal: Modal,
    @inject(ConnectorRegistry) private readonly connectors: ConnectorRegistry,
    @inject(Account) private readonly account: Account,
    @inject(UniversalProviderInit) private readonly initProvider: (opts: Record<string, unknown>) => Promise<UniversalProviderLike>,
    @inject(WalletConnectConfig) private readonly config: WalletConnectPluginConfig,
  ) {
    this.requests = new InflightRequests(this.config, () => this.state.connectionLost);
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

  get relayUrl(): string | undefined {
    return this.config.relayUrl ?? this.options.state.relayUrl;
  }

  provider(): Promise<UniversalProviderLike> {
    return this.ensureProvider(true);
  }

  /** The provider, created once; `report`: a failure to create it is shown (alert, error state) to whoever waits. */
  private ensureProvider(report: boolean): Promise<UniversalProviderLike> {
    if (!this.providerPromise) this.reportInitFailure = report;
    else this.reportInitFailure ||= report;
    this.providerPromise ??= this.createProvider().catch((err) => {
      this.providerPromise = undefined;
      throw err;
    });
    return this.providerPromise;
  }

  private async createProvider(): Promise<UniversalProviderLike> {
    const opts = this.options.state;
    const host = opts.universalProvider as UniversalProviderLike | undefined;
    let provider: UniversalProviderLike;
    if (host) {
      provider = host;
    } else {
      this.store.patch({ status: 'initializing' });
      const relayUrl = this.relayUrl;
      try {
        provider = await this.initProvider({
          projectId: opts.projectId,
          ...(relayUrl ? { relayUrl } : {}),
          metadata: {
            name: opts.metadata.name,
            description: opts.metadata.description,
            url: opts.metadata.url,
            icons: [...opts.metadata.icons],
          },
          telemetryEnabled: false,
          // WalletConnect's own log at 'error', without the visitor's rejections: a normal
          // approval or a "no" in the wallet logs nothing.
          logger: walletConnectLogger('error'),
          customStoragePrefix: this.config.customStoragePrefix ?? DEFAULT_STORAGE_PREFIX,
        });
      } catch (cause) {
        const error = new UniversalProviderInitError({ cause });
        if (!this.reportInitFailure) {
          // Only a prewarm waited: nobody asked for WalletConnect yet; its own connect will try again.
          this.store.patch({ status: 'idle' });
          throw error;
        }
        this.events.track({ type: 'error', event: 'INTERNAL_SDK_ERROR', properties: { errorType: 'UniversalProviderInitError' } });
        console.error('[latchkey] WalletConnect: the universal provider failed to start', cause);
        this.alerts.showProviderError(cause);
        this.store.patch({ status: 'error', wcError: true, error, buffering: false });
        throw error;
      }
      if (shouldSkipVerify(relayUrl, this.config.verify)) {
        const verify = provider.client?.core?.verify;
        if (verify && typeof verify.register === 'function') verify.register = async () => '';
      }
    }
    this.listen(provider);
    // A provider we started: its sign client's start-up replay before any link (./startupReplay).
    if (provider !== host) this.holdLinksFor(settleStartupReplay(provider));
    this.started = provider;
    if (provider.session) this.store.patch({ status: 'connected' });
    else if (this.state.status === 'initializing') this.store.patch({ status: 'idle' });
    return provider;
  }

  private listen(provider: UniversalProviderLike): void {
    provider.on('display_uri', (uri: string) => this.showUri(uri));
    provider.on('connect', () => this.onApproved(provider));
    let lastDeleted: string | undefined;
    const onDelete = (event: { topic?: string; data?: string } | undefined) => {
      const topic = event?.topic ?? event?.data ?? 'unknown';
      if (lastDeleted === topic) return;
      lastDeleted = topic;
      this.eip155.setChain(undefined);
      this.chains.clear();
      this.requests.failAll(new ProviderDisconnectedError({ details: 'The wallet ended the WalletConnect session.' }));
      this.store.patch({ status: 'idle', connectionLost: false });
      this.sessionEvents.next({ type: 'disconnect', reason: event });
      this.scoped.next({ type: 'disconnect', origin: 'wallet', reason: event });
    };
    provider.on('session_delete', onDelete);
    provider.on('disconnect', onDelete);
    // The relay socket: WalletConnect reconnects by itself; we show the gap and bound the wait.
    watchRelay(provider, { store: this.store, account: this.account, connectors: this.connectors, requests: this.requests });
    provider.on('accountsChanged', (accounts: unknown) => {
      if (!Array.isArray(accounts)) return;
      this.sessionEvents.next({ type: 'accountsChanged', accounts: accounts.map(String) });
    });
    provider.on('chainChanged', (chain: unknown) => {
      const hex = this.eip155.chainChanged(chain);
      if (hex) this.sessionEvents.next({ type: 'chainChanged', chainId: hex });
    });
    // The raw wallet events keep their namespace (the provider's own events drop it).
    provider.on('session_event', (e: { topic?: string; params?: { chainId?: string; event?: { name?: string; data?: unknown } } } | undefined) => {
      const chainId = e?.params?.chainId;
      const name = e?.params?.event?.name;
      const data = e?.params?.event?.data;
      if (typeof chainId !== 'string' || !chainId.includes(':')) return;
      if (e?.topic !== undefined && provider.session && e.topic !== provider.session.topic) return;
      const namespace = chainId.split(':')[0]!;
      if (name === 'accountsChanged' && Array.isArray(data)) {
        const accounts = data.flatMap((a) => {
          const text = String(a);
          return text.includes(':') ? (parseAccount(text)?.address ?? []) : [text];
        });
        this.scoped.next({ type: 'accountsChanged', namespace, chainId, accounts });
      } else if (name === 'chainChanged') {
        const next = changedChain(chainId, data);
        if (namespace !== 'eip155') this.chains.set(namespace, next.slice(namespace.length + 1));
        this.scoped.next({ type: 'chainChanged', namespace, chainId: next });
      }
    });
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
      provider = await this.ensureProvider(false);
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
    const own = this.started !== undefined && this.started !== this.options.state.universalProvider ? this.started : undefined;
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
    return peerWallet(this.started?.session?.peer?.metadata);
  }

  async disconnect(): Promise<void> {
    this.prewarmed = false;
    this.clearExpiryTimer();
    const provider = this.providerPromise ? await this.providerPromise.catch(() => undefined) : undefined;
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
    return this.started;
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
    const provider = this.started;
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
    const provider = this.started;
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
