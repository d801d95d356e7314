/**
 * Which namespaces go together (docs/connection.md#disconnect): one WalletConnect pairing or embedded-auth
 * session serves several namespaces, each through its own connector, and a multi-chain wallet
 * (a MULTI_CHAIN group of ConnectorRegistry `grouped()`) is one wallet to the visitor. What
 * Connection disconnects together, and what a wallet's session end resets (./walletEvents.ts).
 */
import type { ChainNamespace, Connector } from '../types';
import { CHAIN_NAMESPACES } from '../namespaces';
import type { Account } from './Account';
import type { ConnectorRegistry } from './ConnectorRegistry';

/** Connector types whose one session spans several namespaces: they disconnect together. */
export const SHARED_SESSION_TYPES: readonly string[] = ['WALLET_CONNECT', 'AUTH', 'ID_AUTH'];

/** Whether the connector is a session connector (WalletConnect, embedded auth) spanning namespaces. */
export function isSessionConnector(connectors: ConnectorRegistry, connectorId: string): boolean {
  const type = connectors.get(connectorId)?.type;
  return type !== undefined && SHARED_SESSION_TYPES.includes(type);
}

function connectedNamespaces(account: Account): ChainNamespace[] {
  return CHAIN_NAMESPACES.filter((ns) => account.get(ns).status !== 'disconnected');
}

/**
 * `namespace`, plus every connected namespace whose connector is of the same
 * shared-session type (one WalletConnect pairing serves several namespaces,
 * each through its own connector).
 */
export function sessionNamespaces(account: Account, connectors: ConnectorRegistry, namespace: ChainNamespace): ChainNamespace[] {
  const typeOf = (ns: ChainNamespace): string | undefined => {
    const id = account.get(ns).connectorId;
    return id ? connectors.get(id)?.type : undefined;
  };
  const type = typeOf(namespace);
  if (!type || !SHARED_SESSION_TYPES.includes(type)) return [namespace];
  return [namespace, ...connectedNamespaces(account).filter((ns) => ns !== namespace && typeOf(ns) === type)];
}

/**
 * The namespace asked for plus those on the same WalletConnect or embedded-auth session, and
 * those connected through the same multi-chain wallet (members of one MULTI_CHAIN group: the
 * visitor chose one wallet, Disconnect disconnects it); all when none given.
 */
export function affectedNamespaces(account: Account, connectors: ConnectorRegistry, namespace?: ChainNamespace): ChainNamespace[] {
  if (!namespace) return connectedNamespaces(account);
  const id = account.get(namespace).connectorId;
  const group = id ? connectors.grouped().find((g) => g.type === 'MULTI_CHAIN' && g.connectors?.some((m) => m.id === id)) : undefined;
  const siblings = group
    ? connectedNamespaces(account).filter((ns) => ns !== namespace && group.connectors!.some((m) => m.id === account.get(ns).connectorId))
    : [];
  return [...new Set([...sessionNamespaces(account, connectors, namespace), ...siblings])];
}

/** Whether `connector` (or, for a session connector, its session) serves a namespace now. */
export function isInUse(account: Account, connectors: ConnectorRegistry, connector: Connector): boolean {
  const shared = SHARED_SESSION_TYPES.includes(connector.type);
  return CHAIN_NAMESPACES.some((ns) => {
    const id = account.get(ns).connectorId;
    if (!id || account.get(ns).status === 'disconnected') return false;
    return id === connector.id || (shared && connectors.get(id)?.type === connector.type);
  });
}
