import { Subject, type Observable, type Subscription } from 'rxjs';
import { type Container } from 'inversify';
import { Store, type Observed } from '../store';
import type { AdapterCall, AdapterCapability, AdapterConnection, ChainAdapter, TransferRequest, TransactionRequest } from '../adapter';
import type { ChainNamespace, Connector, CaipNetwork } from '../types';
import { LatchkeyError } from '../errors/base';
import { RequestAbortedError } from '../errors/request';
import { AddressOrAuthConnectorNotFoundError, CapabilityNotSupportedError, ConnectorNotFoundError, FailedToDisconnectError } from '../errors/kernel';
import { toError } from '../errors/toError';
import { Account } from './Account';
import { ConnectorRegistry } from './ConnectorRegistry';
import { Events } from './Events';
import { Modal } from './Modal';
import { Network } from './Network';
import { CHAIN_NAMESPACES, isAccountSyncSupported } from '../namespaces';
import { PluginHost } from '../plugin/PluginHost';
import { SessionState } from '../plugin/tokens';
import { Storage } from './Storage';
import { nativeBalanceCache } from './balanceCache';
import { resolveConnector, waitForConnector } from './findConnector';
import { affectedNamespaces, isInUse, SHARED_SESSION_TYPES } from './sharedSessions';
import { PAIRING_TYPES, settled, type Attempt } from './connectAttempt';
import type { followWalletEvent, WalletEventHost } from './walletEvents';
import type { BalanceHost, refreshBalance } from './nativeBalance';
import type { TransactionHost } from './transactions';

export const Connection = Symbol('Connection');

export interface ConnectionState {
  /** Connector id of the newest connect still waiting for its wallet, if any. */
  readonly pending: string | undefined;
  readonly error: LatchkeyError | undefined;
}

export interface ConnectionEvent {
  readonly namespace: ChainNamespace;
  readonly connectorId: string;
  readonly address?: string;
}

/**
 * Connect, reconnect and disconnect orchestration (docs/connection.md#connecting).
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

export class ConnectionImpl implements Connection, WalletEventHost, BalanceHost, TransactionHost {
  private readonly store = new Store<ConnectionState>({ pending: undefined, error: undefined });
  readonly state$ = this.store.state$;
  private readonly connected$ = new Subject<ConnectionEvent>();
  private readonly disconnected$ = new Subject<ConnectionEvent>();
  readonly onDidConnect$ = this.connected$.asObservable();
  readonly onDidDisconnect$ = this.disconnected$.asObservable();
  private readonly watching = new Map<ChainAdapter, Subscription>();
  /** The current connect per namespace (started by the visitor); startup restore leaves these namespaces alone. */
  private readonly attempts = new Map<ChainNamespace, Attempt>();
  /** ./walletEvents.ts's follower, once loaded. */
  private follow: typeof followWalletEvent | undefined;
  /** ./nativeBalance.ts's reading, once loaded. */
  private balance: { readonly refreshBalance: typeof refreshBalance } | undefined;

  constructor(
    readonly account: Account,
    readonly network: Network,
    private readonly modal: Modal,
    readonly connectors: ConnectorRegistry,
    readonly plugins: PluginHost,
    readonly storage: Storage,
    readonly events: Events,
    private readonly container: Container,
  ) {}

  get state(): ConnectionState {
    return this.store.state;
  }

  async connect(params: { readonly connectorId: string; readonly namespace?: ChainNamespace }): Promise<void> {
    const group = this.connectors.get(params.connectorId);
    const connector = resolveConnector(this.connectors, params.connectorId, params.namespace ?? this.network.state.activeNamespace);
    const ns = connector.chain;
    const previous = this.attempts.get(ns);
    const attempt: Attempt = { connector, abort: new AbortController(), before: previous?.before ?? this.account.get(ns).status };
    this.attempts.set(ns, attempt);
    previous?.abort.abort(new RequestAbortedError({ details: `Another connection (${connector.name}) replaced this one.` }));
    const isCurrent = () => this.attempts.get(ns) === attempt;
    const pairing = PAIRING_TYPES.includes(connector.type);
    this.store.set({ pending: connector.id, error: undefined });
    // A wallet prompt is a connection in progress; a pairing (a QR code on show) is not.
    this.account.setStatus(ns, pairing ? settled(attempt.before) : 'connecting');
    this.modal.resumeWith(pairing ? undefined : { view: this.plugins.connectorView(connector.type) ?? 'ConnectingExternal', data: { connectorId: connector.id, title: connector.name } });
    try {
      const adapter = await this.adapterFor(ns);
      const result = await adapter.connect({ connector, network: this.network.state.namespaces[ns].caipNetwork, signal: attempt.abort.signal });
      if (!isCurrent()) {
        // Abandoned, but the wallet connected anyway: undo that connection, touch nothing else.
        await this.releaseAbandoned(adapter, connector);
        throw attempt.abort.signal.reason instanceof LatchkeyError ? attempt.abort.signal.reason : new RequestAbortedError();
      }
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
      this.finish(ns, attempt, undefined);
    } catch (err) {
      const error = await toError(err);
      if (isCurrent()) {
        this.account.setStatus(ns, settled(attempt.before));
        this.finish(ns, attempt, error);
        this.events.track({ type: 'track', event: 'CONNECT_ERROR', properties: { message: error.shortMessage } });
      }
      throw error;
    }
  }

  /** Ends the current attempt of `ns`: the newest other attempt (if any) becomes the pending one. */
  private finish(ns: ChainNamespace, attempt: Attempt, error: LatchkeyError | undefined): void {
    if (this.attempts.get(ns) !== attempt) return;
    this.attempts.delete(ns);
    const rest = [...this.attempts.values()].filter((a) => !a.companion);
    const next = rest.at(-1);
    this.store.set({ pending: next?.connector.id, error });
    if (!rest.some((a) => !PAIRING_TYPES.includes(a.connector.type))) this.modal.resumeWith(undefined);
  }

  /**
   * An abandoned attempt's wallet connected after all: disconnect it through its adapter, unless
   * the connector (or, for a session connector, its session) now serves a namespace.
   */
  private async releaseAbandoned(adapter: ChainAdapter, connector: Connector): Promise<void> {
    if (isInUse(this.account, this.connectors, connector)) return;
    await adapter.disconnect({ connector }).catch(() => undefined);
  }

  /**
   * The other members of a multi-chain wallet, after `primary` connected: each namespace a
   * plugin adapts and the host has networks for, unless already connected (to this wallet or
   * another) or being connected. Silent first (no prompt when the wallet already grants it),
   * then a normal connect. Failures leave that namespace as it was; the active namespace does
   * not change. A connect the visitor starts in that namespace meanwhile counts instead (the
   * companion is abandoned like any attempt).
   */
  private async connectCompanions(members: readonly Connector[], primary: Connector): Promise<void> {
    for (const member of members) {
      const ns = member.chain;
      if (member === primary || ns === primary.chain || !this.plugins.hasAdapter(ns)) continue;
      if (this.network.state.namespaces[ns].requestedCaipNetworks.length === 0) continue;
      if (this.account.get(ns).status !== 'disconnected' || this.attempts.has(ns)) continue;
      const attempt: Attempt = { connector: member, abort: new AbortController(), before: 'disconnected', companion: true };
      this.attempts.set(ns, attempt);
      this.account.setStatus(ns, 'connecting');
      try {
        const adapter = await this.adapterFor(ns);
        const network = this.network.state.namespaces[ns].caipNetwork;
        const result =
          (await adapter.reconnect({ connector: member, network }).catch(() => null)) ??
          (await adapter.connect({ connector: member, network, signal: attempt.abort.signal }));
        if (this.attempts.get(ns) !== attempt) {
          await this.releaseAbandoned(adapter, member);
          continue;
        }
        this.applyConnection(adapter, member, result, { activate: false });
        this.connected$.next({ namespace: ns, connectorId: member.id, address: result.address });
        void this.refreshBalance(ns).catch(() => undefined);
      } catch (err) {
        if (this.attempts.get(ns) !== attempt) continue;
        this.account.setStatus(ns, 'disconnected');
        console.warn(`[latchkey] ${member.name} did not connect its ${ns} account`, err);
      } finally {
        if (this.attempts.get(ns) === attempt) this.attempts.delete(ns);
      }
    }
  }

  async reconnect(): Promise<void> {
    const jobs = CHAIN_NAMESPACES.filter((ns) => this.plugins.hasAdapter(ns)).map(async (ns) => {
      const status = this.account.get(ns).status;
      const connectorId = this.storage.connectorId(ns);
      // Only a restored status is synced here; a connect the visitor started is left alone.
      if (status !== 'connecting' || this.attempts.has(ns)) return;
      try {
        if (!connectorId) throw new ConnectorNotFoundError('(none stored)');
        const connector = await waitForConnector(this.connectors, connectorId);
        const adapter = await this.adapterFor(ns);
        const result = await adapter.reconnect({ connector, network: this.network.state.namespaces[ns].caipNetwork });
        if (!result) throw new LatchkeyError('The wallet no longer grants access to this account');
        if (this.attempts.has(ns)) return;
        // The namespace the visitor was looking at stays active (several may be restored).
        this.applyConnection(adapter, connector, result, { activate: false });
        this.connected$.next({ namespace: ns, connectorId: connector.id, address: result.address });
        void this.refreshBalance(ns).catch(() => undefined);
      } catch (err) {
        if (this.attempts.has(ns)) return;
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
    const targets = affectedNamespaces(this.account, this.connectors, namespace);
    // A multi-chain wallet's other namespaces still connecting (companions) stop: their late approval
    // is let go (connectCompanions), so a visitor who disconnects gets no account back a moment later.
    for (const [ns, attempt] of this.attempts) {
      if (!attempt.companion) continue;
      this.attempts.delete(ns);
      attempt.abort.abort();
      this.account.setStatus(ns, 'disconnected');
    }
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
      this.events.track({ type: 'track', event: 'DISCONNECT_ERROR', properties: { message: (await toError(failure)).shortMessage } });
      throw new FailedToDisconnectError({ cause: failure });
    }
    this.events.track({ type: 'track', event: 'DISCONNECT_SUCCESS' });
  }

  signMessage(message: string, namespace?: ChainNamespace): Promise<string> {
    return import('./transactions').then((m) => m.signMessage(this, message, namespace));
  }

  sendTransaction<N extends ChainNamespace>(request: TransactionRequest<N>, namespace?: N): Promise<string> {
    return import('./transactions').then((m) => m.sendTransaction(this, request, namespace));
  }

  transfer(request: TransferRequest, namespace?: ChainNamespace): Promise<string> {
    return import('./transactions').then((m) => m.transfer(this, request, namespace));
  }

  /** ./nativeBalance.ts's reading, loaded with the first adapter ({@link adapterFor}), else now. */
  refreshBalance(namespace?: ChainNamespace, options?: { readonly force?: boolean }): Promise<void> {
    const balance = this.balance;
    if (!balance) return import('./nativeBalance').then((m) => (this.balance ??= m).refreshBalance(this, namespace, options));
    return balance.refreshBalance(this, namespace, options);
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
    // docs/connection.md#account-sync: account sync (profile name and image) is for eip155 only; elsewhere they stay cleared.
    if (!isAccountSyncSupported(ns)) this.account.setProfile(ns, { name: null, image: null });
    this.storage.setConnectorId(ns, connector.id);
    if (activate) this.network.setActiveNamespace(ns);
    this.network.setActiveChainId(ns, result.chainId, { activate });
    this.watch(adapter);
  }

  /**
   * Follows the adapter's wallet events (./walletEvents.ts). That code is loaded with the first
   * adapter ({@link adapterFor}), so it is here by the time a connection is applied; should it
   * not be yet, the watch starts once it is.
   */
  private watch(adapter: ChainAdapter): void {
    const follow = this.follow;
    if (!follow) {
      void import('./walletEvents').then(({ followWalletEvent }) => {
        this.follow ??= followWalletEvent;
        this.watch(adapter);
      });
      return;
    }
    if (this.watching.has(adapter)) return;
    this.watching.set(adapter, adapter.events$.subscribe((event) => follow(this, event)));
  }

  /**
   * The adapter of `ns`, with the code that follows its wallet events and reads its balance
   * (loaded alongside, not before a connect). ./transactions.ts is fetched now too, so that a
   * first signature or send does not wait for the network before the wallet's prompt.
   */
  private async adapterFor(ns: ChainNamespace): Promise<ChainAdapter> {
    void import('./transactions').catch(() => undefined);
    const [adapter, { followWalletEvent }, balance] = await Promise.all([this.plugins.adapter(ns), import('./walletEvents'), import('./nativeBalance')]);
    this.follow ??= followWalletEvent;
    this.balance ??= balance;
    return adapter;
  }

  /** @internal (WalletEventHost) */
  clearNamespace(ns: ChainNamespace, connectorId: string | undefined): void {
    // Balances of the account that leaves are not kept on the device.
    nativeBalanceCache(this.storage).clear();
    this.account.reset(ns);
    this.network.reset(ns);
    this.storage.setConnectorId(ns, undefined);
    this.disconnected$.next({ namespace: ns, connectorId: connectorId ?? '' });
  }

  /** @internal (WalletEventHost) */
  sessionStates(): SessionState[] {
    return this.container.isBound(SessionState) ? this.container.getAll<SessionState>(SessionState) : [];
  }

  async session(namespace?: ChainNamespace, capability?: AdapterCapability): Promise<ConnectedSession> {
    const ns = namespace ?? this.network.state.activeNamespace;
    const state = ns ? this.account.get(ns) : undefined;
    const connector = state?.connectorId ? this.connectors.get(state.connectorId) : undefined;
    const network: CaipNetwork | undefined = ns ? this.network.state.namespaces[ns].caipNetwork : undefined;
    if (!ns || !state || state.status !== 'connected' || !state.address || !connector || !network) {
      throw new AddressOrAuthConnectorNotFoundError();
    }
    const adapter = await this.plugins.adapter(ns);
    if (capability && typeof adapter[capability] !== 'function') throw new CapabilityNotSupportedError(capability, ns);
    return { namespace: ns, adapter, connector, network, address: state.address };
  }
}
