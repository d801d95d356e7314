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
 * Verify: see {@link shouldSkipVerify}.
 */
import { inject, injectable } from 'inversify';
import { Subject } from 'rxjs';
import {
  Alerts,
  ConnectorRegistry,
  Environment,
  Events,
  Modal,
  Options,
  Store,
  type CaipNetwork,
} from '../../kernel/index';
import { ProviderDisconnectedError, SwitchChainError, UserRejectedRequestError } from '../../kernel/errors/index';
import { UniversalProviderInitError } from './errors';
import { buildNamespaces, chainReference } from './namespaces';
import { isPairingExpired, msUntilExpired, pairingExpiry, shouldReusePairing } from './pairing';
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

/** The address of a CAIP-10 account ('solana:5eyk…:Abc' → 'Abc'); a plain address is returned as is. */
export function accountAddress(account: string): string {
  const parts = account.split(':');
  return parts.length >= 3 ? parts.slice(2).join(':') : account;
}

/** The CAIP-2 chain of a CAIP-10 account ('eip155:1:0xabc' → 'eip155:1'). */
function accountChain(account: string): string {
  return account.split(':').slice(0, 2).join(':');
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

/** CAIP-2 chains of a session namespace: its `chains`, else those of its accounts, in order. */
export function sessionChains(ns: { readonly accounts: readonly string[]; readonly chains?: readonly string[] }): string[] {
  const list = ns.chains && ns.chains.length > 0 ? [...ns.chains] : ns.accounts.map(accountChain);
  return [...new Set(list)];
}

function toHexChainId(value: unknown): string | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^(0x[0-9a-f]+|\d+)$/i.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 ? `0x${n.toString(16)}` : undefined;
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
  /** Chain reference the eip155 requests go to, following chainChanged. */
  private evmChain: string | undefined;

  constructor(
    @inject(Options) private readonly options: Options,
    @inject(Environment) private readonly env: Environment,
    @inject(Alerts) private readonly alerts: Alerts,
    @inject(Events) private readonly events: Events,
    @inject(Modal) private readonly modal: Modal,
    @inject(ConnectorRegistry) private readonly connectors: ConnectorRegistry,
    @inject(UniversalProviderInit) private readonly initProvider: (opts: Record<string, unknown>) => Promise<UniversalProviderLike>,
    @inject(WalletConnectConfig) private readonly config: WalletConnectPluginConfig,
  ) {
    // Closing the modal stops a pairing nobody is looking at (the waiting connect rejects).
    this.modal.onDidClose$.subscribe(() => {
      if (this.state.status === 'pairing' && this.waiters.length > 0) this.cancel();
    });
  }

  get state(): WalletConnectState {
    return this.store.state;
  }

  get relayUrl(): string | undefined {
    return this.config.relayUrl ?? this.options.state.relayUrl;
  }

  provider(): Promise<UniversalProviderLike> {
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
          customStoragePrefix: this.config.customStoragePrefix ?? DEFAULT_STORAGE_PREFIX,
        });
      } catch (cause) {
        const error = new UniversalProviderInitError({ cause });
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
    this.started = provider;
    if (provider.session) this.store.patch({ status: 'connected' });
    else if (this.state.status === 'initializing') this.store.patch({ status: 'idle' });
    return provider;
  }

  private listen(provider: UniversalProviderLike): void {
    provider.on('display_uri', (uri: string) => this.setUri(uri));
    provider.on('connect', () => this.onApproved(provider));
    let lastDeleted: string | undefined;
    const onDelete = (event: { topic?: string; data?: string } | undefined) => {
      const topic = event?.topic ?? event?.data ?? 'unknown';
      if (lastDeleted === topic) return;
      lastDeleted = topic;
      this.evmChain = undefined;
      this.chains.clear();
      this.store.patch({ status: 'idle' });
      this.sessionEvents.next({ type: 'disconnect', reason: event });
      this.scoped.next({ type: 'disconnect', origin: 'wallet', reason: event });
    };
    provider.on('session_delete', onDelete);
    provider.on('disconnect', onDelete);
    provider.on('accountsChanged', (accounts: unknown) => {
      if (!Array.isArray(accounts)) return;
      this.sessionEvents.next({ type: 'accountsChanged', accounts: accounts.map(String) });
    });
    provider.on('chainChanged', (chain: unknown) => {
      const hex = toHexChainId(chain);
      // Non-eip155 chains (e.g. a Solana genesis hash) are not EIP-1193 chain ids.
      if (!hex) return;
      this.evmChain = String(Number(hex));
      this.sessionEvents.next({ type: 'chainChanged', chainId: hex });
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
        this.scoped.next({ type: 'accountsChanged', namespace, chainId, accounts: data.map((a) => accountAddress(String(a))) });
      } else if (name === 'chainChanged') {
        const next = changedChain(chainId, data);
        if (namespace !== 'eip155') this.chains.set(namespace, next.slice(namespace.length + 1));
        this.scoped.next({ type: 'chainChanged', namespace, chainId: next });
      }
    });
  }

  async connect(): Promise<readonly string[]> {
    const provider = await this.provider();
    if (provider.session) {
      this.store.patch({ status: 'connected' });
      return sessionAccounts(provider);
    }
    const done = new Promise<readonly string[]>((resolve, reject) => this.waiters.push({ resolve, reject }));
    const s = this.state;
    const generating = s.status === 'pairing' && s.buffering;
    const reuse = s.wcUri !== undefined && shouldReusePairing(this.env, s.wcPairingExpiry, this.env.now());
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

  async refreshPairing(): Promise<void> {
    if (this.state.status !== 'pairing' || this.waiters.length === 0 || this.options.state.manualWCControl) return;
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
    this.clearExpiryTimer();
    this.evmChain = undefined;
    const recent = this.state.recentWallet;
    this.store.patch({ status: 'connected', wcUri: undefined, wcPairingExpiry: undefined, buffering: false, wcError: false, error: undefined, wcLinking: undefined });
    if (recent) this.connectors.addRecent(recent);
    const accounts = sessionAccounts(provider);
    this.settle((w) => w.resolve(accounts));
  }

  private settle(fn: (w: Waiter) => void): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) fn(w);
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

  cancel(): void {
    this.clearExpiryTimer();
    this.store.patch({ status: 'idle', buffering: false });
    this.settle((w) => w.reject(new UserRejectedRequestError({ details: 'The modal was closed before a wallet approved the pairing.' })));
  }

  async disconnect(): Promise<void> {
    this.clearExpiryTimer();
    const provider = this.providerPromise ? await this.providerPromise.catch(() => undefined) : undefined;
    this.evmChain = undefined;
    this.chains.clear();
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
    try {
      return await provider.request<T>({ method: args.method, ...(args.params === undefined ? {} : { params: args.params }) }, caipChainId);
    } catch (err) {
      this.alerts.showProviderError(err);
      throw err;
    }
  }

  activeChain(namespace: string): string | undefined {
    const provider = this.started;
    const ns = provider?.session?.namespaces[namespace];
    if (!provider || !ns) return undefined;
    if (namespace === 'eip155') return `eip155:${this.currentChain(provider)}`;
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
    const ref = chainReference(caipChainId);
    const rpc = this.networks().find((n) => n.caipNetworkId === caipChainId)?.rpcUrls.default.http[0];
    provider.setDefaultChain(caipChainId, rpc);
    if (namespace === 'eip155') this.evmChain = ref;
    else this.chains.set(namespace, ref);
  }

  /** Clears the pairing (spec section 4: a disconnect resets the pairing). */
  resetPairing(): void {
    this.clearExpiryTimer();
    this.store.patch({ wcUri: undefined, wcPairingExpiry: undefined, wcLinking: undefined, wcError: false, error: undefined, buffering: false });
  }

  setWcLinking(wcLinking: WalletConnectState['wcLinking']): void {
    this.store.patch({ wcLinking });
  }

  setRecentWallet(recentWallet: WalletConnectState['recentWallet']): void {
    this.store.patch({ recentWallet });
  }

  // --- EIP-1193 (eip155) ------------------------------------------------------

  async eip1193Request(args: { method: string; params?: unknown }): Promise<unknown> {
    const { method, params } = args;
    if (method === 'eth_requestAccounts') {
      await this.connect();
      return this.evmAddresses(await this.provider());
    }
    const provider = await this.provider();
    if (method === 'eth_accounts') return provider.session ? this.evmAddresses(provider) : [];
    if (!provider.session) throw new ProviderDisconnectedError({ details: 'No WalletConnect session.' });
    if (method === 'eth_chainId') return toHexChainId(this.currentChain(provider));
    if (method === 'wallet_revokePermissions') {
      // Revoking the dapp's account permission ends a WalletConnect session.
      await this.disconnect();
      return null;
    }
    try {
      if (method === 'wallet_switchEthereumChain') return await this.switchChain(provider, params);
      return await provider.request({ method, ...(params === undefined ? {} : { params }) }, `eip155:${this.currentChain(provider)}`);
    } catch (err) {
      this.alerts.showProviderError(err);
      throw err;
    }
  }

  /**
   * Switches through the session: the wallet is asked (when it granted
   * wallet_switchEthereumChain), then the provider's default chain moves, which
   * emits chainChanged. A chain the session does not hold and the wallet cannot
   * be asked about is an unrecognised chain (4902).
   */
  private async switchChain(provider: UniversalProviderLike, params: unknown): Promise<null> {
    const raw = (Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined)?.chainId : undefined) ?? '';
    const hex = toHexChainId(raw);
    if (!hex) throw new SwitchChainError({ details: `Invalid chainId ${String(raw)}` });
    const ref = String(Number(hex));
    const session = provider.session!;
    const ns = session.namespaces['eip155'];
    const approved = (ns?.chains ?? ns?.accounts.map((a) => a.split(':').slice(0, 2).join(':')) ?? []).includes(`eip155:${ref}`);
    const canAsk = ns?.methods.includes('wallet_switchEthereumChain') && typeof provider.client?.request === 'function';
    if (canAsk) {
      await provider.client!.request!({
        topic: session.topic,
        chainId: `eip155:${this.currentChain(provider)}`,
        request: { method: 'wallet_switchEthereumChain', params: [{ chainId: hex }] },
      });
    } else if (!approved) {
      throw new SwitchChainError({ details: `The session does not include eip155:${ref}.` });
    }
    const rpc = this.networks().find((n) => n.caipNetworkId === `eip155:${ref}`)?.rpcUrls.default.http[0];
    provider.setDefaultChain(`eip155:${ref}`, rpc);
    this.evmChain = ref;
    return null;
  }

  private currentChain(provider: UniversalProviderLike): string {
    // The provider's eip155 sub-provider knows its default chain; setDefaultChain moves it.
    const fromProvider = (provider as { rpcProviders?: Record<string, { getDefaultChain?(): string }> }).rpcProviders?.['eip155']?.getDefaultChain?.();
    if (fromProvider) return fromProvider;
    if (this.evmChain) return this.evmChain;
    const first = provider.session?.namespaces['eip155']?.accounts[0];
    return first ? first.split(':')[1]! : chainReference(this.networks().find((n) => n.chainNamespace === 'eip155')?.caipNetworkId ?? 'eip155:1');
  }

  private evmAddresses(provider: UniversalProviderLike): string[] {
    const chain = this.currentChain(provider);
    const accounts = provider.session?.namespaces['eip155']?.accounts ?? [];
    const onChain = accounts.filter((a) => a.split(':')[1] === chain);
    const list = (onChain.length > 0 ? onChain : accounts).map((a) => a.split(':')[2]!).filter(Boolean);
    return [...new Set(list)];
  }

  private networks(): readonly CaipNetwork[] {
    return this.options.state.networks;
  }
}
