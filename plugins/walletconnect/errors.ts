/**
 * Errors of the WalletConnect plugin, listed in docs/errors.md#plugin-errors:
 * 'WalletConnectConnector not found', 'UniversalAdapter:signMessage - provider is
 * undefined', the UniversalProviderInitError event.
 */
import { LatchkeyError, type LatchkeyErrorOptions } from 'latchkey/errors';

type Options = Omit<LatchkeyErrorOptions, 'code'>;

/** A WalletConnect operation got a connector that is not WalletConnect's. */
export class WalletConnectConnectorNotFoundError extends LatchkeyError {
  override name = 'WalletConnectConnectorNotFoundError';
  constructor(options: Options = {}) {
    super('WalletConnectConnector not found', { ...options, code: 'WALLET_CONNECT_CONNECTOR_NOT_FOUND' });
  }
}

/** The universal adapter was asked to sign before the universal provider existed. */
export class UniversalProviderUndefinedError extends LatchkeyError {
  override name = 'UniversalProviderUndefinedError';
  constructor(options: Options = {}) {
    super('UniversalAdapter:signMessage - provider is undefined', { ...options, code: 'UNIVERSAL_PROVIDER_UNDEFINED' });
  }
}

/** The universal provider failed to start; reported as an SDK error event with this errorType (docs/connection.md#walletconnect-pairing). */
export class UniversalProviderInitError extends LatchkeyError {
  override name = 'UniversalProviderInitError';
  readonly errorType = 'UniversalProviderInitError';
  constructor(options: Options = {}) {
    super('Failed to initialize the universal provider', { ...options, code: 'UNIVERSAL_PROVIDER_INIT' });
  }
}

/**
 * The universal adapter cannot do `operation` for `namespace` through a WalletConnect session,
 * e.g. a Solana transfer needs a serialized transaction for solana_signAndSendTransaction.
 * `data.method` names the wallet-session method the caller must use instead, when there is one.
 */
export class UniversalAdapterUnsupportedError extends LatchkeyError {
  override name = 'UniversalAdapterUnsupportedError';
  readonly namespace: string;
  readonly operation: string;
  readonly method: string | undefined;
  constructor(operation: string, namespace: string, detail: string, method?: string) {
    super(`UniversalAdapter:${operation} - not supported for ${namespace}`, { code: 4200, details: detail, data: { namespace, operation, method } });
    this.namespace = namespace;
    this.operation = operation;
    this.method = method;
  }
}

/** The wallet approved the session without accounts for this namespace. */
export class NamespaceNotApprovedError extends LatchkeyError {
  override name = 'NamespaceNotApprovedError';
  readonly namespace: string;
  constructor(namespace: string) {
    super(`The WalletConnect session has no ${namespace} account`, {
      code: 4100,
      details: `The wallet did not approve the ${namespace} namespace.`,
      data: { namespace },
    });
    this.namespace = namespace;
  }
}

/** A wallet answered a request with something that is not the expected result (`cause`: what refused it, when a decoder did). */
export class UnexpectedWalletResponseError extends LatchkeyError {
  override name = 'UnexpectedWalletResponseError';
  constructor(method: string, response: unknown, cause?: unknown) {
    super(`The wallet answered ${method} with an unexpected result`, { data: { method, response }, cause });
  }
}

/**
 * The relay could not be reached for as long as a request may wait (the wallet cannot hear the
 * dapp). Code 4900, as EIP-1193's "disconnected": the session is kept and recovers when the relay
 * is back; try again then.
 */
export class RelayConnectionLostError extends LatchkeyError {
  override name = 'RelayConnectionLostError';
  constructor(timeoutMs: number, options: Options = {}) {
    super('The connection to the wallet was lost', {
      details: `The WalletConnect relay could not be reached for ${Math.round(timeoutMs / 1000)} s, so the wallet did not get the request. It reconnects on its own; try again then.`,
      ...options,
      code: 4900,
    });
  }
}
