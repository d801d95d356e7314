/**
 * Errors of the blockchain API client (docs/errors.md#blockchain-api-errors).
 * Loaded with the client, not with the kernel's entry; on 'latchkey/errors' for `instanceof`.
 */
import { LatchkeyError, errorChain, type LatchkeyErrorOptions } from './base';
import { errorClass } from './errorClass';

type Options = Omit<LatchkeyErrorOptions, 'code'>;

/** The first `reasons[].description` an API error carries (on the error, its body or cause), if any. */
export function firstReasonDescription(error: unknown): string | undefined {
  const parsed = (v: unknown): unknown => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return undefined;
    }
  };
  for (const e of errorChain(error)) {
    for (const holder of [e, parsed(e['body']), e['data']]) {
      const reasons = (holder as { reasons?: unknown } | null | undefined)?.reasons;
      if (!Array.isArray(reasons)) continue;
      for (const r of reasons) {
        const d = (r as { description?: unknown } | null)?.description;
        if (typeof d === 'string' && d.trim() !== '') return d;
      }
    }
  }
  return undefined;
}

/** No `blockchainApiUrl` is configured: balances then come from the chain, names and history are unavailable. */
export class BlockchainApiNotConfiguredError extends /*#__PURE__*/ errorClass('BlockchainApiNotConfiguredError', 'BLOCKCHAIN_API_NOT_CONFIGURED', 'No blockchain API is configured (blockchainApiUrl)') {}

/** docs/errors.md#blockchain-api-errors: "Transactions can't be fetched without an accountAddress". */
export class TransactionsWithoutAccountError extends /*#__PURE__*/ errorClass('TransactionsWithoutAccountError', 'TRANSACTIONS_WITHOUT_ACCOUNT', "Transactions can't be fetched without an accountAddress") {}

/** The API answered something that is not the documented shape. */
export class UnexpectedApiResponseError extends LatchkeyError {
  override name = 'UnexpectedApiResponseError';
  constructor(path: string, options: Options = {}) {
    super(`The blockchain API answered ${path} with an unexpected shape`, { ...options, code: 'UNEXPECTED_API_RESPONSE' });
  }
}

/**
 * A name call failed (docs/errors.md#blockchain-api-errors): the provider's first reason description,
 * else the call's own text.
 */
export class NameError extends LatchkeyError {
  override name = 'NameError';
  constructor(fallback: string, cause: unknown) {
    super(firstReasonDescription(cause) ?? fallback, { cause, code: 'NAME_ERROR' });
  }
}

export const NAME_ERROR_TEXTS = Object.freeze({
  resolve: 'Error resolving name',
  suggestions: 'Error fetching name suggestions',
  forAddress: 'Error fetching names for address',
  register: (name: string) => `Error registering name ${name}`,
});
