/**
 * The public kernel API. Plugins (ours and third parties') import only from here.
 * Headless: nothing here touches React or the DOM at import time.
 */
import 'reflect-metadata/lite';

// Kernel
export { createKernel } from './createKernel';
export type { Kernel, CreateKernelParameters } from './createKernel';

// Plugins
export { definePlugin } from './plugin/manifest';
export type { PluginManifest, PluginModule, PluginContext, PluginContributions, PluginStatus } from './plugin/manifest';
export type { ChainAdapter, AdapterConnection, AdapterEvent, TransactionRequest } from './adapter';

// State helpers
export { Store } from './store';
export type { Observed } from './store';

// Services: token and interface share one name.
export { Environment, createEnvironment } from './services/Environment';
export type { StorageLike } from './services/Environment';
export { Options, RawOptions, parseOptions, formatIssue, zodErrorMap, pageMetadata, DEFAULT_FEATURES, DEFAULT_SOCIALS } from './services/Options';
export type { LatchkeyOptions, ResolvedOptions, Features, CustomWallet, SiwxConfig } from './services/Options';
export { Storage, CACHE_TTL_MS, MAX_RECENT_WALLETS } from './services/Storage';
export type { CacheName } from './services/Storage';
export { Router } from './services/Router';
export type { RouterState, RouteEntry } from './services/Router';
export { Modal, SHAKE_MS } from './services/Modal';
export type { ModalState, OpenModalArgs, CloseGuard } from './services/Modal';
export { Network } from './services/Network';
export type { NetworkServiceState } from './services/Network';
export { Account } from './services/Account';
export type { AccountServiceState, ConnectedAccount } from './services/Account';
export {
  ConnectorRegistry,
  DEFAULT_CONNECTOR_TYPE_ORDER,
  DEFAULT_CONNECT_METHOD_ORDER,
  WALLET_FIRST_CONNECT_METHOD_ORDER,
  multiChainConnectorId,
} from './services/ConnectorRegistry';
export type { ConnectorRegistryState } from './services/ConnectorRegistry';
export { Connection, SessionState } from './services/Connection';
export type { ConnectionState, ConnectionEvent } from './services/Connection';
export { PluginHost, KernelContainer } from './services/PluginHost';
export type { PluginHostState, PluginEntry } from './services/PluginHost';
export { Theme, DEFAULT_Z_INDEX, themeToCssVariables } from './services/Theme';
export type { ThemeState } from './services/Theme';
export { Snackbar, SNACKBAR_SWAP_DELAY_MS } from './services/Snackbar';
export type { SnackbarState, SnackbarVariant } from './services/Snackbar';
export { Alerts } from './services/Alerts';
export type { AlertMessage, AlertsState, AlertVariant } from './services/Alerts';
export { Events } from './services/Events';
export type { AnalyticsEvent, TrackedEvent } from './services/Events';
export { HttpClient } from './services/HttpClient';
export type { HttpRequest } from './services/HttpClient';
export { RpcTransport } from './services/RpcTransport';
export { WalletDirectory, WALLET_DIRECTORY_CACHE_KEY } from './services/WalletDirectory';
export type { WalletDirectoryState } from './services/WalletDirectory';

// Wallet directory helpers.
export { WalletDirectoryError } from './directory/errors';
// Slot rules (small, used by the Connect view) apart from the full list ordering (used by AllWallets).
export { pickSlot, naturalSlot, baseConnectorType, isInstalledConnector } from './directory/slots';
export type { WalletEntrySource } from './directory/slots';
// The list ordering, search, catalogue monograms and remote reader are in kernel/directory/index.ts
// (subpath 'latchkey/directory'): re-exporting them here would put them in every host's entry bundle.
export type { DirectoryWallet, DirectorySource } from './directory/types';

// Networks
export {
  defineNetwork,
  caipNetworkId,
  matchesNetwork,
  unsupportedNetwork,
  UNSUPPORTED_NETWORK_NAME,
  DEFAULT_RPC_SERVICE_URL,
  solana,
  solanaDevnet,
  solanaTestnet,
  bitcoin,
  bitcoinTestnet,
} from './networks';

// Transports
export type { Transport, RpcRequest, RequestOptions } from './transport/types';

// Errors
export { LatchkeyError, walkError } from './errors/base';
export type { LatchkeyErrorOptions } from './errors/base';

// Namespaces
export { CHAIN_NAMESPACES, DEFAULT_ACCOUNT_TYPES } from './namespaces';
export { SDK_VERSION } from './version';

// Generated list: errors, validation helpers, transports (explicit names, no `export *`).
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
  RPC_ERROR_CLASSES,
  toProviderError,
  isUnrecognizedChainError,
} from './errors/rpc';
export type {
  RpcErrorOptions,
} from './errors/rpc';
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
  NODE_ERROR_CLASSES,
  toNodeError,
} from './errors/node';
export type {
  NodeErrorOptions,
} from './errors/node';
export {
  KernelErrorMessages,
  RPC_METHOD_NOT_ALLOWED_UI_MESSAGE,
  formatErrorMessage,
  KernelError,
  ChainAdapterNotFoundError,
  NetworkClientNotSetError,
  ConnectionClientNotSetError,
  ControllerClientsNotSetError,
  ChainRequiredError,
  UnsupportedChainError,
  NetworkNotFoundError,
  AddressOrAuthConnectorNotFoundError,
  FailedToDisconnectError,
  SiwxNotEnabledError,
  NoActiveCaipAddressError,
  TransactionsWithoutAccountError,
  AdapterNotFoundError,
  CaipNetworkUndefinedError,
  CaipNetworkOrAddressUndefinedError,
  WalletConnectConnectorNotFoundError,
  UniversalProviderUndefinedError,
  AdapterForNamespaceNotFoundError,
  SiwxConflictError,
  InvalidChainIdError,
  InvalidSendParamsError,
  EmailThrottledError,
  InvalidCaipAddressError,
  InvalidCaipNetworkIdError,
  toValidationIssues,
  OptionsValidationError,
  UnknownError,
  EmailLoginDependencyError,
  FrameError,
  ChainIsNotSupportedError,
  RpcMethodNotAllowedError,
  UniversalProviderInitError,
  firstReasonDescription,
  NameResolveError,
  NameSuggestionsError,
  NamesForAddressError,
  NameRegisterError,
  Base58CharacterError,
  Base58AlphabetTooLongError,
  Uint8ArrayExpectedError,
  PositiveIntegerExpectedError,
  HashDestroyedError,
  ConnectorNotFoundError,
  PluginAlreadyRegisteredError,
  PluginLoadError,
} from './errors/kernel';
export type {
  KernelErrorCode,
  KernelErrorOptions,
  ValidationIssue,
  ValidationIssueInput,
  NameErrorOptions,
} from './errors/kernel';
export {
  HttpRequestError,
  RpcResponseError,
  ResponseTooLargeError,
  TimeoutError,
  RequestAbortedError,
  RequestFailedError,
  MissingRpcUrlError,
  CONNECT_PHASE_ERROR_CODES,
  errorCodesOf,
  NetworkRequestError,
  isAbortError,
  mayHaveReachedServer,
} from './errors/transport';
export type {
  RpcErrorObject,
} from './errors/transport';
// Types only: the classes load with the HTTP transport (match them by `name` or `code`).
export type { InvalidRpcResponseError, RetryAfterError } from './errors/rpcTransport';
export {
  ALERTS,
  PROVIDER_ERROR_ALERTS,
  isAlertKey,
  alertKeyForProviderError,
} from './errors/alerts';
export type {
  AlertKey,
} from './errors/alerts';
export {
  SnackbarMessages,
  SnackbarMessageVariants,
} from './errors/snackbar';
export type {
  SnackbarMessageKey,
} from './errors/snackbar';
export {
  isValidAccountName,
  assertNameChainId,
  nameCoinType,
} from './validation/account';
export {
  isChainNamespace,
  isEvmAddress,
  isSolanaAddress,
  isTransactionHash,
  isCaipAddress,
  isCaipNetworkId,
  parseCaipNetworkId,
  parseCaipAddress,
} from './validation/address';
export type {
  ParsedCaipNetworkId,
  ParsedCaipAddress,
} from './validation/address';
export {
  isEmail,
} from './validation/email';
export {
  TRUNCATION_MARK,
  truncateAddress,
  formatBalance,
  formatTokenValue,
} from './validation/format';
export {
  UNSAFE_RPC_METHODS,
  SAFE_RPC_METHODS,
  isUnsafeRpcMethod,
  isSafeRpcMethod,
  assertAllowedRpcMethod,
} from './validation/rpcMethods';
export {
  validateSendCalls,
  assertValidSendCalls,
  isSolanaSendValid,
  assertSolanaSendValid,
  isEvmSendValid,
  hasInsufficientGas,
} from './validation/send';
export type {
  SendCallsCall,
  SendCallsBundle,
  EvmSendInput,
  GasCheckInput,
} from './validation/send';
export {
  filterLowQualityTokens,
} from './validation/tokens';
export type {
  HasDecimals,
} from './validation/tokens';
export {
  isSpamNftOnlyTransaction,
  filterTransactions,
} from './validation/transactions';
export type {
  TransactionNftInfo,
  TransactionFungibleInfo,
  TransactionTransfer,
  TransactionMetadata,
  Transaction,
} from './validation/transactions';
// The HTTP and fallback transports load on their first request: these constructors are
// lazy wrappers, so importing the kernel does not pull the transport code into the entry.
export { httpTransport, fallbackTransport, lazyTransport } from './transport/lazy';
export type { FetchLike, HttpBatchOptions, HttpTransportOptions } from './transport/http';
export type { RankOptions, FallbackOptions, RankSample, TransportScore } from './transport/fallback';
export {
  SEND_METHODS,
  isSendMethod,
} from './transport/methods';

// Shared types. The network data type is exported as CaipNetwork (Network is the service).
export type {
  ChainNamespace,
  CaipNetworkId,
  CaipAddress,
  NativeCurrency,
  Network as CaipNetwork,
  ConnectorType,
  Eip1193Provider,
  Connector,
  ConnectionStatus,
  AccountType,
  ConnectedWalletInfo,
  TokenBalance,
  AccountRecord,
  AccountState,
  NetworkState,
  ViewId,
  WalletFeature,
  ConnectMethod,
  ConnectorTypeOrder,
  AccountTab,
  RecentWallet,
  DappMetadata,
  ThemeMode,
  ThemeVariables,
} from './types';
