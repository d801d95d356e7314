/**
 * JSON-RPC (EIP-1474), EIP-1193 provider and EIP-5792 (wallet_sendCalls)
 * errors (docs/errors.md#wallet-and-rpc-error-codes). `toProviderError`, which turns whatever a
 * wallet or node threw into one of them, is in ./providerError (loaded on error paths only).
 */
import { LatchkeyError } from './base';

/** Options every RPC error takes; `details` usually holds the provider's own text. */
export interface RpcErrorOptions {
  readonly cause?: unknown;
  readonly details?: string;
  readonly data?: unknown;
  /** Overrides the numeric code kept on the instance (e.g. 5000 for a user rejection). */
  readonly code?: number;
}

/** Base of every error carrying a numeric JSON-RPC / provider code. */
export class RpcError extends LatchkeyError {
  override name = 'RpcError';
  declare readonly code: number;

  constructor(shortMessage: string, code: number, options: RpcErrorOptions = {}) {
    super(shortMessage, {
      code: options.code ?? code,
      details: options.details,
      cause: options.cause,
      data: options.data,
    });
  }
}

/** Errors of the JSON-RPC 2.0 / EIP-1474 ranges (-32700 … -32000). */
export class JsonRpcError extends RpcError {
  override name = 'JsonRpcError';
}

/** Errors of the EIP-1193 provider range (4001 … 4902) and EIP-5792 bundle errors. */
export class ProviderRpcError extends RpcError {
  override name = 'ProviderRpcError';
}

/** What {@link jsonRpcError} and {@link providerRpcError} return: a class of one code, with the code also on `X.code`. */
export interface RpcErrorClass<T extends RpcError, C extends number, O extends RpcErrorOptions = RpcErrorOptions> {
  new (options?: O): T;
  readonly code: C;
}

/** The options of the errors whose message names the method. */
type MethodOptions = RpcErrorOptions & { readonly method?: string };

/** Declares one error: its `name`, its code (static and on the instance, which `options.code` may override) and message. */
function rpcError<T extends RpcError, C extends number, O extends RpcErrorOptions>(
  Family: new (shortMessage: string, code: number, options?: RpcErrorOptions) => T,
  name: string,
  code: C,
  message: string | ((options: O) => string),
): RpcErrorClass<T, C, O> {
  const Base = Family as new (shortMessage: string, code: number, options?: RpcErrorOptions) => RpcError;
  return class extends Base {
    static readonly code = code;
    override name = name;
    constructor(options = {} as O) {
      super(typeof message === 'string' ? message : message(options), code, options);
    }
  } as unknown as RpcErrorClass<T, C, O>;
}

/** `class X extends jsonRpcError('X', -32700, 'message') {}`; the message may be a function of the options. */
export const jsonRpcError = <C extends number, O extends RpcErrorOptions = RpcErrorOptions>(
  name: string,
  code: C,
  message: string | ((options: O) => string),
): RpcErrorClass<JsonRpcError, C, O> => rpcError(JsonRpcError, name, code, message);

/** `class X extends providerRpcError('X', 4900, 'message') {}`. */
export const providerRpcError = <C extends number, O extends RpcErrorOptions = RpcErrorOptions>(
  name: string,
  code: C,
  message: string | ((options: O) => string),
): RpcErrorClass<ProviderRpcError, C, O> => rpcError(ProviderRpcError, name, code, message);

// --- JSON-RPC 2.0 -----------------------------------------------------------

export class ParseRpcError extends /*#__PURE__*/ jsonRpcError('ParseRpcError', -32700, 'The server could not parse the JSON it received.') {}

export class InvalidRequestRpcError extends /*#__PURE__*/ jsonRpcError('InvalidRequestRpcError', -32600, 'The JSON sent is not a valid request object.') {}

export class MethodNotFoundRpcError extends /*#__PURE__*/ jsonRpcError('MethodNotFoundRpcError', -32601, (o: MethodOptions) =>
  o.method ? `The method "${o.method}" does not exist or is not available.` : 'The method does not exist or is not available.',
) {}

export class InvalidParamsRpcError extends /*#__PURE__*/ jsonRpcError('InvalidParamsRpcError', -32602, 'The method was called with invalid parameters.') {}

export class InternalRpcError extends /*#__PURE__*/ jsonRpcError('InternalRpcError', -32603, 'The node reported an internal JSON-RPC error.') {}

// --- EIP-1474 server errors -------------------------------------------------

export class InvalidInputRpcError extends /*#__PURE__*/ jsonRpcError('InvalidInputRpcError', -32000, 'Missing or invalid parameters.') {}

export class ResourceNotFoundRpcError extends /*#__PURE__*/ jsonRpcError('ResourceNotFoundRpcError', -32001, 'The requested resource was not found.') {}

export class ResourceUnavailableRpcError extends /*#__PURE__*/ jsonRpcError('ResourceUnavailableRpcError', -32002, 'The requested resource is not available.') {}

export class TransactionRejectedRpcError extends /*#__PURE__*/ jsonRpcError('TransactionRejectedRpcError', -32003, 'The node rejected the transaction.') {}

export class MethodNotSupportedRpcError extends /*#__PURE__*/ jsonRpcError('MethodNotSupportedRpcError', -32004, (o: MethodOptions) =>
  o.method ? `The method "${o.method}" is not supported.` : 'The method is not supported.',
) {}

export class LimitExceededRpcError extends /*#__PURE__*/ jsonRpcError('LimitExceededRpcError', -32005, 'The request exceeds a limit set by the node.') {}

export class JsonRpcVersionUnsupportedError extends /*#__PURE__*/ jsonRpcError('JsonRpcVersionUnsupportedError', -32006, 'This version of the JSON-RPC protocol is not supported.') {}

// --- EIP-1193 provider errors -----------------------------------------------

/** 4001; code 5000 (used by some wallets) is mapped here too and kept on the instance. */
export class UserRejectedRequestError extends /*#__PURE__*/ providerRpcError('UserRejectedRequestError', 4001, 'The user rejected the request.') {}

export class UnauthorizedProviderError extends /*#__PURE__*/ providerRpcError('UnauthorizedProviderError', 4100, 'The user has not authorized this method or account.') {}

export class UnsupportedProviderMethodError extends /*#__PURE__*/ providerRpcError('UnsupportedProviderMethodError', 4200, (o: MethodOptions) =>
  o.method ? `The wallet does not support the method "${o.method}".` : 'The wallet does not support the requested method.',
) {}

export class ProviderDisconnectedError extends /*#__PURE__*/ providerRpcError('ProviderDisconnectedError', 4900, 'The wallet is disconnected from all chains.') {}

export class ChainDisconnectedError extends /*#__PURE__*/ providerRpcError('ChainDisconnectedError', 4901, 'The wallet is not connected to the requested chain.') {}

/** 4902: usually "unrecognised chain id"; the caller may then try wallet_addEthereumChain. */
export class SwitchChainError extends /*#__PURE__*/ providerRpcError('SwitchChainError', 4902, 'The wallet could not switch to the requested chain.') {}

// --- EIP-5792 wallet_sendCalls ----------------------------------------------

export class UnsupportedNonOptionalCapabilityError extends /*#__PURE__*/ providerRpcError('UnsupportedNonOptionalCapabilityError', 5700, 'The wallet does not support a capability the call bundle requires.') {}

export class UnsupportedChainIdError extends /*#__PURE__*/ providerRpcError('UnsupportedChainIdError', 5710, 'The wallet does not support the chain id of the call bundle.') {}

export class DuplicateIdError extends /*#__PURE__*/ providerRpcError('DuplicateIdError', 5720, 'A call bundle with this id was already submitted.') {}

export class UnknownBundleIdError extends /*#__PURE__*/ providerRpcError('UnknownBundleIdError', 5730, 'No call bundle with this id was submitted.') {}

export class BundleTooLargeError extends /*#__PURE__*/ providerRpcError('BundleTooLargeError', 5740, 'The call bundle is too large for the wallet to handle.') {}

export class AtomicReadyWalletRejectedUpgradeError extends /*#__PURE__*/ providerRpcError('AtomicReadyWalletRejectedUpgradeError', 5750, 'The user rejected upgrading the account to run calls atomically.') {}

export class AtomicityNotSupportedError extends /*#__PURE__*/ providerRpcError('AtomicityNotSupportedError', 5760, 'The wallet cannot run the call bundle atomically, which the request requires.') {}

// --- Fallback ---------------------------------------------------------------

/** A code (or no code) we have no class for. Short message: the provider's text, else 'Unknown error'. */
export class UnknownRpcError extends RpcError {
  override name = 'UnknownRpcError';
  declare readonly code: number;
  constructor(options: RpcErrorOptions & { readonly message?: string } = {}) {
    super(options.message || 'Unknown error', options.code ?? -1, options);
  }
}

/** Codes used when switching chains (docs/errors.md#chain-switch-codes). */
export const ChainErrorCode = /*#__PURE__*/ Object.freeze({
  /** The wallet does not know the chain: add it with wallet_addEthereumChain. */
  UNRECOGNIZED_CHAIN_ID: 4902,
  /** Generic code some wallets use for the same situation. */
  DEFAULT: 5000,
  /** Some wallets report an unknown chain as an invalid chain id. */
  INVALID_CHAIN_ID: 32603,
} as const);
