/**
 * The lost-connection watchdog. WalletConnect reconnects its relay socket by itself, but while the
 * socket is down the wallet cannot hear us: with a live session, the service's `connectionLost`
 * (and that of the accounts connected through WalletConnect) says so, and the requests waiting
 * for the wallet get a time limit (./inflightRequests). All clears when the relayer is back.
 */
import type { Account, ChainNamespace, ConnectorRegistry, Store } from 'latchkey';
import type { InflightRequests } from './inflightRequests';
import type { UniversalProviderLike, WalletConnectState } from './types';

export interface RelayWatchdogDeps {
  readonly store: Store<WalletConnectState>;
  readonly account: Account;
  readonly connectors: ConnectorRegistry;
  readonly requests: InflightRequests;
}

/** Follows the relay socket of `provider` (only a live session can lose its link) and holds the wait of requests to it. */
export function watchRelay(provider: UniversalProviderLike, deps: RelayWatchdogDeps): void {
  const { store, account, connectors, requests } = deps;
  const setConnectionLost = (lost: boolean): void => {
    const value = lost && provider.session !== undefined;
    if (value === store.state.connectionLost) return;
    store.patch({ connectionLost: value });
    for (const ns of Object.keys(account.state.namespaces) as ChainNamespace[]) {
      const state = account.get(ns);
      const connector = state.connectorId ? connectors.get(state.connectorId) : undefined;
      if (state.status === 'disconnected' || connector?.type !== 'WALLET_CONNECT') continue;
      account.patch(ns, { connectionLost: value });
    }
    requests.relayLost(value);
  };
  const relayer = provider.client?.core?.relayer;
  relayer?.on?.('relayer_disconnect', () => setConnectionLost(true));
  relayer?.on?.('relayer_connect', () => setConnectionLost(false));
}
