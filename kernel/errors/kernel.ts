/**
 * Errors the kernel itself throws (spec section 8: "Thrown messages", "Other
 * messages", "Name errors", Base58 and hash-helper errors, plus the thrown
 * messages of section 5). Texts live in one table, `KernelErrorMessages`; each
 * error is a real subclass of `KernelError` so `instanceof` and `name` work.
 * Every error has a stable string `code` (the table key).
 */
import { LatchkeyError } from './base';

/** Message templates by code. `{x}` is filled from the error's parameters. */
export const KernelErrorMessages = /*#__PURE__*/ Object.freeze({
  // Thrown messages
  CHAIN_ADAPTER_NOT_FOUND: 'Chain adapter not found',
  NETWORK_CLIENT_NOT_SET: 'NetworkController client not set',
  CONNECTION_CLIENT_NOT_SET: 'ConnectionController client not set',
  CONTROLLER_CLIENTS_NOT_SET: 'ConnectionControllerClient and NetworkControllerClient must be set',
  CHAIN_REQUIRED: 'Chain is required',
  UNSUPPORTED_CHAIN: 'Unsupported chain',
  NETWORK_NOT_FOUND: 'Network not found',
  ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND: 'Address or auth connector not found',
  FAILED_TO_DISCONNECT: 'Failed to disconnect',
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  NO_ACTIVE_CAIP_ADDRESS: 'No ActiveCaipAddress found',
  TRANSACTIONS_WITHOUT_ACCOUNT: "Transactions can't be fetched without an accountAddress",
  ADAPTER_NOT_FOUND: 'Adapter not found',
  CAIP_NETWORK_UNDEFINED: 'CaipNetwork is undefined',
  CAIP_NETWORK_OR_ADDRESS_UNDEFINED: 'CaipNetwork or CaipAddress is undefined',
  WALLET_CONNECT_CONNECTOR_NOT_FOUND: 'WalletConnectConnector not found',
  UNIVERSAL_PROVIDER_UNDEFINED: 'UniversalAdapter:signMessage - provider is undefined',
  // Validation (section 5)
  ADAPTER_FOR_NAMESPACE_NOT_FOUND: "Adapter for namespace {namespace} doesn't exist",
  SIWX_CONFLICT: 'Cannot set both `siweConfig` and `siwx` options',
  INVALID_CHAIN_ID: 'Invalid chainId',
  INVALID_SEND_PARAMS: 'Please enter a valid amount and receiver address',
  EMAIL_THROTTLED: 'Please try again after {seconds} seconds',
  INVALID_CAIP_ADDRESS: 'Invalid CAIP address: {value}',
  INVALID_CAIP_NETWORK_ID: 'Invalid CAIP network id: {value}',
  INVALID_OPTIONS: 'Invalid options',
  // Other messages
  UNKNOWN: 'Unknown error',
  EMAIL_LOGIN_DEPENDENCY: 'Unable to load email login dependency',
  FRAME_ERROR: 'An error occurred',
  CHAIN_NOT_SUPPORTED: 'Chain is not supported',
  RPC_METHOD_NOT_ALLOWED: 'Requested RPC call is not allowed',
  UNIVERSAL_PROVIDER_INIT: 'Failed to initialize the universal provider',
  // Name errors (used when the provider gives no reason)
  NAME_RESOLVE: 'Error resolving name',
  NAME_SUGGESTIONS: 'Error fetching name suggestions',
  NAMES_FOR_ADDRESS: 'Error fetching names for address',
  NAME_REGISTER: 'Error registering name {name}',
  // Base58 and hash helpers
  BASE58_NON_BASE58_CHARACTER: 'Non-base58 character',
  BASE58_ALPHABET_TOO_LONG: 'Alphabet too long',
  UINT8ARRAY_EXPECTED: 'Uint8Array expected',
  POSITIVE_INTEGER_EXPECTED: 'positive integer expected',
  HASH_DESTROYED: 'Hash instance has been destroyed',
  // Connectors
  CONNECTOR_NOT_FOUND: 'Connector {id} not found',
  // Plugin host
  PLUGIN_ALREADY_REGISTERED: 'Plugin "{id}" is already registered',
  PLUGIN_LOAD: 'Plugin "{id}" failed to load',
} as const);

export type KernelErrorCode = keyof typeof KernelErrorMessages;

/** The UI text shown for a refused RPC call (spec section 6). */
export const RPC_METHOD_NOT_ALLOWED_UI_MESSAGE = 'Action not allowed';

export interface KernelErrorOptions {
  readonly cause?: unknown;
  readonly details?: string;
  readonly data?: unknown;
}

/** Fills `{key}` placeholders; unknown keys are left as they are. */
export function formatErrorMessage(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : whole,
  );
}

/** Base of every kernel error; `code` is the stable key of `KernelErrorMessages`. */
export class KernelError extends LatchkeyError {
  override name = 'KernelError';
  declare readonly code: KernelErrorCode;

  constructor(
    code: KernelErrorCode,
    options: KernelErrorOptions = {},
    params?: Readonly<Record<string, string | number>>,
    /** Replaces the table text (e.g. a provider's own reason). */
    message?: string,
  ) {
    super(message ?? formatErrorMessage(KernelErrorMessages[code], params), {
      code,
      cause: options.cause,
      details: options.details,
      data: options.data,
    });
  }
}

// --- Thrown messages ----------------------------------------------------------

export class ChainAdapterNotFoundError extends KernelError {
  override name = 'ChainAdapterNotFoundError';
  constructor(options?: KernelErrorOptions) {
    super('CHAIN_ADAPTER_NOT_FOUND', options);
  }
}

export class NetworkClientNotSetError extends KernelError {
  override name = 'NetworkClientNotSetError';
  constructor(options?: KernelErrorOptions) {
    super('NETWORK_CLIENT_NOT_SET', options);
  }
}

export class ConnectionClientNotSetError extends KernelError {
  override name = 'ConnectionClientNotSetError';
  constructor(options?: KernelErrorOptions) {
    super('CONNECTION_CLIENT_NOT_SET', options);
  }
}

export class ControllerClientsNotSetError extends KernelError {
  override name = 'ControllerClientsNotSetError';
  constructor(options?: KernelErrorOptions) {
    super('CONTROLLER_CLIENTS_NOT_SET', options);
  }
}

/** 'Chain is required', or 'Chain is required to {purpose}' when a purpose is given. */
export class ChainRequiredError extends KernelError {
  override name = 'ChainRequiredError';
  constructor(purpose?: string, options?: KernelErrorOptions) {
    super(
      'CHAIN_REQUIRED',
      options,
      undefined,
      purpose ? `${KernelErrorMessages.CHAIN_REQUIRED} to ${purpose}` : undefined,
    );
  }
}

export class UnsupportedChainError extends KernelError {
  override name = 'UnsupportedChainError';
  constructor(options?: KernelErrorOptions) {
    super('UNSUPPORTED_CHAIN', options);
  }
}

export class NetworkNotFoundError extends KernelError {
  override name = 'NetworkNotFoundError';
  constructor(options?: KernelErrorOptions) {
    super('NETWORK_NOT_FOUND', options);
  }
}

export class AddressOrAuthConnectorNotFoundError extends KernelError {
  override name = 'AddressOrAuthConnectorNotFoundError';
  constructor(options?: KernelErrorOptions) {
    super('ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND', options);
  }
}

export class FailedToDisconnectError extends KernelError {
  override name = 'FailedToDisconnectError';
  constructor(options?: KernelErrorOptions) {
    super('FAILED_TO_DISCONNECT', options);
  }
}

export class SiwxNotEnabledError extends KernelError {
  override name = 'SiwxNotEnabledError';
  constructor(options?: KernelErrorOptions) {
    super('SIWX_NOT_ENABLED', options);
  }
}

export class NoActiveCaipAddressError extends KernelError {
  override name = 'NoActiveCaipAddressError';
  constructor(options?: KernelErrorOptions) {
    super('NO_ACTIVE_CAIP_ADDRESS', options);
  }
}

export class TransactionsWithoutAccountError extends KernelError {
  override name = 'TransactionsWithoutAccountError';
  constructor(options?: KernelErrorOptions) {
    super('TRANSACTIONS_WITHOUT_ACCOUNT', options);
  }
}

export class AdapterNotFoundError extends KernelError {
  override name = 'AdapterNotFoundError';
  constructor(options?: KernelErrorOptions) {
    super('ADAPTER_NOT_FOUND', options);
  }
}

export class CaipNetworkUndefinedError extends KernelError {
  override name = 'CaipNetworkUndefinedError';
  constructor(options?: KernelErrorOptions) {
    super('CAIP_NETWORK_UNDEFINED', options);
  }
}

export class CaipNetworkOrAddressUndefinedError extends KernelError {
  override name = 'CaipNetworkOrAddressUndefinedError';
  constructor(options?: KernelErrorOptions) {
    super('CAIP_NETWORK_OR_ADDRESS_UNDEFINED', options);
  }
}

export class WalletConnectConnectorNotFoundError extends KernelError {
  override name = 'WalletConnectConnectorNotFoundError';
  constructor(options?: KernelErrorOptions) {
    super('WALLET_CONNECT_CONNECTOR_NOT_FOUND', options);
  }
}

export class UniversalProviderUndefinedError extends KernelError {
  override name = 'UniversalProviderUndefinedError';
  constructor(options?: KernelErrorOptions) {
    super('UNIVERSAL_PROVIDER_UNDEFINED', options);
  }
}

// --- Validation messages (section 5) -----------------------------------------

export class AdapterForNamespaceNotFoundError extends KernelError {
  override name = 'AdapterForNamespaceNotFoundError';
  readonly namespace: string;
  constructor(namespace: string, options?: KernelErrorOptions) {
    super('ADAPTER_FOR_NAMESPACE_NOT_FOUND', options, { namespace });
    this.namespace = namespace;
  }
}

export class SiwxConflictError extends KernelError {
  override name = 'SiwxConflictError';
  constructor(options?: KernelErrorOptions) {
    super('SIWX_CONFLICT', options);
  }
}

export class InvalidChainIdError extends KernelError {
  override name = 'InvalidChainIdError';
  constructor(options?: KernelErrorOptions) {
    super('INVALID_CHAIN_ID', options);
  }
}

export class InvalidSendParamsError extends KernelError {
  override name = 'InvalidSendParamsError';
  constructor(options?: KernelErrorOptions) {
    super('INVALID_SEND_PARAMS', options);
  }
}

/** E-mail login asked again too soon: 'Please try again after {n} seconds'. */
export class EmailThrottledError extends KernelError {
  override name = 'EmailThrottledError';
  readonly seconds: number;
  constructor(seconds: number, options?: KernelErrorOptions) {
    super('EMAIL_THROTTLED', options, { seconds });
    this.seconds = seconds;
  }
}

export class InvalidCaipAddressError extends KernelError {
  override name = 'InvalidCaipAddressError';
  constructor(value: unknown, options?: KernelErrorOptions) {
    super('INVALID_CAIP_ADDRESS', options, { value: String(value) });
  }
}

export class InvalidCaipNetworkIdError extends KernelError {
  override name = 'InvalidCaipNetworkIdError';
  constructor(value: unknown, options?: KernelErrorOptions) {
    super('INVALID_CAIP_NETWORK_ID', options, { value: String(value) });
  }
}

/** One schema problem: a dotted path ('' for the root) and the schema's message. */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

/** Accepts zod-style issues (path as an array) or already-flattened ones. */
export interface ValidationIssueInput {
  readonly path: string | readonly PropertyKey[];
  readonly message: string;
}

export function toValidationIssues(issues: readonly ValidationIssueInput[]): ValidationIssue[] {
  return issues.map((issue) => ({
    path: typeof issue.path === 'string' ? issue.path : issue.path.map((p) => String(p)).join('.'),
    message: issue.message,
  }));
}

/**
 * Options failed their schema. The message lists every issue:
 * 'Invalid options: projectId: Required; features.email: Expected boolean, received string'.
 * `issues` (also in `data.issues`) has them one by one.
 */
export class OptionsValidationError extends KernelError {
  override name = 'OptionsValidationError';
  readonly issues: readonly ValidationIssue[];
  constructor(issues: readonly ValidationIssueInput[], options: KernelErrorOptions = {}) {
    const flat = toValidationIssues(issues);
    const list = flat.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
    super(
      'INVALID_OPTIONS',
      { ...options, data: options.data ?? { issues: flat } },
      undefined,
      list ? `${KernelErrorMessages.INVALID_OPTIONS}: ${list}` : undefined,
    );
    this.issues = flat;
  }
}

// --- Other messages ------------------------------------------------------------

export class UnknownError extends KernelError {
  override name = 'UnknownError';
  constructor(options?: KernelErrorOptions) {
    super('UNKNOWN', options);
  }
}

/** The embedded-wallet frame could not be loaded. */
export class EmailLoginDependencyError extends KernelError {
  override name = 'EmailLoginDependencyError';
  constructor(options?: KernelErrorOptions) {
    super('EMAIL_LOGIN_DEPENDENCY', options);
  }
}

/** A FRAME_*_ERROR reply: its message, or 'An error occurred' when it has none. */
export class FrameError extends KernelError {
  override name = 'FrameError';
  constructor(message?: string, options?: KernelErrorOptions) {
    super('FRAME_ERROR', options, undefined, message && message.trim() !== '' ? message : undefined);
  }
}

/** wallet_addEthereumChain failed. */
export class ChainIsNotSupportedError extends KernelError {
  override name = 'ChainIsNotSupportedError';
  constructor(options?: KernelErrorOptions) {
    super('CHAIN_NOT_SUPPORTED', options);
  }
}

/** An RPC method on neither the safe nor the unsafe list; the UI shows `uiMessage`. */
export class RpcMethodNotAllowedError extends KernelError {
  override name = 'RpcMethodNotAllowedError';
  readonly uiMessage = RPC_METHOD_NOT_ALLOWED_UI_MESSAGE;
  readonly method: string | undefined;
  constructor(method?: string, options: KernelErrorOptions = {}) {
    super('RPC_METHOD_NOT_ALLOWED', { ...options, data: options.data ?? (method ? { method } : undefined) });
    this.method = method;
  }
}

/** The universal provider failed to start; reported as an SDK error event with this errorType. */
export class UniversalProviderInitError extends KernelError {
  override name = 'UniversalProviderInitError';
  readonly errorType = 'UniversalProviderInitError';
  constructor(options?: KernelErrorOptions) {
    super('UNIVERSAL_PROVIDER_INIT', options);
  }
}

// --- Name errors ---------------------------------------------------------------

export interface NameErrorOptions extends KernelErrorOptions {
  /** The provider's `reasons` list; the first description becomes the message. */
  readonly reasons?: readonly { readonly description?: string }[];
}

function reasonsDescription(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const reasons = (value as { reasons?: unknown }).reasons;
  if (!Array.isArray(reasons)) return undefined;
  const first = reasons[0] as { description?: unknown } | undefined;
  const text = first?.description;
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

/**
 * The first `reasons[].description` of a name-service error, looked up on the
 * value, then on its `cause`, `data` and `body` (a few levels deep).
 */
export function firstReasonDescription(value: unknown, depth = 4): string | undefined {
  if (depth < 0 || typeof value !== 'object' || value === null) return undefined;
  const own = reasonsDescription(value);
  if (own) return own;
  const rec = value as { cause?: unknown; data?: unknown; body?: unknown };
  return (
    firstReasonDescription(rec.cause, depth - 1) ??
    firstReasonDescription(rec.data, depth - 1) ??
    firstReasonDescription(rec.body, depth - 1)
  );
}

function nameMessage(options: NameErrorOptions): string | undefined {
  return reasonsDescription({ reasons: options.reasons }) ?? firstReasonDescription(options.cause);
}

export class NameResolveError extends KernelError {
  override name = 'NameResolveError';
  constructor(options: NameErrorOptions = {}) {
    super('NAME_RESOLVE', options, undefined, nameMessage(options));
  }
}

export class NameSuggestionsError extends KernelError {
  override name = 'NameSuggestionsError';
  constructor(options: NameErrorOptions = {}) {
    super('NAME_SUGGESTIONS', options, undefined, nameMessage(options));
  }
}

export class NamesForAddressError extends KernelError {
  override name = 'NamesForAddressError';
  constructor(options: NameErrorOptions = {}) {
    super('NAMES_FOR_ADDRESS', options, undefined, nameMessage(options));
  }
}

export class NameRegisterError extends KernelError {
  override name = 'NameRegisterError';
  readonly accountName: string;
  constructor(name: string, options: NameErrorOptions = {}) {
    super('NAME_REGISTER', options, { name }, nameMessage(options));
    this.accountName = name;
  }
}

// --- Base58 and hash helpers --------------------------------------------------------

export class Base58CharacterError extends KernelError {
  override name = 'Base58CharacterError';
  constructor(options?: KernelErrorOptions) {
    super('BASE58_NON_BASE58_CHARACTER', options);
  }
}

export class Base58AlphabetTooLongError extends KernelError {
  override name = 'Base58AlphabetTooLongError';
  constructor(options?: KernelErrorOptions) {
    super('BASE58_ALPHABET_TOO_LONG', options);
  }
}

export class Uint8ArrayExpectedError extends KernelError {
  override name = 'Uint8ArrayExpectedError';
  constructor(options?: KernelErrorOptions) {
    super('UINT8ARRAY_EXPECTED', options);
  }
}

export class PositiveIntegerExpectedError extends KernelError {
  override name = 'PositiveIntegerExpectedError';
  constructor(options?: KernelErrorOptions) {
    super('POSITIVE_INTEGER_EXPECTED', options);
  }
}

export class HashDestroyedError extends KernelError {
  override name = 'HashDestroyedError';
  constructor(options?: KernelErrorOptions) {
    super('HASH_DESTROYED', options);
  }
}

// --- Connectors -------------------------------------------------------------------------

/** No connector with this id is registered. */
export class ConnectorNotFoundError extends KernelError {
  override name = 'ConnectorNotFoundError';
  readonly connectorId: string;
  constructor(id: string, options?: KernelErrorOptions) {
    super('CONNECTOR_NOT_FOUND', options, { id });
    this.connectorId = id;
  }
}

// --- Plugin host ----------------------------------------------------------------------

export class PluginAlreadyRegisteredError extends KernelError {
  override name = 'PluginAlreadyRegisteredError';
  readonly pluginId: string;
  constructor(id: string, options?: KernelErrorOptions) {
    super('PLUGIN_ALREADY_REGISTERED', options, { id });
    this.pluginId = id;
  }
}

/** A plugin's module failed to load or start; `details` holds the cause's message. */
export class PluginLoadError extends KernelError {
  override name = 'PluginLoadError';
  readonly pluginId: string;
  constructor(id: string, cause?: unknown, options: KernelErrorOptions = {}) {
    const causeMessage =
      cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : undefined;
    super('PLUGIN_LOAD', { ...options, cause: cause ?? options.cause, details: options.details ?? causeMessage }, { id });
    this.pluginId = id;
  }
}
