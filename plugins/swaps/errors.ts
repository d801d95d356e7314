/**
 * The swaps plugin's typed errors. Each has a short message the view shows as is (the
 * snackbar's where there is one: 'Signature declined', docs/errors.md#snackbars), details for the line under it, and the cause.
 */
import { localText, type LocalText } from 'latchkey';
import { LatchkeyError, type LatchkeyErrorOptions } from 'latchkey/errors';
import { messages } from './messages';

type Key = keyof (typeof messages)['en'];

/** The catalogue's entries for an error's texts (details only when they are the catalogue's, not a caller's). */
function texts(short: Key, values?: Readonly<Record<string, string | number>>, details?: Key, options?: LatchkeyErrorOptions): SwapError['text'] {
  return {
    short: localText(messages, short, values),
    ...(details && options?.details === undefined ? { details: localText(messages, details, values) } : {}),
  };
}

export class SwapError extends LatchkeyError {
  override name = 'SwapError';
  /** The texts as catalogue entries, for a view or a snackbar in the visitor's language (`shortMessage` and `details` stay English). */
  text?: { readonly short: LocalText; readonly details?: LocalText };
}

/** The active network is not a swap network, or no quote source serves it. */
export class SwapNotSupportedError extends SwapError {
  override name = 'SwapNotSupportedError';
  constructor(networkName: string, options?: LatchkeyErrorOptions) {
    super(`Swaps are not available on ${networkName}`, { details: 'Switch to a network that supports swaps.', ...options });
    this.text = texts('errNotSupported', { network: networkName }, 'errNotSupportedDetails', options);
  }
}

/** No pool (or no path of pools) between the two tokens, or too little liquidity for the amount. */
export class NoRouteError extends SwapError {
  override name = 'NoRouteError';
  constructor(options?: LatchkeyErrorOptions) {
    super('No route for this swap', { details: 'There is no pool with enough liquidity between these tokens.', ...options });
    this.text = texts('errNoRoute', undefined, 'errNoRouteDetails', options);
  }
}

/** The account holds less than the amount (and, for the native currency, the network fee). */
export class InsufficientBalanceError extends SwapError {
  override name = 'InsufficientBalanceError';
  constructor(symbol: string, options?: LatchkeyErrorOptions) {
    super('Insufficient balance', { details: `Not enough ${symbol} for this amount and the network fee.`, ...options });
    this.text = texts('errInsufficient', { symbol }, 'errInsufficientDetails', options);
  }
}

/** The quote is older than its time to live, or the router's deadline passed. */
export class QuoteExpiredError extends SwapError {
  override name = 'QuoteExpiredError';
  constructor(options?: LatchkeyErrorOptions) {
    super('Quote expired', { details: 'Get a new quote and try again.', ...options });
    this.text = texts('errExpired', undefined, 'errExpiredDetails', options);
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
    this.text = texts('errSlippage', { slippage }, 'errSlippageDetails', options);
  }
}

/** The wallet declined the approval or the swap (the snackbar 'Signature declined', docs/errors.md#snackbars). */
export class SwapDeclinedError extends SwapError {
  override name = 'SwapDeclinedError';
  constructor(options?: LatchkeyErrorOptions) {
    super('Signature declined', options);
    this.text = texts('errDeclined');
  }
}

/** The amount is not a positive decimal number with at most the token's decimals. */
export class InvalidSwapAmountError extends SwapError {
  override name = 'InvalidSwapAmountError';
  constructor(options?: LatchkeyErrorOptions) {
    super('Incorrect amount', { details: 'Enter a positive amount.', ...options });
    this.text = texts('errAmount', undefined, 'errAmountDetails', options);
  }
}

/** A slippage outside (0, 50] percent. */
export class InvalidSlippageError extends SwapError {
  override name = 'InvalidSlippageError';
  constructor(value: unknown) {
    super('Slippage must be above 0% and at most 50%', { data: { value } });
    this.text = texts('errSlippageRange');
  }
}

/** The quote source failed (unreachable aggregator or node, an answer that makes no sense). */
export class QuoteFailedError extends SwapError {
  override name = 'QuoteFailedError';
  constructor(options?: LatchkeyErrorOptions) {
    super('Failed to get a quote', options);
    this.text = texts('errQuoteFailed');
  }
}

/** The aggregator named an approval spender or a swap target that is not on the host's `allowedContracts` for the network. */
export class UntrustedContractError extends SwapError {
  override name = 'UntrustedContractError';
  constructor(address: string, networkName: string, options?: LatchkeyErrorOptions) {
    super('This swap uses a contract the app does not allow', {
      details: `The swap provider named ${address}, which is not one of the exchanges this app allows on ${networkName}.`,
      data: { address },
      ...options,
    });
    this.text = texts('errUntrusted', { address, network: networkName }, 'errUntrustedDetails', options);
  }
}

/** The transaction was mined and reverted, or could not be sent, for a reason none of the above covers. */
export class SwapFailedError extends SwapError {
  override name = 'SwapFailedError';
  constructor(options?: LatchkeyErrorOptions) {
    super('Swap failed', options);
    this.text = texts('errSwapFailed');
  }
}

/** Errors that leave the quote stale: the person asks for a new one (the view's "Get a new quote"). */
export const isStale = (e: unknown): boolean => e instanceof SlippageExceededError || e instanceof QuoteExpiredError;
/** Errors of a sent transaction after which the same quote may be tried again. */
export const isRetryable = (e: unknown): boolean => e instanceof SwapDeclinedError || e instanceof SwapFailedError;
