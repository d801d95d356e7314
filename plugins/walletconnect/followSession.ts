/**
 * How the session follows the kernel's connections.
 *
 * One pairing connects every namespace of the session. When the wallet approves
 * a pairing, or the kernel connects one WalletConnect connector (a pairing view,
 * the EVM adapter asking the lazy EIP-1193 provider, a restore), the other
 * WalletConnect connectors whose namespace the wallet approved are connected
 * too, through `Connection.connect` (their adapters find the live session: no
 * second prompt). Namespaces already connected or connecting (another wallet, a
 * restore in progress) are left alone. The namespace the visitor connected
 * stays the active one.
 *
 * A namespace connected through the session shows the wallet behind it (its own name and icon,
 * cleaned) rather than "WalletConnect", so "Continue in {wallet}" names the wallet to look at.
 *
 * The chains the wallet approved for a namespace connected through the session (whichever adapter
 * serves it: the universal one, or a chain plugin's through the session's EIP-1193 provider) are
 * recorded in the network state (`approvedCaipNetworkIds`, `supportsAllNetworks: false`), and again
 * when the wallet updates the session; the Networks view marks the others, and switching to one
 * asks the wallet (which may add it). A disconnect resets them (the kernel's Network.reset).
 *
 * A pairing belongs to the WalletConnect connect that started it: when the visitor starts
 * another wallet's connect instead (WalletConnect, Back, the installed wallet), the pairing
 * stops, and its waiting connect ends without touching the other wallet's connection.
 */
import type { Account, CaipNetworkId, ChainNamespace, Connection, ConnectorRegistry, Network } from 'latchkey';
import { RequestAbortedError } from 'latchkey/errors';
import { sessionChains } from './namespaces/context';
import type { WalletConnectSession } from './types';

export interface FollowSessionDeps {
  readonly connection: Connection;
  readonly connectors: ConnectorRegistry;
  readonly account: Account;
  readonly network: Network;
  readonly session: WalletConnectSession;
}

/** Starts following; returns the disposer. */
export function followWalletConnectSession(deps: FollowSessionDeps): () => void {
  const { connection, connectors, account, network, session } = deps;
  let busy = false;

  const wcChain = (connectorId: string | undefined): ChainNamespace | undefined => {
    const c = connectorId ? connectors.get(connectorId) : undefined;
    return c?.type === 'WALLET_CONNECT' ? c.chain : undefined;
  };

  /** Records the chains the wallet approved for `ns`, when the session serves its connection. */
  const recordApproved = (ns: ChainNamespace): void => {
    const approved = session.currentProvider()?.session?.namespaces[ns];
    if (!approved || !wcChain(account.get(ns).connectorId) || account.get(ns).status === 'disconnected') return;
    network.setApprovedNetworkIds(ns, sessionChains(approved) as CaipNetworkId[]);
    network.setSupportsAllNetworks(ns, false);
  };

  const follow = async (primary: ChainNamespace | undefined): Promise<void> => {
    if (busy) return; // the connects below announce themselves too
    busy = true;
    try {
      // After the connect that triggered this has moved on.
      await Promise.resolve();
      const approved = session.currentProvider()?.session?.namespaces ?? {};
      const others = connectors.state.connectors.filter(
        (c) => c.type === 'WALLET_CONNECT' && c.chain !== primary && (approved[c.chain]?.accounts.length ?? 0) > 0,
      );
      for (const c of others) {
        if (account.get(c.chain).status !== 'disconnected' || connection.state.pending === c.id) continue;
        try {
          await connection.connect({ connectorId: c.id });
        } catch (err) {
          console.warn(`[latchkey] WalletConnect: the session's ${c.chain} account could not be connected`, err);
        }
      }
      if (primary && account.get(primary).status === 'connected') network.setActiveNamespace(primary);
    } finally {
      busy = false;
    }
  };

  const subs = [
    connection.onDidConnect$.subscribe((event) => {
      if (!wcChain(event.connectorId)) return;
      recordApproved(event.namespace);
      const peer = session.peerWallet();
      if (peer) account.patch(event.namespace, { connectedWalletInfo: peer });
      void follow(event.namespace);
    }),
  ];
  subs.push(
    session.namespaceEvents$.subscribe((e) => {
      if (e.type !== 'namespacesUpdated') return;
      for (const c of connectors.state.connectors) if (c.type === 'WALLET_CONNECT') recordApproved(c.chain);
    }),
  );
  let pending = connection.state.pending;
  subs.push(
    connection.state$.subscribe((s) => {
      const before = pending;
      pending = s.pending;
      // Another wallet's connect started while a WalletConnect one was waiting: the pairing stops.
      if (before !== undefined && wcChain(before) && s.pending !== undefined && !wcChain(s.pending) && session.state.status === 'pairing') {
        session.cancel(new RequestAbortedError({ details: 'Another wallet was chosen.' }));
      }
    }),
  );
  let previous = session.state.status;
  subs.push(
    session.state$.subscribe((s) => {
      const approvedNow = previous === 'pairing' && s.status === 'connected';
      previous = s.status;
      // The wallet approved: the namespace being connected (if a WalletConnect one) is the visitor's.
      if (approvedNow) void follow(wcChain(connection.state.pending));
    }),
  );
  return () => {
    for (const sub of subs) sub.unsubscribe();
  };
}
