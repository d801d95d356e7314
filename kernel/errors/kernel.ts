/**
 * Errors the kernel itself throws, listed in docs/errors.md#kernel-errors
 * and docs/errors.md#validation-messages. Texts live in one table, `KernelErrorMessages`; each
 * error is a real subclass of `KernelError`, so `instanceof` and `name` work, and has a
 * stable string `code` (the table key). Errors of one feature live in its plugin.
 */
import { LatchkeyError } from './base';

/** Message templates by code. `{x}` is filled from the error's parameters. */
export const KernelErrorMessages = /*#__PURE__*/ Object.freeze({
  // Thrown messages
  ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND: 'Address or auth connector not found',
  FAILED_TO_DISCONNECT: 'Failed to disconnect',
  ADAPTER_NOT_FOUND: 'Adapter not found',
  // Validation (docs/errors.md#validation-messages)
  ADAPTER_FOR_NAMESPACE_NOT_FOUND: "Adapter for namespace {namespace} doesn't exist",
  SIWX_CONFLICT: 'Cannot set both `siweConfig` and `siwx` options',
  INVALID_CAIP_ADDRESS: 'Invalid CAIP address: {value}',
  INVALID_CAIP_NETWORK_ID: 'Invalid CAIP network id: {value}',
  INVALID_OPTIONS: 'Invalid options',
  INVALID_DECIMAL_NUMBER: 'Number `{value}` is not a valid decimal number.',
  // Other messages
  CHAIN_NOT_SUPPORTED: 'Chain is not supported',
  CAPABILITY_NOT_SUPPORTED: 'The {namespace} wallet does not support {capability}',
  // Connectors
  CONNECTOR_NOT_FOUND: 'Connector {id} not found',
  // Plugin host
  PLUGIN_ALREADY_REGISTERED: 'Plugin "{id}" is already registered',
  PLUGIN_LOAD: 'Plugin "{id}" failed to load',
} as const);

export type KernelErrorCode = keyof typeof KernelErrorMessages;

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

export class AdapterNotFoundError extends KernelError {
  override name = 'AdapterNotFoundError';
  constructor(options?: KernelErrorOptions) {
    super('ADAPTER_NOT_FOUND', options);
  }
}

// --- Validation messages (docs/errors.md#validation-messages) -----------------

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

function toValidationIssues(issues: readonly ValidationIssueInput[]): ValidationIssue[] {
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

/** A decimal amount that parseUnits cannot read ('1.2.3', '', 'abc'). */
export class InvalidDecimalNumberError extends KernelError {
  override name = 'InvalidDecimalNumberError';
  constructor(value: string, options?: KernelErrorOptions) {
    super('INVALID_DECIMAL_NUMBER', { ...options, data: { value } }, { value });
  }
}

// --- Other messages ------------------------------------------------------------

/** The connected wallet's adapter does not implement `capability` (e.g. signPsbt on an EVM wallet). */
export class CapabilityNotSupportedError extends KernelError {
  override name = 'CapabilityNotSupportedError';
  readonly capability: string;
  readonly namespace: string;
  constructor(capability: string, namespace: string, options?: KernelErrorOptions) {
    super('CAPABILITY_NOT_SUPPORTED', options, { capability, namespace });
    this.capability = capability;
    this.namespace = namespace;
  }
}

/** wallet_addEthereumChain failed. */
export class ChainIsNotSupportedError extends KernelError {
  override name = 'ChainIsNotSupportedError';
  constructor(options?: KernelErrorOptions) {
    super('CHAIN_NOT_SUPPORTED', options);
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
