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

// --- JSON-RPC 2.0 -----------------------------------------------------------

export class ParseRpcError extends JsonRpcError {
  static readonly code = -32700;
  override name = 'ParseRpcError';
  constructor(options: RpcErrorOptions = {}) {
    super('The server could not parse the JSON it received.', ParseRpcError.code, options);
  }
}

export class InvalidRequestRpcError extends JsonRpcError {
  static readonly code = -32600;
  override name = 'InvalidRequestRpcError';
  constructor(options: RpcErrorOptions = {}) {
    super('The JSON sent is not a valid request object.', InvalidRequestRpcError.code, options);
  }
}

export class MethodNotFoundRpcError extends JsonRpcError {
  static readonly code = -32601;
  override name = 'MethodNotFoundRpcError';
  constructor(options: RpcErrorOptions & { readonly method?: string } = {}) {
    super(
      options.method
        ? `The method "${options.method}" does not exist or is not available.`
        : 'The method does not exist or is not available.',
      MethodNotFoundRpcError.code,
      options,
    );
  }
}

export class InvalidParamsRpcError extends JsonRpcError {
  static readonly code = -32602;
  override name = 'InvalidParamsRpcError';
  constructor(options: RpcErrorOptions = {}) {
    super('The method was called with invalid parameters.', InvalidParamsRpcError.code, options);
  }
}

export class InternalRpcError extends JsonRpcError {
  static readonly code = -32603;
  override name = 'InternalRpcError';
  constructor(options: RpcErrorOptions = {}) {
    super('The node reported an internal JSON-RPC error.', InternalRpcError.code, options);
  }
}

// --- EIP-1474 server errors -------------------------------------------------

export class InvalidInputRpcError extends JsonRpcError {
  static readonly code = -32000;
  override name = 'InvalidInputRpcError';
  constructor(options: RpcErrorOptions = {}) {
    super('Missing or invalid parameters.', InvalidInputRpcError.code, options);
  }
}

export class ResourceNotFoundRpcError extends JsonRpcError {
  static readonly code = -32001;
  override name = 'ResourceNotFoundRpcError';
  constructor(options: RpcErrorOptions = {}) {
    super('The requested resource was not found.', ResourceNotFoundRpcError.code, options);
  }
}

export class ResourceUnavailableRpcError extends JsonRpcError {
  static readonly code = -32002;
  override name = 'ResourceUnavailableRpcError';
  constructor(options: RpcErrorOptions = {}) {
    super('The requested resource is not available.', ResourceUnavailableRpcError.code, options);
  }
}

export class TransactionRejectedRpcError extends JsonRpcError {
  static readonly code = -32003;
  override name = 'TransactionRejectedRpcError';
  constructor(options: RpcErrorOptions = {}) {
    super('The node rejected the transaction.', TransactionRejectedRpcError.code, options);
  }
}

export class MethodNotSupportedRpcError extends JsonRpcError {
  static readonly code = -32004;
  override name = 'MethodNotSupportedRpcError';
  constructor(options: RpcErrorOptions & { readonly method?: string } = {}) {
    super(
      options.method ? `The method "${options.method}" is not supported.` : 'The method is not supported.',
      MethodNotSupportedRpcError.code,
      options,
    );
  }
}

export class LimitExceededRpcError extends JsonRpcError {
  static readonly code = -32005;
  override name = 'LimitExceededRpcError';
  constructor(options: RpcErrorOptions = {}) {
    super('The request exceeds a limit set by the node.', LimitExceededRpcError.code, options);
  }
}

export class JsonRpcVersionUnsupportedError extends JsonRpcError {
  static readonly code = -32006;
  override name = 'JsonRpcVersionUnsupportedError';
  constructor(options: RpcErrorOptions = {}) {
    super('This version of the JSON-RPC protocol is not supported.', JsonRpcVersionUnsupportedError.code, options);
  }
}

// --- EIP-1193 provider errors -----------------------------------------------

/** 4001; code 5000 (used by some wallets) is mapped here too and kept on the instance. */
export class UserRejectedRequestError extends ProviderRpcError {
  static readonly code = 4001;
  override name = 'UserRejectedRequestError';
  constructor(options: RpcErrorOptions = {}) {
    super('The user rejected the request.', UserRejectedRequestError.code, options);
  }
}

export class UnauthorizedProviderError extends ProviderRpcError {
  static readonly code = 4100;
  override name = 'UnauthorizedProviderError';
  constructor(options: RpcErrorOptions = {}) {
    super('The user has not authorized this method or account.', UnauthorizedProviderError.code, options);
  }
}

export class UnsupportedProviderMethodError extends ProviderRpcError {
  static readonly code = 4200;
  override name = 'UnsupportedProviderMethodError';
  constructor(options: RpcErrorOptions & { readonly method?: string } = {}) {
    super(
      options.method
        ? `The wallet does not support the method "${options.method}".`
        : 'The wallet does not support the requested method.',
      UnsupportedProviderMethodError.code,
      options,
    );
  }
}

export class ProviderDisconnectedError extends ProviderRpcError {
  static readonly code = 4900;
  override name = 'ProviderDisconnectedError';
  constructor(options: RpcErrorOptions = {}) {
    super('The wallet is disconnected from all chains.', ProviderDisconnectedError.code, options);
  }
}

export class ChainDisconnectedError extends ProviderRpcError {
  static readonly code = 4901;
  override name = 'ChainDisconnectedError';
  constructor(options: RpcErrorOptions = {}) {
    super('The wallet is not connected to the requested chain.', ChainDisconnectedError.code, options);
  }
}

/** 4902: usually "unrecognised chain id"; the caller may then try wallet_addEthereumChain. */
export class SwitchChainError extends ProviderRpcError {
  static readonly code = 4902;
  override name = 'SwitchChainError';
  constructor(options: RpcErrorOptions = {}) {
    super('The wallet could not switch to the requested chain.', SwitchChainError.code, options);
  }
}

// --- EIP-5792 wallet_sendCalls ----------------------------------------------

export class UnsupportedNonOptionalCapabilityError extends ProviderRpcError {
  static readonly code = 5700;
  override name = 'UnsupportedNonOptionalCapabilityError';
  constructor(options: RpcErrorOptions = {}) {
    super(
      'The wallet does not support a capability the call bundle requires.',
      UnsupportedNonOptionalCapabilityError.code,
      options,
    );
  }
}

export class UnsupportedChainIdError extends ProviderRpcError {
  static readonly code = 5710;
  override name = 'UnsupportedChainIdError';
  constructor(options: RpcErrorOptions = {}) {
    super('The wallet does not support the chain id of the call bundle.', UnsupportedChainIdError.code, options);
  }
}

export class DuplicateIdError extends ProviderRpcError {
  static readonly code = 5720;
  override name = 'DuplicateIdError';
  constructor(options: RpcErrorOptions = {}) {
    super('A call bundle with this id was already submitted.', DuplicateIdError.code, options);
  }
}

export class UnknownBundleIdError extends ProviderRpcError {
  static readonly code = 5730;
  override name = 'UnknownBundleIdError';
  constructor(options: RpcErrorOptions = {}) {
    super('No call bundle with this id was submitted.', UnknownBundleIdError.code, options);
  }
}

export class BundleTooLargeError extends ProviderRpcError {
  static readonly code = 5740;
  override name = 'BundleTooLargeError';
  constructor(options: RpcErrorOptions = {}) {
    super('The call bundle is too large for the wallet to handle.', BundleTooLargeError.code, options);
  }
}

export class AtomicReadyWalletRejectedUpgradeError extends ProviderRpcError {
  static readonly code = 5750;
  override name = 'AtomicReadyWalletRejectedUpgradeError';
  constructor(options: RpcErrorOptions = {}) {
    super(
      'The user rejected upgrading the account to run calls atomically.',
      AtomicReadyWalletRejectedUpgradeError.code,
      options,
    );
  }
}

export class AtomicityNotSupportedError extends ProviderRpcError {
  static readonly code = 5760;
  override name = 'AtomicityNotSupportedError';
  constructor(options: RpcErrorOptions = {}) {
    super(
      'The wallet cannot run the call bundle atomically, which the request requires.',
      AtomicityNotSupportedError.code,
      options,
    );
  }
}

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
