/**
 * What /v1/wallet/prepare answers (plain JSON; integers as decimal strings): the normalised params the
 * frame shows and then sends unchanged to /v1/wallet/sign, and what the service found out about them
 * (decoded calls, token units, fees, the simulation). Types and one reader only, no code that pulls in
 * a library: the frame bundle imports this file.
 */
import type { Hex } from './values';

export type { Hex };

/** What a call or a signature does, decoded from its calldata or typed data (amounts in the token's smallest unit). */
export type Intent =
  | { readonly kind: 'send' }
  | { readonly kind: 'deploy'; readonly size: number }
  | { readonly kind: 'approve'; readonly fn: 'approve' | 'increaseAllowance'; readonly token: Hex; readonly spender: Hex; readonly amount: string; readonly unlimited: boolean }
  | { readonly kind: 'transfer'; readonly fn: 'transfer' | 'transferFrom'; readonly token: Hex; readonly from: Hex | null; readonly to: Hex; readonly amount: string }
  | {
      readonly kind: 'permit';
      readonly via: 'call' | 'signature';
      readonly token: Hex;
      readonly owner: Hex;
      readonly spender: Hex;
      readonly amount: string;
      readonly unlimited: boolean;
      /** Unix seconds; null: never expires. */
      readonly deadline: string | null;
    }
  | { readonly kind: 'approveAll'; readonly collection: Hex; readonly operator: Hex; readonly approved: boolean }
  | { readonly kind: 'nftTransfer'; readonly collection: Hex; readonly from: Hex; readonly to: Hex; readonly ids: readonly string[]; readonly amounts: readonly string[] | null }
  | {
      readonly kind: 'permit2';
      readonly via: 'approve' | 'permit' | 'signature';
      readonly spender: Hex;
      readonly tokens: ReadonlyArray<{ readonly token: Hex; readonly amount: string; readonly unlimited: boolean; readonly expiration: string | null }>;
      readonly deadline: string | null;
    }
  | { readonly kind: 'multicall'; readonly calls: ReadonlyArray<{ readonly target: Hex; readonly intent: Intent }> }
  | { readonly kind: 'unknown'; readonly selector: Hex; readonly size: number };

/** Token facts read from the chain (decimals(), symbol()); absent when the token did not answer. */
export interface TokenInfo {
  readonly symbol?: string;
  readonly decimals?: number;
}
/** By lowercase token address. */
export type TokenBook = Readonly<Record<string, TokenInfo>>;

export interface Transfer {
  readonly standard: 'native' | 'erc20' | 'erc721' | 'erc1155';
  /** The token contract; null for the native currency. */
  readonly token: Hex | null;
  readonly from: Hex;
  readonly to: Hex;
  readonly amount: string;
  readonly tokenId?: string;
}

export interface Simulation {
  /** 'ok': every call succeeds; 'reverted': one fails (see calls); 'unavailable': the chain did not simulate. */
  readonly status: 'ok' | 'reverted' | 'unavailable';
  /** Transfers were traced (eth_simulateV1); else only the calls' results are known (eth_call). */
  readonly traced: boolean;
  readonly calls: ReadonlyArray<{ readonly ok: boolean; readonly revert?: string }>;
  /** The account's native balance change without the network fee (wei, signed); null when not traced. */
  readonly nativeChange: string | null;
  /** Token transfers from or to the account. */
  readonly transfers: readonly Transfer[];
  readonly note?: string;
}

export interface Fees {
  readonly legacy: boolean;
  /** The fee per gas the service would pay now (maxFeePerGas or gasPrice), and the ceiling (3×) above which a page's is refused. */
  readonly networkFeePerGas: string;
  readonly ceilingPerGas: string;
  /** Σ gas × (maxFeePerGas or gasPrice), wei. */
  readonly maxNetworkFee: string;
  /** Σ value, wei. */
  readonly value: string;
  /** value + maxNetworkFee, wei. */
  readonly total: string;
  /** The account's native balance, wei. */
  readonly balance: string;
}

export type PreparedDetails =
  | { readonly kind: 'message' }
  | { readonly kind: 'typedData'; readonly intent: Intent | null; readonly tokens: TokenBook }
  | { readonly kind: 'transactions'; readonly intents: readonly Intent[]; readonly fees: Fees; readonly simulation: Simulation; readonly tokens: TokenBook }
  | {
      /** The calls of a smart account, sent as one user operation (ERC-4337): all land or none. */
      readonly kind: 'userOperation';
      readonly intents: readonly Intent[];
      readonly fees: Fees;
      readonly simulation: Simulation;
      readonly tokens: TokenBook;
      /** The smart account, whether this operation creates it, and the EntryPoint it goes through. */
      readonly account: { readonly address: Hex; readonly deployed: boolean; readonly entryPoint: Hex };
    };

/** The gas and fees of a prepared user operation, as found in its params (hex quantities). */
export interface PreparedUserOperation {
  readonly nonce: Hex;
  readonly callGasLimit: Hex;
  readonly verificationGasLimit: Hex;
  readonly preVerificationGas: Hex;
  readonly maxFeePerGas: Hex;
  readonly maxPriorityFeePerGas: Hex;
}

/** A prepared user operation's params: the account's calls and the operation's gas and fees. */
export function preparedUserOperation(p: Prepared): { readonly calls: readonly PreparedCall[]; readonly userOperation: PreparedUserOperation } | null {
  if (p.details.kind !== 'userOperation') return null;
  return p.params[0] as { calls: PreparedCall[]; userOperation: PreparedUserOperation };
}

/** One call of a prepared request: what it sends where. */
export interface PreparedCall {
  readonly to?: Hex;
  readonly value: Hex;
  readonly data: Hex;
}

export interface Prepared {
  readonly method: 'personal_sign' | 'eth_signTypedData_v4' | 'eth_sendTransaction' | 'wallet_sendCalls';
  readonly chainId: number;
  /** Exactly what is sent to /v1/wallet/sign. */
  readonly params: readonly unknown[];
  readonly details: PreparedDetails;
}

/** One prepared transaction, as found in the params. */
export interface PreparedTx {
  readonly to?: Hex;
  readonly value: Hex;
  readonly data: Hex;
  readonly gas: Hex;
  readonly nonce: Hex;
  readonly maxFeePerGas?: Hex;
  readonly maxPriorityFeePerGas?: Hex;
  readonly gasPrice?: Hex;
}

/** The transactions of prepared eth_sendTransaction / wallet_sendCalls params (the objects sent). */
export function preparedTxs(p: Prepared): readonly PreparedTx[] {
  const first = p.params[0] as { calls?: PreparedTx[] } & PreparedTx;
  if (p.method === 'wallet_sendCalls') return first.calls ?? [];
  return p.method === 'eth_sendTransaction' ? [first] : [];
}
