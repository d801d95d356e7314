import { CHAIN_NAMESPACES } from '../namespaces';

import { Store, type Observed } from '../store';
import type { CaipNetworkId, ChainNamespace, CaipNetwork, NetworkState } from '../types';
import { matchesNetwork, unsupportedNetwork as placeholderNetwork } from '../networks';
import { AdapterForNamespaceNotFoundError } from '../errors/kernel';
import { RequestAbortedError } from '../errors/request';
import { Options } from '../options/Options';
import { Storage } from './Storage';
import { readInitialState, withInitialNetworks } from './initialState';
import { Modal } from './Modal';
import { Account } from './Account';
import { PluginHost } from '../plugin/PluginHost';
import { ConnectorRegistry } from './ConnectorRegistry';
import { Alerts } from './Alerts';

export const Network = Symbol('Network');


export interface NetworkServiceState {
  readonly activeNamespace: ChainNamespace | undefined;
  /** The active namespace's network. */
  readonly activeNetwork: CaipNetwork | undefined;
  readonly namespaces: Readonly<Record<ChainNamespace, NetworkState>>;
  /**
   * A switch waiting for the connected wallet's approval ("Continue in {walletName}"), until the
   * wallet answers or {@link Network.cancelSwitch} is called.
   */
  readonly pendingSwitch?: PendingSwitch;
}

interface PendingSwitch {
  readonly network: CaipNetwork;
  readonly connectorId: string;
  /** The wallet to continue in (the connected wallet's name). */
  readonly walletName: string;
}

/**
 * Per-namespace network state (docs/connection.md#network-switching): requested and approved
 * networks, the active one, switching and the UnsupportedChain rules.
 */
export interface Network extends Observed<NetworkServiceState> {
  /**
   * Startup: each namespace back on its stored network (when listed), the stored namespace
   * active. (The state before it is what a server renders: see `withInitialNetworks`.)
   */
  restoreFromStorage(): void;
  /** Every requested network across namespaces. */
  networks(): readonly CaipNetwork[];
  find(id: CaipNetworkId | number | string, namespace?: ChainNamespace): CaipNetwork | undefined;
  /**
   * Switches the active network; asks the connected wallet first when the namespace is
   * connected and not already on that network (`pendingSwitch` is set while it waits).
   * Switching between namespaces keeps each namespace's account. Unknown id: 'switch network
   * not found' alert. A newer switch or {@link cancelSwitch} ends the wait with RequestAbortedError.
   */
  switchNetwork(target: CaipNetwork | CaipNetworkId): Promise<void>;
  /**
   * Stops waiting for the wallet's answer to the pending switch: its `switchNetwork` rejects with
   * RequestAbortedError and the active network stays. (The wallet's prompt may stay open; if it
   * is approved later, the wallet's chainChanged still moves the network.)
   */
  cancelSwitch(): void;
  /**
   * Records a network the wallet reports (chainChanged). A network outside the
   * requested list becomes the 'unsupported network' placeholder and may open
   * UnsupportedChain. With `activate: false` only the network of its namespace
   * changes: the active namespace stays (a wallet event or a restore in a namespace
   * the visitor is not looking at), and UnsupportedChain opens only for the active one.
   */
  setActiveNetwork(network: CaipNetwork | undefined, options?: NetworkUpdateOptions): void;
  /** Marks the chain the wallet is on by id, for wallet events (`activate` as in setActiveNetwork). */
  setActiveChainId(namespace: ChainNamespace, chainId: number | string, options?: { readonly activate?: boolean }): void;
  setActiveNamespace(namespace: ChainNamespace): void;
  /** Throws "Adapter for namespace {ns} doesn't exist" without an adapter; known ids ignored. */
  addNetwork(namespace: ChainNamespace, network: CaipNetwork): void;
  removeNetwork(namespace: ChainNamespace, id: CaipNetworkId | number | string): void;
  setApprovedNetworkIds(namespace: ChainNamespace, ids: readonly CaipNetworkId[]): void;
  setSupportsAllNetworks(namespace: ChainNamespace, value: boolean): void;
  /**
   * The chains on which the connected wallet offers smart accounts (the embedded wallet's
   * GET_SMART_ACCOUNT_ENABLED_NETWORKS); cleared by {@link reset}.
   */
  setSmartAccountEnabledNetworks(namespace: ChainNamespace, ids: readonly (number | string)[]): void;
  /** True when `network` is among the requested networks of its namespace. */
  isSupported(network: CaipNetwork): boolean;
  /** Placeholder network used when the wallet is on a chain we do not support. */
  unsupportedNetwork(namespace: ChainNamespace, chainId: number | string): CaipNetwork;
  /** Resets state of one namespace to its defaults (used by disconnect). */
  reset(namespace: ChainNamespace): void;
}

export interface NetworkUpdateOptions {
  /** The wallet reported it (chainChanged), rather than the visitor choosing it. */
  readonly fromWallet?: boolean;
  /** Make its namespace the active one (default true). */
  readonly activate?: boolean;
}

function emptyNetworkState(): NetworkState {
  return {
    caipNetwork: undefined,
    requestedCaipNetworks: [],
    approvedCaipNetworkIds: [],
    supportsAllNetworks: true,
    smartAccountEnabledNetworks: [],
  };
}

export class NetworkImpl implements Network {
  private readonly store: Store<NetworkServiceState>;
  readonly state$;
  /** The switch waiting for its wallet: its ticket and how to stop waiting. */
  private waiting: { readonly ticket: number; readonly stop: (reason: RequestAbortedError) => void } | undefined;
  private tickets = 0;

  constructor(
    private readonly options: Options,
    private readonly storage: Storage,
    private readonly modal: Modal,
    private readonly account: Account,
    private readonly plugins: PluginHost,
    private readonly connectors: ConnectorRegistry,
    private readonly alerts: Alerts,
  ) {
    const opts = options.state;
    const namespaces = Object.fromEntries(CHAIN_NAMESPACES.map((ns) => [ns, emptyNetworkState()])) as Record<
      ChainNamespace,
      NetworkState
    >;
    // Requested networks per namespace, first of each CAIP id kept (linear: hosts pass long lists).
    const seen = new Set<string>();
    const lists = new Map<ChainNamespace, CaipNetwork[]>();
    for (const n of opts.networks) {
      if (!namespaces[n.chainNamespace] || seen.has(n.caipNetworkId)) continue;
      seen.add(n.caipNetworkId);
      const list = lists.get(n.chainNamespace) ?? [];
      list.push(n);
      lists.set(n.chainNamespace, list);
    }
    for (const [ns, list] of lists) namespaces[ns] = { ...namespaces[ns], requestedCaipNetworks: list };
    // Nothing stored is read here (restoreFromStorage does): the state as created is the one a server renders.
    for (const ns of CHAIN_NAMESPACES) {
      const entry = namespaces[ns];
      const list = entry.requestedCaipNetworks;
      if (list.length === 0) continue;
      const fromDefault =
        opts.defaultNetwork?.chainNamespace === ns ? list.find((n) => n.caipNetworkId === opts.defaultNetwork!.caipNetworkId) : undefined;
      namespaces[ns] = { ...entry, caipNetwork: fromDefault ?? list[0] };
    }
    // A default network the host did not list is a configuration slip: say so (docs/errors.md#alerts,
    // 'Network Not Found': make sure the network is in the 'networks' array).
    if (opts.defaultNetwork && !seen.has(opts.defaultNetwork.caipNetworkId)) alerts.showKey('NETWORK_NOT_FOUND');
    const activeNamespace = opts.defaultNetwork?.chainNamespace ?? opts.networks[0]?.chainNamespace;
    this.store = new Store<NetworkServiceState>({
      activeNamespace,
      activeNetwork: activeNamespace ? namespaces[activeNamespace].caipNetwork : undefined,
      namespaces,
    });
    this.state$ = this.store.state$;
  }

  get state(): NetworkServiceState {
    return this.store.state;
  }

  restoreFromStorage(): void {
    this.store.set(withInitialNetworks(this.store.state, readInitialState(this.storage)));
  }

  networks(): readonly CaipNetwork[] {
    return CHAIN_NAMESPACES.flatMap((ns) => this.state.namespaces[ns].requestedCaipNetworks);
  }

  find(id: CaipNetworkId | number | string, namespace?: ChainNamespace): CaipNetwork | undefined {
    const list = namespace ? this.state.namespaces[namespace].requestedCaipNetworks : this.networks();
    return list.find((n) => matchesNetwork(n, id));
  }

  isSupported(network: CaipNetwork): boolean {
    return this.state.namespaces[network.chainNamespace]?.requestedCaipNetworks.some(
      (n) => n.caipNetworkId === network.caipNetworkId,
    ) ?? false;
  }

  unsupportedNetwork(namespace: ChainNamespace, chainId: number | string): CaipNetwork {
    return placeholderNetwork(namespace, chainId);
  }

  async switchNetwork(target: CaipNetwork | CaipNetworkId): Promise<void> {
    const network = typeof target === 'string' ? this.find(target) : this.find(target.caipNetworkId, target.chainNamespace);
    if (!network) {
      this.alerts.showKey('SWITCH_NETWORK_NOT_FOUND');
      return;
    }
    const ns = network.chainNamespace;
    const account = this.account.get(ns);
    // Back to the network its namespace is already on (e.g. from Solana to the EVM chain the
    // wallet is on): only the active namespace changes, the wallet is not asked.
    const already = this.state.namespaces[ns].caipNetwork?.caipNetworkId === network.caipNetworkId;
    const connector = !already && account.status === 'connected' && account.connectorId ? this.connectors.get(account.connectorId) : undefined;
    if (connector) await this.askWallet(connector, network, account.connectedWalletInfo?.name ?? connector.name);
    else this.waiting?.stop(new RequestAbortedError({ details: 'A newer network switch replaced this one.' }));
    this.setActiveNetwork(network);
  }

  cancelSwitch(): void {
    this.waiting?.stop(new RequestAbortedError({ details: 'The network switch was cancelled.' }));
  }

  /** Asks the wallet to switch, with `pendingSwitch` set until it answers, a newer switch starts, or the switch is cancelled. */
  private async askWallet(connector: { readonly id: string; readonly name: string }, network: CaipNetwork, walletName: string): Promise<void> {
    this.waiting?.stop(new RequestAbortedError({ details: 'A newer network switch replaced this one.' }));
    const ticket = ++this.tickets;
    let stop!: (reason: RequestAbortedError) => void;
    const stopped = new Promise<never>((_, reject) => (stop = reject));
    this.waiting = { ticket, stop };
    this.store.patch({ pendingSwitch: { network, connectorId: connector.id, walletName } });
    try {
      const adapter = await Promise.race([this.plugins.adapter(network.chainNamespace), stopped]);
      const found = this.connectors.get(connector.id);
      if (found) await Promise.race([adapter.switchNetwork({ connector: found, network }), stopped]);
    } finally {
      if (this.waiting?.ticket === ticket) {
        this.waiting = undefined;
        this.store.patch({ pendingSwitch: undefined });
      }
    }
  }

  setActiveNetwork(network: CaipNetwork | undefined, options: NetworkUpdateOptions = {}): void {
    if (!network) {
      const ns = this.state.activeNamespace;
      if (ns) this.patchNamespace(ns, { caipNetwork: undefined });
      return;
    }
    const ns = network.chainNamespace;
    const supported = this.isSupported(network);
    const value = supported ? this.find(network.caipNetworkId, ns)! : placeholderNetwork(ns, network.id);
    const activate = options.activate !== false || this.state.activeNamespace === ns;
    this.patchNamespace(ns, { caipNetwork: value });
    if (supported) this.storage.setActiveNetwork(ns, value.caipNetworkId);
    if (!activate) return;
    this.store.patch({ activeNamespace: ns, activeNetwork: value });
    this.storage.setActiveNamespace(ns);
    if (!supported) this.maybeOpenUnsupported(options.fromWallet === true);
  }

  setActiveChainId(namespace: ChainNamespace, chainId: number | string, options: { readonly activate?: boolean } = {}): void {
    const known = this.find(chainId, namespace);
    this.setActiveNetwork(known ?? placeholderNetwork(namespace, chainId), { fromWallet: true, activate: options.activate });
  }

  setActiveNamespace(namespace: ChainNamespace): void {
    const network = this.state.namespaces[namespace].caipNetwork;
    this.store.patch({ activeNamespace: namespace, activeNetwork: network });
    this.storage.setActiveNamespace(namespace);
  }

  addNetwork(namespace: ChainNamespace, network: CaipNetwork): void {
    this.assertAdapter(namespace);
    const entry = this.state.namespaces[namespace];
    if (entry.requestedCaipNetworks.some((n) => n.caipNetworkId === network.caipNetworkId || String(n.id) === String(network.id))) return;
    this.patchNamespace(namespace, { requestedCaipNetworks: [...entry.requestedCaipNetworks, network] });
  }

  removeNetwork(namespace: ChainNamespace, id: CaipNetworkId | number | string): void {
    this.assertAdapter(namespace);
    const entry = this.state.namespaces[namespace];
    const removed = entry.requestedCaipNetworks.find((n) => matchesNetwork(n, id));
    if (!removed) return;
    const rest = entry.requestedCaipNetworks.filter((n) => n !== removed);
    const wasActive = entry.caipNetwork?.caipNetworkId === removed.caipNetworkId;
    this.patchNamespace(namespace, {
      requestedCaipNetworks: rest,
      ...(wasActive ? { caipNetwork: rest[0] } : {}),
    });
    if (wasActive) this.storage.setActiveNetwork(namespace, rest[0]?.caipNetworkId);
  }

  setApprovedNetworkIds(namespace: ChainNamespace, ids: readonly CaipNetworkId[]): void {
    this.patchNamespace(namespace, { approvedCaipNetworkIds: [...ids] });
  }

  setSupportsAllNetworks(namespace: ChainNamespace, value: boolean): void {
    this.patchNamespace(namespace, { supportsAllNetworks: value });
  }

  setSmartAccountEnabledNetworks(namespace: ChainNamespace, ids: readonly (number | string)[]): void {
    this.patchNamespace(namespace, { smartAccountEnabledNetworks: [...ids] });
  }

  reset(namespace: ChainNamespace): void {
    const entry = this.state.namespaces[namespace];
    const active = entry.caipNetwork && this.isSupported(entry.caipNetwork) ? entry.caipNetwork : entry.requestedCaipNetworks[0];
    this.patchNamespace(namespace, {
      caipNetwork: active,
      approvedCaipNetworkIds: [],
      supportsAllNetworks: true,
      smartAccountEnabledNetworks: [],
    });
  }

  /**
   * UnsupportedChain opens when switching is enabled, unsupported chains are
   * not allowed and the mode is not basic (basic: no chain adapter registered).
   */
  private maybeOpenUnsupported(fromWallet: boolean): void {
    const opts = this.options.state;
    const basic = this.plugins.namespaces().length === 0;
    if (!opts.enableNetworkSwitch || opts.allowUnsupportedChain || basic) return;
    if (!fromWallet && !this.account.isConnected()) return;
    void this.modal.open({ view: 'UnsupportedChain' });
  }

  private assertAdapter(namespace: ChainNamespace): void {
    if (!this.plugins.hasAdapter(namespace)) throw new AdapterForNamespaceNotFoundError(namespace);
  }

  private patchNamespace(namespace: ChainNamespace, patch: Partial<NetworkState>): void {
    this.store.patch((s) => {
      const entry = { ...s.namespaces[namespace], ...patch };
      const namespaces = { ...s.namespaces, [namespace]: entry };
      return s.activeNamespace === namespace ? { namespaces, activeNetwork: entry.caipNetwork } : { namespaces };
    });
  }
}
