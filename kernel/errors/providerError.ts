/**
 * `toProviderError`: whatever a wallet or node threw → one of the typed errors of ./rpc
 * (docs/errors.md#wallet-and-rpc-error-codes). Only error paths need it: the kernel loads this module with import()
 * when it maps an error, so the code → class table stays out of a page's startup JS.
 */
import { errorChain, type LatchkeyError } from './base';
import {
  AtomicReadyWalletRejectedUpgradeError,
  AtomicityNotSupportedError,
  BundleTooLargeError,
  ChainDisconnectedError,
  DuplicateIdError,
  InternalRpcError,
  InvalidInputRpcError,
  InvalidParamsRpcError,
  InvalidRequestRpcError,
  JsonRpcVersionUnsupportedError,
  LimitExceededRpcError,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
  ParseRpcError,
  ProviderDisconnectedError,
  ResourceNotFoundRpcError,
  ResourceUnavailableRpcError,
  RpcError,
  SwitchChainError,
  TransactionRejectedRpcError,
  UnauthorizedProviderError,
  UnknownBundleIdError,
  UnknownRpcError,
  UnsupportedChainIdError,
  UnsupportedNonOptionalCapabilityError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
  type RpcErrorOptions,
} from './rpc';

type RpcErrorClass = new (options?: RpcErrorOptions) => RpcError;

/** Numeric code → class. 5000 is treated as a user rejection. */
export const RPC_ERROR_CLASSES: ReadonlyMap<number, RpcErrorClass> = /*#__PURE__*/ new Map<number, RpcErrorClass>([
  [ParseRpcError.code, ParseRpcError],
  [InvalidRequestRpcError.code, InvalidRequestRpcError],
  [MethodNotFoundRpcError.code, MethodNotFoundRpcError],
  [InvalidParamsRpcError.code, InvalidParamsRpcError],
  [InternalRpcError.code, InternalRpcError],
  [InvalidInputRpcError.code, InvalidInputRpcError],
  [ResourceNotFoundRpcError.code, ResourceNotFoundRpcError],
  [ResourceUnavailableRpcError.code, ResourceUnavailableRpcError],
  [TransactionRejectedRpcError.code, TransactionRejectedRpcError],
  [MethodNotSupportedRpcError.code, MethodNotSupportedRpcError],
  [LimitExceededRpcError.code, LimitExceededRpcError],
  [JsonRpcVersionUnsupportedError.code, JsonRpcVersionUnsupportedError],
  [UserRejectedRequestError.code, UserRejectedRequestError],
  [5000, UserRejectedRequestError],
  [UnauthorizedProviderError.code, UnauthorizedProviderError],
  [UnsupportedProviderMethodError.code, UnsupportedProviderMethodError],
  [ProviderDisconnectedError.code, ProviderDisconnectedError],
  [ChainDisconnectedError.code, ChainDisconnectedError],
  [SwitchChainError.code, SwitchChainError],
  [UnsupportedNonOptionalCapabilityError.code, UnsupportedNonOptionalCapabilityError],
  [UnsupportedChainIdError.code, UnsupportedChainIdError],
  [DuplicateIdError.code, DuplicateIdError],
  [UnknownBundleIdError.code, UnknownBundleIdError],
  [BundleTooLargeError.code, BundleTooLargeError],
  [AtomicReadyWalletRejectedUpgradeError.code, AtomicReadyWalletRejectedUpgradeError],
  [AtomicityNotSupportedError.code, AtomicityNotSupportedError],
]);

/** Codes that say little; a more specific nested code wins over them. */
const GENERIC_CODES: ReadonlySet<number> = /*#__PURE__*/ new Set([InternalRpcError.code, InvalidInputRpcError.code]);

function numericCode(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return undefined;
}

function messageOf(rec: Record<string, unknown>): string | undefined {
  for (const key of ['shortMessage', 'message'] as const) {
    const v = rec[key];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return undefined;
}

const USER_REJECTION_TEXT = /user (rejected|denied|cancel+ed|disapproved)|rejected by (the )?user|request (was )?(rejected|denied)/i;

/**
 * Maps any thrown value to a typed error. Looks for a numeric `code` on the
 * value, its `cause` chain, `data.originalError`, `error` and `data`
 * (outermost wins, except that the generic -32603 / -32000 give way to a more
 * specific nested code), and picks the class for it; the original value is kept as `cause` and the
 * provider's text as `details`. An RpcError is returned unchanged.
 *
 * With no known code: a message that reads like a user rejection gives
 * UserRejectedRequestError; otherwise UnknownRpcError whose short message is
 * the provider's text, or 'Unknown error' when there is none.
 */
export function toProviderError(err: unknown): LatchkeyError {
  if (err instanceof RpcError) return err;
  const recs = errorChain(err);
  const message =
    typeof err === 'string' && err.trim() !== '' ? err : recs.map(messageOf).find((m) => m !== undefined);

  let firstCode: number | undefined;
  let firstCodeMessage: string | undefined;
  let generic: RpcError | undefined;
  for (const rec of recs) {
    const code = numericCode(rec['code']);
    if (code === undefined) continue;
    const own = messageOf(rec) ?? message;
    if (firstCode === undefined) {
      firstCode = code;
      firstCodeMessage = own;
    }
    const Cls = RPC_ERROR_CLASSES.get(code);
    if (Cls) {
      const mapped = new Cls({ cause: err, details: own, code, data: rec['data'] });
      // Wallets often wrap the real error in a generic one (-32603 with
      // data.originalError.code 4902): keep looking for a more specific code.
      if (!GENERIC_CODES.has(code)) return mapped;
      generic ??= mapped;
      continue;
    }
    // A typed error with a code of its own (not in the table) is kept as is.
    if (rec instanceof RpcError && !(rec instanceof UnknownRpcError)) return rec;
  }
  if (generic) return generic;

  const text = firstCodeMessage ?? message;
  if (text && USER_REJECTION_TEXT.test(text)) {
    return new UserRejectedRequestError({ cause: err, details: text, code: firstCode });
  }
  return new UnknownRpcError({ cause: err, message: text, details: text, code: firstCode });
}
