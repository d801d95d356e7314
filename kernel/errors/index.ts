/**
 * Every typed error (subpath `latchkey/errors`): JSON-RPC and provider errors with their
 * codes (docs/errors.md#typed-errors), node errors from sends, transport errors, the kernel's own, and
 * the mapping from whatever a wallet throws to one of them; and the EIP-5792 call checks that
 * throw InvalidParamsRpcError before a bundle reaches a wallet.
 */
export { LatchkeyError, walkError, errorChain } from './base';
export type { LatchkeyErrorOptions } from './base';
export { errorClass, type LatchkeyErrorClass } from './errorClass';
export { isUserRejection, isUnrecognizedChain, errorCodes, USER_REJECTED_CODES, ADD_CHAIN_AFTER_CODES } from './predicates';
export {
  RpcError,
  JsonRpcError,
  ProviderRpcError,
  ParseRpcError,
  InvalidRequestRpcError,
  MethodNotFoundRpcError,
  InvalidParamsRpcError,
  InternalRpcError,
  InvalidInputRpcError,
  ResourceNotFoundRpcError,
  ResourceUnavailableRpcError,
  TransactionRejectedRpcError,
  MethodNotSupportedRpcError,
  LimitExceededRpcError,
  JsonRpcVersionUnsupportedError,
  UserRejectedRequestError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  ProviderDisconnectedError,
  ChainDisconnectedError,
  SwitchChainError,
  UnsupportedNonOptionalCapabilityError,
  UnsupportedChainIdError,
  DuplicateIdError,
  UnknownBundleIdError,
  BundleTooLargeError,
  AtomicReadyWalletRejectedUpgradeError,
  AtomicityNotSupportedError,
  UnknownRpcError,
  ChainErrorCode,
} from './rpc';
export { RPC_ERROR_CLASSES, toProviderError } from './providerError';
export type { RpcErrorOptions } from './rpc';
export {
  NodeError,
  ExecutionRevertedError,
  FeeCapTooHighError,
  FeeCapTooLowError,
  NonceTooHighError,
  NonceTooLowError,
  NonceMaxValueError,
  InsufficientFundsError,
  IntrinsicGasTooHighError,
  IntrinsicGasTooLowError,
  TransactionTypeNotSupportedError,
  TipAboveFeeCapError,
  toNodeError,
} from './node';
export {
  HttpRequestError,
  RpcResponseError,
  ResponseTooLargeError,
  TimeoutError,
  RequestAbortedError,
  RequestFailedError,
  MissingRpcUrlError,
  NetworkRequestError,
} from './transport';
export { InvalidRpcResponseError, RetryAfterError } from './rpcTransport';
export {
  KernelError,
  AddressOrAuthConnectorNotFoundError,
  FailedToDisconnectError,
  AdapterNotFoundError,
  AdapterForNamespaceNotFoundError,
  SiwxConflictError,
  InvalidCaipAddressError,
  InvalidCaipNetworkIdError,
  InvalidDecimalNumberError,
  OptionsValidationError,
  ChainIsNotSupportedError,
  CapabilityNotSupportedError,
  ConnectorNotFoundError,
  PluginAlreadyRegisteredError,
  PluginLoadError,
} from './kernel';
export type { KernelErrorCode, ValidationIssue } from './kernel';
export { WalletDirectoryError } from '../directory/errors';
export {
  BlockchainApiNotConfiguredError,
  TransactionsWithoutAccountError,
  UnexpectedApiResponseError,
  NameError,
  NAME_ERROR_TEXTS,
  firstReasonDescription,
} from './blockchainApi';
// EIP-5792 wallet_sendCalls for chain adapters: the call checks (docs/errors.md#validation-messages) that throw
// InvalidParamsRpcError, the v2 params and the bundle id of an answer.
export { sendCallsParams, assertSendCallsParams, sendCallsBundleId } from './sendCalls';
