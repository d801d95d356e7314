/**
 * Errors of the WalletConnect plugin's universal adapter. The kernel's own
 * catalogue supplies 'UniversalAdapter:signMessage - provider is undefined'
 * (UniversalProviderUndefinedError) and 'WalletConnectConnector not found'
 * (WalletConnectConnectorNotFoundError); these cover what the catalogue has no text for.
 */
import { LatchkeyError } from '../../kernel/index';

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

/** A decimal amount that parseUnits cannot read ('1.2.3', '', 'abc'). */
export class InvalidDecimalNumberError extends LatchkeyError {
  override name = 'InvalidDecimalNumberError';
  constructor(value: string) {
    super(`Number \`${value}\` is not a valid decimal number.`, { data: { value } });
  }
}

/** A wallet answered a request with something that is not the expected result. */
export class UnexpectedWalletResponseError extends LatchkeyError {
  override name = 'UnexpectedWalletResponseError';
  constructor(method: string, response: unknown) {
    super(`The wallet answered ${method} with an unexpected result`, { data: { method, response } });
  }
}
