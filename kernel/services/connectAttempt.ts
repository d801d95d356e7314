/** A connect the visitor started, as Connection follows it (docs/connection.md#connecting). */
import type { ConnectionStatus, Connector } from '../types';

/**
 * Connector types whose connect first shows a pairing (a QR code, a link) and waits for a wallet
 * elsewhere. A pairing is not a connection: the account stays as it is until the wallet approves,
 * and closing the pairing view is not "leaving a connect mid-way".
 */
export const PAIRING_TYPES: readonly string[] = ['WALLET_CONNECT'];

/**
 * A connect the visitor started. The newest one per namespace is the one that counts: an
 * attempt left for another (WalletConnect chosen, Back, then the installed wallet) is aborted,
 * and whatever it ends with no longer touches the namespace.
 */
export interface Attempt {
  readonly connector: Connector;
  readonly abort: AbortController;
  /** The namespace's status before the first attempt of this run (restored when the run fails). */
  readonly before: ConnectionStatus;
  /** A multi-chain wallet's other namespace, connected after the visitor's choice (never the pending one). */
  readonly companion?: boolean;
}

/** Where a failed connect leaves the namespace: connected stays connected, anything else is disconnected. */
export function settled(status: ConnectionStatus): ConnectionStatus {
  return status === 'connected' ? 'connected' : 'disconnected';
}
