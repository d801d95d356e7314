/**
 * The swaps plugin's typed errors. Each has a short message the view shows as is (the spec's
 * where it gives one: 'Signature declined'), details for the line under it, and the cause.
 */
import { LatchkeyError, type LatchkeyErrorOptions } from 'latchkey/errors';

export class SwapError extends LatchkeyError {
  override name = 'SwapError';
}

/** The active network is not a swap network, or no quote source serves it. */
export class SwapNotSupportedError extends SwapError {
  override name = 'SwapNotSupportedError';
  constructor(networkName: string, options?: LatchkeyErrorOptions) {
    super(`Swaps are not available on ${networkName}`, { details: 'Switch to a network that supports swaps.', ...options });
  }
}

/** No pool (or no path of pools) between the two tokens, or too little liquidity for the amount. */
export class NoRouteError extends SwapError {
  override name = 'NoRouteError';
  constructor(options?: LatchkeyErrorOptions) {
    super('No route for this swap', { details: 'There is no pool with enough liquidity between these tokens.', ...options });
  }
}

/** The account holds less than the amount (and, for the native currency, the network fee). */
export class InsufficientBalanceError extends SwapError {
  override name = 'InsufficientBalanceError';
  constructor(symbol: string, options?: LatchkeyErrorOptions) {
    super('Insufficient balance', { details: `Not enough ${symbol} for this amount and the network fee.`, ...options });
  }
}

/** The quote is older than its time to live, or the router's deadline passed. */
export class QuoteExpiredError extends SwapError {
  override name = 'QuoteExpiredError';
  constructor(options?: LatchkeyErrorOptions) {
    super('Quote expired', { details: 'Get a new quote and try again.', ...options });
  }
}

/** The pool moved: the swap would give less than the minimum the slippage allows (the router's INSUFFICIENT_OUTPUT_AMOUNT). */
export class SlippageExceededError extends SwapError {
  override name = 'SlippageExceededError';
  constructor(slippage: number, options?: LatchkeyErrorOptions) {
    super('The price moved more than your slippage tolerance', {
      details: `The swap would give less than the minimum allowed by ${slippage}% slippage. Get a new quote or allow more slippage.`,
      ...options,
    });
  }
}

/** The wallet declined the approval or the swap (spec section 8 snackbar: 'Signature declined'). */
export class SwapDeclinedError extends SwapError {
  override name = 'SwapDeclinedError';
  constructor(options?: LatchkeyErrorOptions) {
    super('Signature declined', options);
  }
}

/** The amount is not a positive decimal number with at most the token's decimals. */
export class InvalidSwapAmountError extends SwapError {
  override name = 'InvalidSwapAmountError';
  constructor(options?: LatchkeyErrorOptions) {
    super('Incorrect amount', { details: 'Enter a positive amount.', ...options });
  }
}

/** A slippage outside (0, 50] percent. */
export class InvalidSlippageError extends SwapError {
  override name = 'InvalidSlippageError';
  constructor(value: unknown) {
    super('Slippage must be above 0% and at most 50%', { data: { value } });
  }
}

/** The quote source failed (unreachable aggregator or node, an answer that makes no sense). */
export class QuoteFailedError extends SwapError {
  override name = 'QuoteFailedError';
  constructor(options?: LatchkeyErrorOptions) {
    super('Failed to get a quote', options);
  }
}

/** The transaction was mined and reverted, or could not be sent, for a reason none of the above covers. */
export class SwapFailedError extends SwapError {
  override name = 'SwapFailedError';
  constructor(options?: LatchkeyErrorOptions) {
    super('Swap failed', options);
  }
}

/** Errors that leave the quote stale: the person asks for a new one (the view's "Get a new quote"). */
export const isStale = (e: unknown): boolean => e instanceof SlippageExceededError || e instanceof QuoteExpiredError;
/** Errors of a sent transaction after which the same quote may be tried again. */
export const isRetryable = (e: unknown): boolean => e instanceof SwapDeclinedError || e instanceof SwapFailedError;
