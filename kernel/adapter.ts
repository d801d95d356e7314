/**
 * The chain-adapter contract. A plugin adapts one or more chain namespaces; the kernel's
 * Connection and Network services drive its adapters. Every adapter connects, restores,
 * disconnects, switches networks, signs a message and reads a balance; the rest are
 * capabilities an adapter declares by implementing them (a wallet-facing method that is
 * absent is "not supported": Connection throws CapabilityNotSupportedError).
 *
 * Request shapes are per namespace, in {@link AdapterRequests}. The namespaces of
 * docs/connection.md#namespaces-and-data-shapes (eip155, solana, bip122) have theirs here, because a chain plugin and WalletConnect's
 * universal adapter serve the same namespace and must agree on one shape; a plugin for
 * another namespace adds its own by declaration merging:
 *
 *     declare module 'latchkey' {
 *       interface AdapterRequests { sui: { transaction: { readonly bytes: Uint8Array } } }
 *     }
 *
 * Types only: this file emits no code.
 */
import type { Observable } from 'rxjs';
import type { AccountRecord, CaipAddress, ChainNamespace, Connector, CaipNetwork } from './types';

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
  /**
   * The wallet ended the connection. `scope` 'session' (the default): the wallet's whole session
   * ended (an EIP-1193 `disconnect`, a WalletConnect session deleted), so every namespace on that
   * session resets; 'namespace': only this namespace lost its accounts (the session lives on).
   */
  | { readonly type: 'disconnect'; readonly namespace: ChainNamespace; readonly connectorId: string; readonly scope?: 'session' | 'namespace' }
  /**
   * A transaction this adapter sent for the connector is on the chain now: the kernel reads the
   * balance again (a node may answer a send before the block that holds it exists, so the read
   * right after the send can be the old balance).
   */
  | { readonly type: 'transactionIncluded'; readonly namespace: ChainNamespace; readonly connectorId: string; readonly hash: string };

/* ------------------------------------------------------------------------------------------------
 * Request shapes per namespace
 * --------------------------------------------------------------------------------------------- */

/** An EVM transaction (docs/connection.md#signing-and-sending: to, address, data, value, gasPrice). Quantities in wei. */
export interface EvmTransactionRequest {
  readonly to: string;
  readonly from?: string;
  readonly value?: bigint;
  readonly data?: string;
  readonly gas?: bigint;
  readonly gasPrice?: bigint;
  readonly maxFeePerGas?: bigint;
  readonly maxPriorityFeePerGas?: bigint;
  readonly nonce?: number;
}

/** One call of an EIP-5792 `wallet_sendCalls` bundle ('to' and 'data' start with 0x; docs/connection.md#signing-and-sending). */
interface EvmCall {
  readonly to: `0x${string}`;
  readonly data?: `0x${string}`;
  readonly value?: bigint;
}

interface EvmSendCallsRequest {
  readonly calls: readonly EvmCall[];
  readonly capabilities?: Readonly<Record<string, unknown>>;
  /** Atomic execution required (EIP-5792 `atomicRequired`). */
  readonly atomicRequired?: boolean;
}

/** Solana: the send options of sign-and-send (docs/connection.md#signing-and-sending). */
interface SolanaSendOptions {
  readonly skipPreflight?: boolean;
  readonly preflightCommitment?: 'processed' | 'confirmed' | 'finalized';
  readonly maxRetries?: number;
  readonly minContextSlot?: number;
}

/**
 * A Solana transaction, serialized (legacy or versioned wire format). Building one
 * (blockhash, instructions) is the caller's business; the adapter hands it to the wallet.
 */
interface SolanaTransactionRequest {
  readonly transaction: Uint8Array;
  readonly options?: SolanaSendOptions;
}

/** A Bitcoin PSBT (base64) to sign, with the inputs each address signs. */
interface BitcoinPsbtRequest {
  readonly psbt: string;
  readonly signInputs: Readonly<Record<string, readonly number[]>>;
  /** Broadcast after signing. */
  readonly broadcast?: boolean;
}

/** A plain Bitcoin payment (the wallet builds the transaction). Amount in satoshis. */
interface BitcoinTransferRequest {
  readonly recipient: string;
  readonly amount: bigint;
}

/**
 * Request shapes per namespace and kind. Kinds: `transaction` (send / estimate),
 * `signTransaction` (sign without sending), `calls` (batched calls), `psbt`.
 * Extend by declaration merging for a new namespace.
 */
export interface AdapterRequests {
  eip155: { transaction: EvmTransactionRequest; signTransaction: EvmTransactionRequest; calls: EvmSendCallsRequest };
  solana: { transaction: SolanaTransactionRequest; signTransaction: SolanaTransactionRequest };
  bip122: { transaction: BitcoinTransferRequest; psbt: BitcoinPsbtRequest };
  polkadot: Record<never, never>;
}

/** The request of `kind` in namespace `N` (never when the namespace has none). */
export type RequestOf<N extends ChainNamespace, K extends string> = N extends keyof AdapterRequests
  ? K extends keyof AdapterRequests[N]
    ? AdapterRequests[N][K]
    : never
  : never;

/** What a send takes in namespace `N`. */
export type TransactionRequest<N extends ChainNamespace = ChainNamespace> = RequestOf<N, 'transaction'>;

/**
 * A plain payment any namespace can make: `amount` in the smallest unit (wei, lamports,
 * satoshis) of the native currency, or of `token` (a token contract / mint address) when given.
 * The adapter builds the transaction for its chain (an ERC-20 `transfer`, a SystemProgram
 * transfer, a Bitcoin payment: a Solana transfer needs a recent blockhash, a Bitcoin one the
 * wallet's coins), so a caller (a send form) needs no chain library. Validation of `to` and
 * `amount` is the adapter's; an adapter that cannot pay in `token` refuses it with a typed error.
 */
export interface TransferRequest {
  readonly to: string;
  readonly amount: bigint;
  readonly token?: string;
}

/** Common parameters of a wallet-facing call. */
export interface AdapterCall {
  readonly connector: Connector;
  readonly network: CaipNetwork;
  readonly address: string;
}

/* ------------------------------------------------------------------------------------------------
 * The adapter
 * --------------------------------------------------------------------------------------------- */

/** Capabilities an adapter may implement beyond the required methods. */
interface ChainAdapterCapabilities<N extends ChainNamespace = ChainNamespace> {
  /** Pays `request.amount` to `request.to` (see {@link TransferRequest}); returns the hash / signature / txid. */
  transfer?(params: AdapterCall & { readonly request: TransferRequest }): Promise<string>;
  /** Sends and returns the transaction hash (EVM) or signature (Solana) or txid (Bitcoin). */
  sendTransaction?(params: AdapterCall & { readonly request: RequestOf<N, 'transaction'> }): Promise<string>;
  estimateGas?(params: AdapterCall & { readonly request: RequestOf<N, 'transaction'> }): Promise<bigint>;
  /** Signs without sending; returns the signed transaction, serialized. */
  signTransaction?(params: AdapterCall & { readonly request: RequestOf<N, 'signTransaction'> }): Promise<Uint8Array | string>;
  signAllTransactions?(
    params: AdapterCall & { readonly requests: readonly RequestOf<N, 'signTransaction'>[] },
  ): Promise<readonly (Uint8Array | string)[]>;
  /** Signs a PSBT; returns it signed (base64), and the txid when broadcast. */
  signPsbt?(params: AdapterCall & { readonly request: RequestOf<N, 'psbt'> }): Promise<{ readonly psbt: string; readonly txid?: string }>;
  /** EIP-5792 batch; returns the bundle id. */
  sendCalls?(params: AdapterCall & { readonly request: RequestOf<N, 'calls'> }): Promise<string>;
  getCallsStatus?(params: AdapterCall & { readonly id: string }): Promise<unknown>;
  getCapabilities?(params: AdapterCall): Promise<Readonly<Record<string, unknown>>>;
  grantPermissions?(params: AdapterCall & { readonly request: unknown }): Promise<unknown>;
  revokePermissions?(params: AdapterCall & { readonly request: unknown }): Promise<unknown>;
  /** Assets the wallet reports (EIP-7811 wallet_getAssets). */
  getAssets?(params: AdapterCall & { readonly chainFilter?: readonly string[] }): Promise<unknown>;
}

/** Names of the optional capabilities. */
export type AdapterCapability = keyof ChainAdapterCapabilities;

/**
 * A chain adapter connects wallets of one namespace. Plugins contribute them; the
 * kernel's Connection and Network services drive them.
 */
export interface ChainAdapter<N extends ChainNamespace = ChainNamespace> extends ChainAdapterCapabilities<N> {
  readonly namespace: N;
  /** Wallet events for connections this adapter made. */
  readonly events$: Observable<AdapterEvent>;
  /**
   * Connects (prompting the wallet). `signal` aborts when the visitor leaves the attempt (another
   * connect started in the namespace): stop waiting where you can (a WalletConnect pairing) and
   * reject. An adapter that cannot stop its wallet's prompt may ignore it: the kernel ignores the
   * outcome of an abandoned attempt and disconnects a connection it produced anyway.
   */
  connect(params: { readonly connector: Connector; readonly network?: CaipNetwork; readonly signal?: AbortSignal }): Promise<AdapterConnection>;
  /** Restores a connection without prompting; null when the wallet no longer grants it. */
  reconnect(params: { readonly connector: Connector; readonly network?: CaipNetwork }): Promise<AdapterConnection | null>;
  disconnect(params: { readonly connector: Connector }): Promise<void>;
  switchNetwork(params: { readonly connector: Connector; readonly network: CaipNetwork }): Promise<void>;
  signMessage(params: { readonly connector: Connector; readonly address: string; readonly message: string }): Promise<string>;
  /** Native balance, formatted in the network's units (e.g. '1.5'), and its symbol. */
  getBalance(params: { readonly address: string; readonly network: CaipNetwork }): Promise<{ balance: string; symbol: string }>;
}
