import { Subject, type Observable, type Subscription } from 'rxjs';
import { inject, injectable, type Container } from 'inversify';
import { Store, type Observed } from '../store';
import type {
  AdapterCall,
  AdapterCapability,
  AdapterConnection,
  AdapterEvent,
  ChainAdapter,
  TransferRequest,
  TransactionRequest,
} from '../adapter';
import type { ChainNamespace, Connector, Network as NetworkData } from '../types';
import { caipAddress, parseCaipAddress } from '../caip';
import { LatchkeyError } from '../errors/base';
import { toProviderError } from '../errors/rpc';
import {
  AddressOrAuthConnectorNotFoundError,
  CapabilityNotSupportedError,
  ConnectorNotFoundError,
  FailedToDisconnectError,
} from '../errors/kernel';
import { Account } from './Account';
import { ConnectorRegistry } from './ConnectorRegistry';
import { Events } from './Events';
import { Network } from './Network';
import { CHAIN_NAMESPACES, isAccountSyncSupported } from '../namespaces';
import { PluginHost } from '../plugin/PluginHost';
import { KernelContainer, SessionState } from '../plugin/tokens';
import { Storage } from './Storage';

export const Connection = Symbol('Connection');

export interface ConnectionState {
  /** Connector id being connected, if any. */
  readonly pending: string | undefined;
  readonly error: LatchkeyError | undefined;
}

export interface ConnectionEvent {
  readonly namespace: ChainNamespace;
  readonly connectorId: string;
  readonly address?: string;
}

/**
 * Connect, reconnect and disconnect orchestration (spec section 4).
 *
 * Multi-chain wallets: `connect` with the id of a MULTI_CHAIN group (ConnectorRegistry
 * `grouped()`) connects the member of `namespace` (default: the active namespace, else the
 * first member) as usual, then the group's other members, each in its own namespace, when a
 * registered plugin adapts that namespace and the host lists networks for it: silently when
 * the wallet already grants it, else with the wallet's prompt. A companion that fails or is
 * declined leaves its namespace disconnected and the connect succeeds. Companions never change
 * the active namespace, so switching between the namespaces afterwards needs no prompt and
 * keeps each namespace's account. `connect` with a member's own id connects that namespace only.
 * A group of session connectors (WalletConnect, embedded auth) is left to its plugin, whose one
 * session serves every namespace.
 */
export interface Connection extends Observed<ConnectionState> {
  connect(params: { readonly connectorId: string; readonly namespace?: ChainNamespace }): Promise<void>;
  /**
   * Startup sync of stored connections (the kernel marks them 'connecting' when it is created):
   * connecting → connected, or disconnected with a warning.
   */
  reconnect(): Promise<void>;
  /**
   * Disconnects `namespace` (and the namespaces sharing its WalletConnect/auth session or its
   * multi-chain wallet), or all.
   */
  disconnect(namespace?: ChainNamespace): Promise<void>;
  signMessage(message: string, namespace?: ChainNamespace): Promise<string>;
  /** Sends in `namespace` (default: the active one) with that namespace's request shape; refreshes the balance. */
  sendTransaction<N extends ChainNamespace>(request: TransactionRequest<N>, namespace?: N): Promise<string>;
  /**
   * Pays `request.amount` (smallest unit: wei, lamports, satoshis) of the native currency to
   * `request.to` in `namespace` (default: the active one); the adapter builds the transaction
   * (capability `transfer`). Refreshes the balance.
   */
  transfer(request: TransferRequest, namespace?: ChainNamespace): Promise<string>;
  /**
   * The connected session of `namespace` (default: the active one), for calling an adapter
   * capability (`signPsbt`, `sendCalls`, …) a plugin needs. Throws AddressOrAuthConnectorNotFoundError
   * when not connected, CapabilityNotSupportedError when `capability` is given and the adapter lacks it.
   */
  session(namespace?: ChainNamespace, capability?: AdapterCapability): Promise<ConnectedSession>;
  /** Refreshes the native balance of the connected account in `namespace`. */
  refreshBalance(namespace?: ChainNamespace, options?: { readonly force?: boolean }): Promise<void>;
  readonly onDidConnect$: Observable<ConnectionEvent>;
  readonly onDidDisconnect$: Observable<ConnectionEvent>;
}

/** A connected namespace: its adapter and what every adapter call takes. */
export interface ConnectedSession extends AdapterCall {
  readonly namespace: ChainNamespace;
  readonly adapter: ChainAdapter;
}

/** Spec section 9: the native balance is cached for 30 s. */
const NATIVE_BALANCE_TTL_MS = 30_000;

/** How long reconnect waits for a stored connector to be announced (EIP-6963 announces are async). */
const RECONNECT_CONNECTOR_WAIT_MS = 1000;

/** Connector types whose one session spans several namespaces: they disconnect together. */
const SHARED_SESSION_TYPES: readonly string[] = ['WALLET_CONNECT', 'AUTH', 'ID_AUTH'];

function toError(err: unknown): LatchkeyError {
  return err instanceof LatchkeyError ? err : toProviderError(err);
}

@injectable()
export class ConnectionImpl implements Connection {
  private readonly store = new Store<ConnectionState>({ pending: undefined, error: undefined });
  readonly state$ = this.store.state$;
  private readonly connected$ = new Subject<ConnectionEvent>();
  private readonly disconnected$ = new Subject<ConnectionEvent>();
  readonly onDidConnect$ = this.connected$.asObservable();
  readonly onDidDisconnect$ = this.disconnected$.asObservable();
  private readonly watching = new Map<ChainAdapter, Subscription>();
  /** Namespaces with a connect started by the visitor; startup restore leaves them alone. */
  private readonly inflight = new Set<ChainNamespace>();

  constructor(
    @inject(Account) private readonly account: Account,
    @inject(Network) private readonly network: Network,
    @inject(ConnectorRegistry) private readonly connectors: ConnectorRegistry,
    @inject(PluginHost) private readonly plugins: PluginHost,
    @inject(Storage) private readonly storage: Storage,
    @inject(Events) private readonly events: Events,
    @inject(KernelContainer) private readonly container: Container,
  ) {}

  get state(): ConnectionState {
    return this.store.state;
  }

  async connect(params: { readonly connectorId: string; readonly namespace?: ChainNamespace }): Promise<void> {
    const group = this.connectors.get(params.connectorId);
    const connector = this.resolveConnector(params.connectorId, params.namespace ?? this.network.state.activeNamespace);
    const ns = connector.chain;
    const before = this.account.get(ns).status;
    this.store.set({ pending: connector.id, error: undefined });
    this.account.setStatus(ns, 'connecting');
    this.inflight.add(ns);
    try {
      const adapter = await this.plugins.adapter(ns);
      const result = await adapter.connect({ connector, network: this.network.state.namespaces[ns].caipNetwork });
      this.applyConnection(adapter, connector, result);
      // A session connector (WalletConnect, embedded auth) is not a wallet the visitor picked:
      // its plugin records the wallet behind the session itself.
      if (!SHARED_SESSION_TYPES.includes(connector.type)) {
        this.connectors.addRecent({ id: connector.id, name: connector.name, ...(connector.info?.rdns ? { rdns: connector.info.rdns } : {}) });
      }
      this.events.track({ type: 'track', event: 'CONNECT_SUCCESS', properties: { method: 'browser', name: connector.name } });
      this.connected$.next({ namespace: ns, connectorId: connector.id, address: result.address });
      void this.refreshBalance(ns).catch(() => undefined);
      // A session connector (WalletConnect, embedded auth) brings its other namespaces itself.
      if (group?.type === 'MULTI_CHAIN' && group.connectors && !SHARED_SESSION_TYPES.includes(connector.type)) {
        await this.connectCompanions(group.connectors, connector);
      }
      this.store.set({ pending: undefined, error: undefined });
    } catch (err) {
      const error = toError(err);
      this.account.setStatus(ns, before === 'connected' ? 'connected' : 'disconnected');
      this.store.set({ pending: undefined, error });
      this.events.track({ type: 'track', event: 'CONNECT_ERROR', properties: { message: error.shortMessage } });
      throw error;
    } finally {
      this.inflight.delete(ns);
    }
  }

  /**
   * The other members of a multi-chain wallet, after `primary` connected: each namespace a
   * plugin adapts and the host has networks for, unless already connected (to this wallet or
   * another). Silent first (no prompt when the wallet already grants it), then a normal connect.
   * Failures leave that namespace as it was; the active namespace does not change.
   */
  private async connectCompanions(members: readonly Connector[], primary: Connector): Promise<void> {
    for (const member of members) {
      const ns = member.chain;
      if (member === primary || ns === primary.chain || !this.plugins.hasAdapter(ns)) continue;
      if (this.network.state.namespaces[ns].requestedCaipNetworks.length === 0) continue;
      if (this.account.get(ns).status !== 'disconnected' || this.inflight.has(ns)) continue;
      this.inflight.add(ns);
      this.account.setStatus(ns, 'connecting');
      try {
        const adapter = await this.plugins.adapter(ns);
        const network = this.network.state.namespaces[ns].caipNetwork;
        const result = (await adapter.reconnect({ connector: member, network }).catch(() => null)) ?? (await adapter.connect({ connector: member, network }));
        this.applyConnection(adapter, member, result, { activate: false });
        this.connected$.next({ namespace: ns, connectorId: member.id, address: result.address });
        void this.refreshBalance(ns).catch(() => undefined);
      } catch (err) {
        this.account.setStatus(ns, 'disconnected');
        console.warn(`[latchkey] ${member.name} did not connect its ${ns} account`, err);
      } finally {
        this.inflight.delete(ns);
      }
    }
  }

  async reconnect(): Promise<void> {
    const jobs = CHAIN_NAMESPACES.filter((ns) => this.plugins.hasAdapter(ns)).map(async (ns) => {
      const status = this.account.get(ns).status;
      const connectorId = this.storage.connectorId(ns);
      // Only a restored status is synced here; a connect the visitor started is left alone.
      if (status !== 'connecting' || this.inflight.has(ns)) return;
      try {
        if (!connectorId) throw new ConnectorNotFoundError('(none stored)');
        const connector = await this.waitForConnector(connectorId);
        const adapter = await this.plugins.adapter(ns);
        const result = await adapter.reconnect({ connector, network: this.network.state.namespaces[ns].caipNetwork });
        if (!result) throw new LatchkeyError('The wallet no longer grants access to this account');
        if (this.inflight.has(ns)) return;
        // The namespace the visitor was looking at stays active (several may be restored).
        this.applyConnection(adapter, connector, result, { activate: false });
        this.connected$.next({ namespace: ns, connectorId: connector.id, address: result.address });
        void this.refreshBalance(ns).catch(() => undefined);
      } catch (err) {
        if (this.inflight.has(ns)) return;
        console.warn(`[latchkey] could not restore the ${ns} connection; now disconnected`, err);
        this.account.reset(ns);
        this.storage.setConnectorId(ns, undefined);
      }
    });
    await Promise.all(jobs);
    // The stored active namespace did not come back but another did: show that one.
    const active = this.network.state.activeNamespace;
    const restored = CHAIN_NAMESPACES.find((ns) => this.account.get(ns).status === 'connected');
    if (restored && (!active || this.account.get(active).status === 'disconnected')) this.network.setActiveNamespace(restored);
  }

  async disconnect(namespace?: ChainNamespace): Promise<void> {
    const targets = this.affectedNamespaces(namespace);
    for (const reset of this.sessionStates()) reset.reset(namespace);
    let failure: unknown;
    for (const ns of targets) {
      const connectorId = this.account.get(ns).connectorId ?? this.storage.connectorId(ns);
      const connector = connectorId ? this.connectors.get(connectorId) : undefined;
      try {
        const adapter = this.plugins.loadedAdapter(ns) ?? (this.plugins.hasAdapter(ns) ? await this.plugins.adapter(ns) : undefined);
        if (adapter && connector) await adapter.disconnect({ connector });
      } catch (err) {
        failure ??= err;
      }
      this.clearNamespace(ns, connectorId);
    }
    this.storage.setSocialProvider(undefined);
    if (failure) {
      this.events.track({ type: 'track', event: 'DISCONNECT_ERROR', properties: { message: toError(failure).shortMessage } });
      throw new FailedToDisconnectError({ cause: failure });
    }
    this.events.track({ type: 'track', event: 'DISCONNECT_SUCCESS' });
  }

  async signMessage(message: string, namespace?: ChainNamespace): Promise<string> {
    const { adapter, connector, address } = await this.session(namespace);
    try {
      return await adapter.signMessage({ connector, address, message });
    } catch (err) {
      throw toError(err);
    }
  }

  async sendTransaction<N extends ChainNamespace>(request: TransactionRequest<N>, namespace?: N): Promise<string> {
    const session = await this.session(namespace, 'sendTransaction');
    try {
      const hash = await session.adapter.sendTransaction!({ ...session, request: request as never });
      void this.refreshBalance(session.namespace, { force: true }).catch(() => undefined);
      return hash;
    } catch (err) {
      throw toError(err);
    }
  }

  async transfer(request: TransferRequest, namespace?: ChainNamespace): Promise<string> {
    const session = await this.session(namespace, 'transfer');
    try {
      const hash = await session.adapter.transfer!({ ...session, request });
      void this.refreshBalance(session.namespace, { force: true }).catch(() => undefined);
      return hash;
    } catch (err) {
      throw toError(err);
    }
  }

  async refreshBalance(namespace?: ChainNamespace, options: { readonly force?: boolean } = {}): Promise<void> {
    const ns = namespace ?? this.network.state.activeNamespace;
    if (!ns) return;
    const { address, status } = this.account.get(ns);
    const network = this.network.state.namespaces[ns].caipNetwork;
    if (status !== 'connected' || !address || !network || !this.network.isSupported(network)) return;
    const key = `${network.caipNetworkId}:${address}`;
    type Cached = { balance: string; symbol: string };
    const isCached = (v: unknown): v is Cached =>
      typeof v === 'object' && v !== null && typeof (v as Cached).balance === 'string' && typeof (v as Cached).symbol === 'string';
    const cache = this.storage.cache('nativeBalance', NATIVE_BALANCE_TTL_MS);
    const cached = options.force ? undefined : cache.get(key, isCached);
    if (cached) {
      this.account.setBalance(ns, cached.balance, cached.symbol);
      return;
    }
    const adapter = await this.plugins.adapter(ns);
    const result = await adapter.getBalance({ address, network });
    // The account may have changed while the balance was on its way.
    if (this.account.get(ns).address !== address) return;
    cache.set(key, result);
    this.account.setBalance(ns, result.balance, result.symbol);
  }

  private applyConnection(
    adapter: ChainAdapter,
    connector: Connector,
    result: AdapterConnection,
    options: { readonly activate?: boolean } = {},
  ): void {
    const ns = connector.chain;
    const activate = options.activate !== false;
    this.account.setConnected(ns, {
      address: result.address,
      caipAddress: result.caipAddress,
      connectorId: connector.id,
      walletInfo: { name: connector.name, ...(connector.imageUrl ? { icon: connector.imageUrl } : {}), ...(connector.info?.rdns ? { identifier: connector.info.rdns } : {}) },
      allAccounts: result.accounts,
    });
    // Spec section 5: account sync (profile name and image) is for eip155 only; elsewhere they stay cleared.
    if (!isAccountSyncSupported(ns)) this.account.setProfile(ns, { name: null, image: null });
    this.storage.setConnectorId(ns, connector.id);
    if (activate) this.network.setActiveNamespace(ns);
    this.network.setActiveChainId(ns, result.chainId, { activate });
    this.watch(adapter);
  }

  private watch(adapter: ChainAdapter): void {
    if (this.watching.has(adapter)) return;
    this.watching.set(adapter, adapter.events$.subscribe((event) => this.onAdapterEvent(event)));
  }

  private onAdapterEvent(event: AdapterEvent): void {
    const ns = event.namespace;
    const current = this.account.get(ns);
    if (current.connectorId !== event.connectorId || current.status === 'disconnected') return;
    switch (event.type) {
      case 'accountsChanged': {
        const address = event.accounts[0];
        if (!address) {
          void this.disconnect(ns).catch(() => undefined);
          return;
        }
        const chainRef = current.caipAddress ? parseCaipAddress(current.caipAddress).chainId : String(this.network.state.namespaces[ns].caipNetwork?.id ?? '');
        this.account.setAddress(ns, address, caipAddress(ns, chainRef, address));
        void this.refreshBalance(ns).catch(() => undefined);
        return;
      }
      case 'chainChanged': {
        // A wallet event in a namespace the visitor is not looking at does not switch the view to it.
        this.network.setActiveChainId(ns, event.chainId, { activate: this.network.state.activeNamespace === ns });
        if (current.address) this.account.setAddress(ns, current.address, caipAddress(ns, event.chainId, current.address));
        void this.refreshBalance(ns).catch(() => undefined);
        return;
      }
      case 'disconnect': {
        // A wallet-session disconnect resets every namespace on that session (not other wallets').
        const targets = this.sessionNamespaces(ns);
        for (const reset of this.sessionStates()) reset.reset(ns);
        for (const target of targets) this.clearNamespace(target, this.account.get(target).connectorId);
        this.events.track({ type: 'track', event: 'DISCONNECT_SUCCESS', properties: { source: 'wallet' } });
        return;
      }
    }
  }

  private clearNamespace(ns: ChainNamespace, connectorId: string | undefined): void {
    // Balances of the account that leaves are not kept on the device.
    this.storage.cache('nativeBalance', NATIVE_BALANCE_TTL_MS).clear();
    this.account.reset(ns);
    this.network.reset(ns);
    this.storage.setConnectorId(ns, undefined);
    this.disconnected$.next({ namespace: ns, connectorId: connectorId ?? '' });
  }

  private connectedNamespaces(): ChainNamespace[] {
    return CHAIN_NAMESPACES.filter((ns) => this.account.get(ns).status !== 'disconnected');
  }

  /**
   * The namespace asked for plus those on the same WalletConnect or embedded-auth session, and
   * those connected through the same multi-chain wallet (members of one MULTI_CHAIN group: the
   * visitor chose one wallet, Disconnect disconnects it); all when none given.
   */
  private affectedNamespaces(namespace?: ChainNamespace): ChainNamespace[] {
    if (!namespace) return this.connectedNamespaces();
    const id = this.account.get(namespace).connectorId;
    const group = id ? this.connectors.grouped().find((g) => g.type === 'MULTI_CHAIN' && g.connectors?.some((m) => m.id === id)) : undefined;
    const siblings = group
      ? this.connectedNamespaces().filter((ns) => ns !== namespace && group.connectors!.some((m) => m.id === this.account.get(ns).connectorId))
      : [];
    return [...new Set([...this.sessionNamespaces(namespace), ...siblings])];
  }

  /**
   * `namespace`, plus every connected namespace whose connector is of the same
   * shared-session type (one WalletConnect pairing serves several namespaces,
   * each through its own connector).
   */
  private sessionNamespaces(namespace: ChainNamespace): ChainNamespace[] {
    const typeOf = (ns: ChainNamespace): string | undefined => {
      const id = this.account.get(ns).connectorId;
      return id ? this.connectors.get(id)?.type : undefined;
    };
    const type = typeOf(namespace);
    if (!type || !SHARED_SESSION_TYPES.includes(type)) return [namespace];
    return [namespace, ...this.connectedNamespaces().filter((ns) => ns !== namespace && typeOf(ns) === type)];
  }

  private sessionStates(): SessionState[] {
    return this.container.isBound(SessionState) ? this.container.getAll<SessionState>(SessionState) : [];
  }

  private resolveConnector(id: string, namespace?: ChainNamespace): Connector {
    const connector = this.connectors.get(id);
    if (!connector) throw new ConnectorNotFoundError(id);
    if (connector.type === 'MULTI_CHAIN' && connector.connectors?.length) {
      return connector.connectors.find((c) => c.chain === namespace) ?? connector.connectors[0]!;
    }
    return connector;
  }

  private waitForConnector(id: string): Promise<Connector> {
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      // state$ replays the current state, so a connector already registered resolves at once.
      const sub = this.connectors.state$.subscribe(() => {
        const connector = this.connectors.get(id);
        if (!connector) return;
        if (timer !== undefined) clearTimeout(timer);
        queueMicrotask(() => sub.unsubscribe());
        resolve(connector);
      });
      timer = setTimeout(() => {
        sub.unsubscribe();
        reject(new ConnectorNotFoundError(id));
      }, RECONNECT_CONNECTOR_WAIT_MS);
    });
  }

  async session(namespace?: ChainNamespace, capability?: AdapterCapability): Promise<ConnectedSession> {
    const ns = namespace ?? this.network.state.activeNamespace;
    const state = ns ? this.account.get(ns) : undefined;
    const connector = state?.connectorId ? this.connectors.get(state.connectorId) : undefined;
    const network: NetworkData | undefined = ns ? this.network.state.namespaces[ns].caipNetwork : undefined;
    if (!ns || !state || state.status !== 'connected' || !state.address || !connector || !network) {
      throw new AddressOrAuthConnectorNotFoundError();
    }
    const adapter = await this.plugins.adapter(ns);
    if (capability && typeof adapter[capability] !== 'function') throw new CapabilityNotSupportedError(capability, ns);
    return { namespace: ns, adapter, connector, network, address: state.address };
  }
}
