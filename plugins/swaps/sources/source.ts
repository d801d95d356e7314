/**
 * Where quotes and swap transactions come from. Two implementations: a client of a hosted
 * aggregator API (aggregator.ts: the blockchain API's /v1/convert endpoints) and a direct reader
 * of a Uniswap V2 router through the kernel's RPC transport (onchain.ts). A host can write its own.
 */
import type { CaipNetwork } from 'latchkey';
import type { SwapQuote, SwapToken, SwapTransaction } from '../types';

export interface QuoteRequest {
  readonly network: CaipNetwork;
  readonly from: SwapToken;
  readonly to: SwapToken;
  /** In `from`'s smallest unit, above 0. */
  readonly amountIn: bigint;
  /** The paying account (plain address). */
  readonly user: string;
}

export interface SwapTransactionRequest {
  readonly network: CaipNetwork;
  readonly quote: SwapQuote;
  /** Percent, above 0 and at most 50. */
  readonly slippage: number;
  readonly user: string;
  /** Unix seconds after which the router refuses the swap. */
  readonly deadline: number;
}

export interface QuoteSource {
  readonly kind: 'api' | 'onchain';
  /** Tokens this source trades on `network` (the native currency first). */
  tokens(network: CaipNetwork): Promise<readonly SwapToken[]>;
  /** Throws NoRouteError when nothing trades `from` for `to`, QuoteFailedError when the source fails. */
  quote(request: QuoteRequest): Promise<SwapQuote>;
  /** How much of `token` the exchange may take from `owner` (unbounded for the native currency). */
  allowance(request: { readonly network: CaipNetwork; readonly token: SwapToken; readonly owner: string }): Promise<bigint>;
  /** The approval of `amount` of `token` to the exchange. */
  approveTransaction(request: { readonly network: CaipNetwork; readonly token: SwapToken; readonly to: SwapToken; readonly owner: string; readonly amount: bigint }): Promise<SwapTransaction>;
  /** The swap of the quote, accepting no less than `amountOutMin` (the quote less the slippage). */
  swapTransaction(request: SwapTransactionRequest): Promise<SwapTransaction & { readonly amountOutMin: bigint }>;
}
