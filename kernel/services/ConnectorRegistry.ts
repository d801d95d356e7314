import type { Observed } from '../store';
import type { ChainNamespace, ConnectMethod, Connector, ConnectorTypeOrder, RecentWallet } from '../types';

export const ConnectorRegistry = Symbol('ConnectorRegistry');

export const DEFAULT_CONNECTOR_TYPE_ORDER: readonly ConnectorTypeOrder[] = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
];
export const DEFAULT_CONNECT_METHOD_ORDER: readonly ConnectMethod[] = ['email', 'social', 'wallet'];
export const WALLET_FIRST_CONNECT_METHOD_ORDER: readonly ConnectMethod[] = ['wallet', 'email', 'social'];

export interface ConnectorRegistryState {
  /** Every registered connector, one per (id). */
  readonly connectors: readonly Connector[];
  readonly recent: readonly RecentWallet[];
}

export interface ConnectorRegistry extends Observed<ConnectorRegistryState> {
  /**
   * Adds or replaces connectors. An ANNOUNCED connector replaces an INJECTED
   * one with the same rdns (de-duplication of EIP-6963 and window.ethereum).
   */
  add(connectors: Connector | readonly Connector[]): void;
  remove(id: string): void;
  get(id: string): Connector | undefined;
  byNamespace(namespace: ChainNamespace): readonly Connector[];
  /** Connectors with the same name across namespaces grouped into MULTI_CHAIN entries. */
  grouped(): readonly Connector[];
  /** Configured order, or wallet-first when a usable injected/announced wallet exists. */
  connectMethodsOrder(): readonly ConnectMethod[];
  connectorTypeOrder(): readonly ConnectorTypeOrder[];
  /** Remembers a wallet the visitor connected (at most 2, most recent first). */
  addRecent(wallet: RecentWallet): void;
}
