import type { Observable } from 'rxjs';
import type {
  AccountRecord,
  CaipAddress,
  ChainNamespace,
  Connector,
  Network,
} from './types';

/** Result of a successful connect or reconnect. */
export interface AdapterConnection {
  readonly address: string;
  readonly caipAddress: CaipAddress;
  /** Chain the wallet is on after connecting (may be outside the requested list). */
  readonly chainId: number | string;
  readonly accounts: readonly AccountRecord[];
}

export type AdapterEvent =
  | { readonly type: 'accountsChanged'; readonly namespace: ChainNamespace; readonly accounts: readonly string[]; readonly connectorId: string }
  | { readonly type: 'chainChanged'; readonly namespace: ChainNamespace; readonly chainId: number | string; readonly connectorId: string }
  | { readonly type: 'disconnect'; readonly namespace: ChainNamespace; readonly connectorId: string };

export interface TransactionRequest {
  readonly to: string;
  readonly value?: bigint;
  readonly data?: string;
  readonly gas?: bigint;
  readonly gasPrice?: bigint;
  readonly from?: string;
}

/**
 * A chain adapter connects wallets of one namespace. Plugins contribute them;
 * the kernel's Connection and Network services drive them.
 */
export interface ChainAdapter {
  readonly namespace: ChainNamespace;
  /** Wallet events for connections this adapter made. */
  readonly events$: Observable<AdapterEvent>;
  connect(params: { connector: Connector; network?: Network }): Promise<AdapterConnection>;
  /** Restores a connection without prompting; null when the wallet no longer grants it. */
  reconnect(params: { connector: Connector; network?: Network }): Promise<AdapterConnection | null>;
  disconnect(params: { connector: Connector }): Promise<void>;
  switchNetwork(params: { connector: Connector; network: Network }): Promise<void>;
  signMessage(params: { connector: Connector; address: string; message: string }): Promise<string>;
  sendTransaction(params: { connector: Connector; network: Network; request: TransactionRequest }): Promise<string>;
  estimateGas?(params: { connector: Connector; network: Network; request: TransactionRequest }): Promise<bigint>;
  getBalance(params: { address: string; network: Network }): Promise<{ balance: string; symbol: string }>;
  parseUnits(value: string, decimals: number): bigint;
  formatUnits(value: bigint, decimals: number): string;
}
