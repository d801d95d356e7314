/**
 * Which WalletConnect connectors the manifest registers (entry bundle: pure and tiny).
 * One WALLET_CONNECT connector per namespace a session can carry and the app configured;
 * the registry groups them (same name) into one MULTI_CHAIN entry, 'multichain:walletconnect'.
 */
import type { ChainNamespace } from 'latchkey';

/** The eip155 connector keeps the historical id; its provider is the lazy EIP-1193 facade. */
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect';

/** Namespaces with a wallet-session method list (docs/connection.md#session-methods). */
const SESSION_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122'];

/** 'walletConnect' for eip155, 'walletConnect:<namespace>' for the others. */
export function walletConnectConnectorId(namespace: ChainNamespace): string {
  return namespace === 'eip155' ? WALLETCONNECT_CONNECTOR_ID : `${WALLETCONNECT_CONNECTOR_ID}:${namespace}`;
}

/**
 * Namespaces that get a WalletConnect connector: those of the configured networks that a
 * session can carry, in the networks' order (eip155 alone when none is configured). A
 * namespace a chain plugin adapts keeps its WalletConnect connector only for eip155, whose
 * adapter drives the connector's EIP-1193 provider; for the others the chain plugin's
 * adapter could not use a WalletConnect connector.
 */
export function walletConnectNamespaces(
  networks: readonly { readonly chainNamespace: ChainNamespace }[],
  chainPluginNamespaces: readonly ChainNamespace[],
): ChainNamespace[] {
  const configured: ChainNamespace[] = [];
  for (const n of networks) {
    if (SESSION_NAMESPACES.includes(n.chainNamespace) && !configured.includes(n.chainNamespace)) configured.push(n.chainNamespace);
  }
  const list = configured.length > 0 ? configured : (['eip155'] as ChainNamespace[]);
  return list.filter((ns) => ns === 'eip155' || !chainPluginNamespaces.includes(ns));
}
