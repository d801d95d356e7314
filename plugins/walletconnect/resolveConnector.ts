/**
 * The WalletConnect connector a pairing connects first. A view may be opened
 * with a connector id, the MULTI_CHAIN group id, or nothing (basic mode); the
 * session then brings the other namespaces along (./followSession).
 */
import type { ChainNamespace, Connector, ConnectorRegistry } from 'latchkey';
import { WalletConnectConnectorNotFoundError } from './errors';

/**
 * The id of the WALLET_CONNECT connector to connect for `requested` (a connector or group id):
 * a group's member on the active namespace, else its first WalletConnect member; without a
 * request, the registered WalletConnect connector on the active namespace, else the first one.
 * Throws WalletConnectConnectorNotFoundError ('WalletConnectConnector not found') when there is none.
 */
export function resolveWalletConnectConnectorId(
  connectors: Pick<ConnectorRegistry, 'get' | 'state'>,
  activeNamespace: ChainNamespace | undefined,
  requested?: string,
): string {
  const pick = (list: readonly Connector[]): Connector | undefined => {
    const wc = list.filter((c) => c.type === 'WALLET_CONNECT');
    return wc.find((c) => c.chain === activeNamespace) ?? wc[0];
  };
  const asked = requested ? connectors.get(requested) : undefined;
  const found =
    asked?.type === 'WALLET_CONNECT'
      ? asked
      : asked?.type === 'MULTI_CHAIN'
        ? pick(asked.connectors ?? [])
        : requested && asked
          ? undefined
          : pick(connectors.state.connectors);
  if (!found) {
    throw new WalletConnectConnectorNotFoundError({
      details: requested ? `No WalletConnect connector for '${requested}'.` : 'No WalletConnect connector is registered (enableWalletConnect may be false).',
    });
  }
  return found.id;
}
