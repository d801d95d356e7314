/**
 * How Connection follows a wallet's events (docs/connection.md#wallet-events). A module of its own, loaded with
 * the first adapter (Connection.adapterFor), so none of it is in what a page loads before its
 * connect button works.
 * - accountsChanged: the account moves to the first address. None left: a session connector's
 *   namespace resets alone (the session's other namespaces live on); any other wallet is
 *   disconnected as the visitor would (its adapter lets go of it).
 * - chainChanged: the network follows the wallet, without switching the view to a namespace the
 *   visitor is not looking at.
 * - disconnect: the wallet ended the connection. A session's end resets every namespace that
 *   session serves, also those still being restored (a wallet-session disconnect resets every
 *   namespace's account); `scope: 'namespace'` resets that namespace alone. Other wallets'
 *   namespaces are not that session's and stay as they are.
 * - transactionIncluded: a transaction the adapter sent is on the chain: the balance is read again.
 * Events of a connector the namespace does not hold (another wallet, an abandoned attempt)
 * change nothing.
 */
import type { AdapterEvent } from '../adapter';
import type { ChainNamespace } from '../types';
import type { SessionState } from '../plugin/tokens';
import { caipAddress, parseCaipAddress } from '../caip';
import type { Account } from './Account';
import type { ConnectorRegistry } from './ConnectorRegistry';
import type { Events } from './Events';
import type { Network } from './Network';
import { isSessionConnector, sessionNamespaces } from './sharedSessions';

/** What the following needs from Connection. */
export interface WalletEventHost {
  readonly account: Account;
  readonly network: Network;
  readonly events: Events;
  readonly connectors: ConnectorRegistry;
  refreshBalance(namespace: ChainNamespace, options?: { readonly force?: boolean }): Promise<void>;
  disconnect(namespace: ChainNamespace): Promise<void>;
  sessionStates(): SessionState[];
  clearNamespace(namespace: ChainNamespace, connectorId: string | undefined): void;
}

export function followWalletEvent(host: WalletEventHost, event: AdapterEvent): void {
  const ns = event.namespace;
  const current = host.account.get(ns);
  if (current.connectorId !== event.connectorId || current.status === 'disconnected') return;
  switch (event.type) {
    case 'accountsChanged': {
      const address = event.accounts[0];
      if (!address) {
        if (isSessionConnector(host.connectors, event.connectorId)) walletDisconnected(host, ns, 'namespace');
        else void host.disconnect(ns).catch(() => undefined);
        return;
      }
      const chainRef = current.caipAddress ? parseCaipAddress(current.caipAddress).chainId : String(host.network.state.namespaces[ns].caipNetwork?.id ?? '');
      host.account.setAddress(ns, address, caipAddress(ns, chainRef, address));
      void host.refreshBalance(ns).catch(() => undefined);
      return;
    }
    case 'chainChanged': {
      host.network.setActiveChainId(ns, event.chainId, { activate: host.network.state.activeNamespace === ns });
      if (current.address) host.account.setAddress(ns, current.address, caipAddress(ns, event.chainId, current.address));
      void host.refreshBalance(ns).catch(() => undefined);
      return;
    }
    case 'disconnect':
      walletDisconnected(host, ns, event.scope ?? 'session');
      return;
    case 'transactionIncluded':
      // the read right after the send may have been answered before this block existed
      void host.refreshBalance(ns, { force: true }).catch(() => undefined);
      return;
  }
}

function walletDisconnected(host: WalletEventHost, ns: ChainNamespace, scope: 'session' | 'namespace'): void {
  const targets = scope === 'session' ? sessionNamespaces(host.account, host.connectors, ns) : [ns];
  for (const reset of host.sessionStates()) for (const target of targets) reset.reset(target);
  for (const target of targets) host.clearNamespace(target, host.account.get(target).connectorId);
  host.events.track({ type: 'track', event: 'DISCONNECT_SUCCESS', properties: { source: 'wallet' } });
}
