import type { Observable } from 'rxjs';
import type { Observed } from '../store';
import type { TransactionRequest } from '../adapter';
import type { ChainNamespace } from '../types';
import type { LatchkeyError } from '../errors/base';

export const Connection = Symbol('Connection');

/**
 * State that belongs to a wallet session and must be cleared on disconnect
 * (send form, pending requests, …). Plugins bind their own to this token
 * (multi-binding); Connection calls `reset()` on each when disconnecting.
 */
export const SessionState = Symbol('SessionState');
export interface SessionState {
  reset(namespace?: ChainNamespace): void;
}

export interface ConnectionState {
  /** Connector id being connected, if any. */
  readonly pending: string | undefined;
  readonly error: LatchkeyError | undefined;
}

export interface ConnectionEvent {
  readonly namespace: ChainNamespace;
  readonly connectorId: string;
  readonly address?: string;
}

/** Connect, reconnect and disconnect orchestration (spec section 4). */
export interface Connection extends Observed<ConnectionState> {
  connect(params: { readonly connectorId: string; readonly namespace?: ChainNamespace }): Promise<void>;
  /** Startup sync of stored connections: connecting → connected, or disconnected with a warning. */
  reconnect(): Promise<void>;
  /** Disconnects `namespace` (and namespaces sharing its WalletConnect/auth connector), or all. */
  disconnect(namespace?: ChainNamespace): Promise<void>;
  signMessage(message: string, namespace?: ChainNamespace): Promise<string>;
  sendTransaction(request: TransactionRequest, namespace?: ChainNamespace): Promise<string>;
  /** Refreshes the native balance of the connected account in `namespace`. */
  refreshBalance(namespace?: ChainNamespace): Promise<void>;
  readonly onDidConnect$: Observable<ConnectionEvent>;
  readonly onDidDisconnect$: Observable<ConnectionEvent>;
}
