import type { Observed } from '../store';
import type { CaipNetworkId, ChainNamespace, Network as NetworkData, NetworkState } from '../types';

export const Network = Symbol('Network');

export const CHAIN_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'polkadot', 'bip122'];

export interface NetworkServiceState {
  readonly activeNamespace: ChainNamespace | undefined;
  /** The active namespace's network. */
  readonly activeNetwork: NetworkData | undefined;
  readonly namespaces: Readonly<Record<ChainNamespace, NetworkState>>;
}

/**
 * Per-namespace network state (spec sections 3–5): requested and approved
 * networks, the active one, switching and the UnsupportedChain rules.
 */
export interface Network extends Observed<NetworkServiceState> {
  /** Every requested network across namespaces. */
  networks(): readonly NetworkData[];
  find(id: CaipNetworkId | number | string, namespace?: ChainNamespace): NetworkData | undefined;
  /**
   * Switches the active network; asks the connected wallet first when the
   * namespace is connected. Unknown id: 'switch network not found' alert.
   */
  switchNetwork(target: NetworkData | CaipNetworkId): Promise<void>;
  /**
   * Records a network the wallet reports (chainChanged). A network outside the
   * requested list becomes the 'unsupported network' placeholder and may open
   * UnsupportedChain.
   */
  setActiveNetwork(network: NetworkData | undefined, options?: { readonly fromWallet?: boolean }): void;
  /** Marks the chain the wallet is on by id, for wallet events. */
  setActiveChainId(namespace: ChainNamespace, chainId: number | string): void;
  setActiveNamespace(namespace: ChainNamespace): void;
  /** Throws "Adapter for namespace {ns} doesn't exist" without an adapter; known ids ignored. */
  addNetwork(namespace: ChainNamespace, network: NetworkData): void;
  removeNetwork(namespace: ChainNamespace, id: CaipNetworkId | number | string): void;
  setApprovedNetworkIds(namespace: ChainNamespace, ids: readonly CaipNetworkId[]): void;
  setSupportsAllNetworks(namespace: ChainNamespace, value: boolean): void;
  /** True when `network` is among the requested networks of its namespace. */
  isSupported(network: NetworkData): boolean;
  /** Placeholder network used when the wallet is on a chain we do not support. */
  unsupportedNetwork(namespace: ChainNamespace, chainId: number | string): NetworkData;
  /** Resets state of one namespace to its defaults (used by disconnect). */
  reset(namespace: ChainNamespace): void;
}
