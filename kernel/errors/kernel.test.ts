import { LatchkeyError } from './base';
import * as K from './kernel';

type Row = [string, () => K.KernelError, abstract new (...args: never[]) => K.KernelError, K.KernelErrorCode, string];

const rows: Row[] = [
  ['ChainAdapterNotFoundError', () => new K.ChainAdapterNotFoundError(), K.ChainAdapterNotFoundError, 'CHAIN_ADAPTER_NOT_FOUND', 'Chain adapter not found'],
  ['NetworkClientNotSetError', () => new K.NetworkClientNotSetError(), K.NetworkClientNotSetError, 'NETWORK_CLIENT_NOT_SET', 'NetworkController client not set'],
  ['ConnectionClientNotSetError', () => new K.ConnectionClientNotSetError(), K.ConnectionClientNotSetError, 'CONNECTION_CLIENT_NOT_SET', 'ConnectionController client not set'],
  ['ControllerClientsNotSetError', () => new K.ControllerClientsNotSetError(), K.ControllerClientsNotSetError, 'CONTROLLER_CLIENTS_NOT_SET', 'ConnectionControllerClient and NetworkControllerClient must be set'],
  ['ChainRequiredError', () => new K.ChainRequiredError(), K.ChainRequiredError, 'CHAIN_REQUIRED', 'Chain is required'],
  ['UnsupportedChainError', () => new K.UnsupportedChainError(), K.UnsupportedChainError, 'UNSUPPORTED_CHAIN', 'Unsupported chain'],
  ['NetworkNotFoundError', () => new K.NetworkNotFoundError(), K.NetworkNotFoundError, 'NETWORK_NOT_FOUND', 'Network not found'],
  ['AddressOrAuthConnectorNotFoundError', () => new K.AddressOrAuthConnectorNotFoundError(), K.AddressOrAuthConnectorNotFoundError, 'ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND', 'Address or auth connector not found'],
  ['FailedToDisconnectError', () => new K.FailedToDisconnectError(), K.FailedToDisconnectError, 'FAILED_TO_DISCONNECT', 'Failed to disconnect'],
  ['SiwxNotEnabledError', () => new K.SiwxNotEnabledError(), K.SiwxNotEnabledError, 'SIWX_NOT_ENABLED', 'SIWX is not enabled'],
  ['NoActiveCaipAddressError', () => new K.NoActiveCaipAddressError(), K.NoActiveCaipAddressError, 'NO_ACTIVE_CAIP_ADDRESS', 'No ActiveCaipAddress found'],
  ['TransactionsWithoutAccountError', () => new K.TransactionsWithoutAccountError(), K.TransactionsWithoutAccountError, 'TRANSACTIONS_WITHOUT_ACCOUNT', "Transactions can't be fetched without an accountAddress"],
  ['AdapterNotFoundError', () => new K.AdapterNotFoundError(), K.AdapterNotFoundError, 'ADAPTER_NOT_FOUND', 'Adapter not found'],
  ['CaipNetworkUndefinedError', () => new K.CaipNetworkUndefinedError(), K.CaipNetworkUndefinedError, 'CAIP_NETWORK_UNDEFINED', 'CaipNetwork is undefined'],
  ['CaipNetworkOrAddressUndefinedError', () => new K.CaipNetworkOrAddressUndefinedError(), K.CaipNetworkOrAddressUndefinedError, 'CAIP_NETWORK_OR_ADDRESS_UNDEFINED', 'CaipNetwork or CaipAddress is undefined'],
  ['WalletConnectConnectorNotFoundError', () => new K.WalletConnectConnectorNotFoundError(), K.WalletConnectConnectorNotFoundError, 'WALLET_CONNECT_CONNECTOR_NOT_FOUND', 'WalletConnectConnector not found'],
  ['UniversalProviderUndefinedError', () => new K.UniversalProviderUndefinedError(), K.UniversalProviderUndefinedError, 'UNIVERSAL_PROVIDER_UNDEFINED', 'UniversalAdapter:signMessage - provider is undefined'],
  ['AdapterForNamespaceNotFoundError', () => new K.AdapterForNamespaceNotFoundError('solana'), K.AdapterForNamespaceNotFoundError, 'ADAPTER_FOR_NAMESPACE_NOT_FOUND', "Adapter for namespace solana doesn't exist"],
  ['SiwxConflictError', () => new K.SiwxConflictError(), K.SiwxConflictError, 'SIWX_CONFLICT', 'Cannot set both `siweConfig` and `siwx` options'],
  ['InvalidChainIdError', () => new K.InvalidChainIdError(), K.InvalidChainIdError, 'INVALID_CHAIN_ID', 'Invalid chainId'],
  ['InvalidSendParamsError', () => new K.InvalidSendParamsError(), K.InvalidSendParamsError, 'INVALID_SEND_PARAMS', 'Please enter a valid amount and receiver address'],
  ['EmailThrottledError', () => new K.EmailThrottledError(17), K.EmailThrottledError, 'EMAIL_THROTTLED', 'Please try again after 17 seconds'],
  ['InvalidCaipAddressError', () => new K.InvalidCaipAddressError('eip155:1'), K.InvalidCaipAddressError, 'INVALID_CAIP_ADDRESS', 'Invalid CAIP address: eip155:1'],
  ['InvalidCaipNetworkIdError', () => new K.InvalidCaipNetworkIdError('foo'), K.InvalidCaipNetworkIdError, 'INVALID_CAIP_NETWORK_ID', 'Invalid CAIP network id: foo'],
  ['OptionsValidationError', () => new K.OptionsValidationError([]), K.OptionsValidationError, 'INVALID_OPTIONS', 'Invalid options'],
  ['UnknownError', () => new K.UnknownError(), K.UnknownError, 'UNKNOWN', 'Unknown error'],
  ['EmailLoginDependencyError', () => new K.EmailLoginDependencyError(), K.EmailLoginDependencyError, 'EMAIL_LOGIN_DEPENDENCY', 'Unable to load email login dependency'],
  ['FrameError', () => new K.FrameError(), K.FrameError, 'FRAME_ERROR', 'An error occurred'],
  ['ChainIsNotSupportedError', () => new K.ChainIsNotSupportedError(), K.ChainIsNotSupportedError, 'CHAIN_NOT_SUPPORTED', 'Chain is not supported'],
  ['RpcMethodNotAllowedError', () => new K.RpcMethodNotAllowedError(), K.RpcMethodNotAllowedError, 'RPC_METHOD_NOT_ALLOWED', 'Requested RPC call is not allowed'],
  ['UniversalProviderInitError', () => new K.UniversalProviderInitError(), K.UniversalProviderInitError, 'UNIVERSAL_PROVIDER_INIT', 'Failed to initialize the universal provider'],
  ['NameResolveError', () => new K.NameResolveError(), K.NameResolveError, 'NAME_RESOLVE', 'Error resolving name'],
  ['NameSuggestionsError', () => new K.NameSuggestionsError(), K.NameSuggestionsError, 'NAME_SUGGESTIONS', 'Error fetching name suggestions'],
  ['NamesForAddressError', () => new K.NamesForAddressError(), K.NamesForAddressError, 'NAMES_FOR_ADDRESS', 'Error fetching names for address'],
  ['NameRegisterError', () => new K.NameRegisterError('alice'), K.NameRegisterError, 'NAME_REGISTER', 'Error registering name alice'],
  ['Base58CharacterError', () => new K.Base58CharacterError(), K.Base58CharacterError, 'BASE58_NON_BASE58_CHARACTER', 'Non-base58 character'],
  ['Base58AlphabetTooLongError', () => new K.Base58AlphabetTooLongError(), K.Base58AlphabetTooLongError, 'BASE58_ALPHABET_TOO_LONG', 'Alphabet too long'],
  ['Uint8ArrayExpectedError', () => new K.Uint8ArrayExpectedError(), K.Uint8ArrayExpectedError, 'UINT8ARRAY_EXPECTED', 'Uint8Array expected'],
  ['PositiveIntegerExpectedError', () => new K.PositiveIntegerExpectedError(), K.PositiveIntegerExpectedError, 'POSITIVE_INTEGER_EXPECTED', 'positive integer expected'],
  ['HashDestroyedError', () => new K.HashDestroyedError(), K.HashDestroyedError, 'HASH_DESTROYED', 'Hash instance has been destroyed'],
  ['ConnectorNotFoundError', () => new K.ConnectorNotFoundError('io.metamask'), K.ConnectorNotFoundError, 'CONNECTOR_NOT_FOUND', 'Connector io.metamask not found'],
  ['PluginAlreadyRegisteredError', () => new K.PluginAlreadyRegisteredError('swap'), K.PluginAlreadyRegisteredError, 'PLUGIN_ALREADY_REGISTERED', 'Plugin "swap" is already registered'],
  ['PluginLoadError', () => new K.PluginLoadError('swap'), K.PluginLoadError, 'PLUGIN_LOAD', 'Plugin "swap" failed to load'],
];

describe('kernel error catalogue', () => {
  it.each(rows)('%s has its exact text, code, name and class', (name, make, Cls, code, message) => {
    const e = make();
    expect(e).toBeInstanceOf(Cls);
    expect(e).toBeInstanceOf(K.KernelError);
    expect(e).toBeInstanceOf(LatchkeyError);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe(name);
    expect(e.code).toBe(code);
    expect(e.message).toBe(message);
    expect(e.shortMessage).toBe(message);
  });

  it('covers every code of the message table exactly once', () => {
    const codes = rows.map((r) => r[3]).sort();
    expect(codes).toEqual(Object.keys(K.KernelErrorMessages).sort());
  });

  it('keeps classes distinct (no error is an instance of another catalogue class)', () => {
    for (const [, make, , code] of rows) {
      const e = make();
      const others = rows.filter((r) => r[3] !== code).filter(([, , Other]) => e instanceof Other);
      expect(others.map((r) => r[0])).toEqual([]);
    }
  });

  it('freezes the message table', () => {
    expect(Object.isFrozen(K.KernelErrorMessages)).toBe(true);
  });

  it('keeps cause, details and data', () => {
    const cause = new Error('inner');
    const e = new K.FailedToDisconnectError({ cause, details: 'more', data: { x: 1 } });
    expect(e.cause).toBe(cause);
    expect(e.details).toBe('more');
    expect(e.data).toEqual({ x: 1 });
    expect(e.walk()).toBe(cause);
  });
});

describe('errors with parameters', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(K.formatErrorMessage('a {x} b {y}', { x: 1 })).toBe('a 1 b {y}');
  });

  it('ChainRequiredError can say what the chain is needed for', () => {
    expect(new K.ChainRequiredError('set the account').message).toBe('Chain is required to set the account');
  });

  it('AdapterForNamespaceNotFoundError and EmailThrottledError keep their parameter', () => {
    expect(new K.AdapterForNamespaceNotFoundError('bip122').namespace).toBe('bip122');
    expect(new K.EmailThrottledError(5).seconds).toBe(5);
  });

  it('FrameError uses the frame message when present', () => {
    expect(new K.FrameError('Invalid OTP').message).toBe('Invalid OTP');
    expect(new K.FrameError('   ').message).toBe('An error occurred');
  });

  it("RpcMethodNotAllowedError carries the UI text 'Action not allowed' and the method", () => {
    const e = new K.RpcMethodNotAllowedError('eth_foo');
    expect(e.uiMessage).toBe('Action not allowed');
    expect(e.method).toBe('eth_foo');
    expect(e.data).toEqual({ method: 'eth_foo' });
  });

  it('PluginLoadError keeps the cause and its message', () => {
    const cause = new Error('chunk failed');
    const e = new K.PluginLoadError('solana', cause);
    expect(e.cause).toBe(cause);
    expect(e.details).toBe('chunk failed');
    expect(e.pluginId).toBe('solana');
    expect(e.message).toContain('solana');
  });

  it('ConnectorNotFoundError keeps the connector id', () => {
    expect(new K.ConnectorNotFoundError('walletConnect').connectorId).toBe('walletConnect');
  });

  it('PluginAlreadyRegisteredError names the plugin', () => {
    expect(new K.PluginAlreadyRegisteredError('evm').pluginId).toBe('evm');
  });

  it('UniversalProviderInitError has the SDK event errorType', () => {
    expect(new K.UniversalProviderInitError().errorType).toBe('UniversalProviderInitError');
  });
});

describe('name errors', () => {
  it("use the provider's first reason description", () => {
    const e = new K.NameResolveError({ reasons: [{ description: 'Name is taken' }, { description: 'second' }] });
    expect(e.message).toBe('Name is taken');
    expect(e.code).toBe('NAME_RESOLVE');
  });

  it('find reasons on the cause, its data or body', () => {
    expect(new K.NameSuggestionsError({ cause: { reasons: [{ description: 'r1' }] } }).message).toBe('r1');
    expect(new K.NamesForAddressError({ cause: { data: { reasons: [{ description: 'r2' }] } } }).message).toBe('r2');
    expect(new K.NameRegisterError('bob', { cause: new Error('x', { cause: { body: { reasons: [{ description: 'r3' }] } } }) }).message).toBe('r3');
  });

  it('fall back to the default text when reasons are empty or blank', () => {
    expect(new K.NameRegisterError('bob', { reasons: [] }).message).toBe('Error registering name bob');
    expect(new K.NameResolveError({ reasons: [{ description: '' }] }).message).toBe('Error resolving name');
    expect(new K.NameResolveError({ cause: new Error('network down') }).message).toBe('Error resolving name');
  });
});

describe('OptionsValidationError', () => {
  it('flattens zod-style paths and lists the issues in the message', () => {
    const e = new K.OptionsValidationError([
      { path: ['projectId'], message: 'Required' },
      { path: ['networks', 0, 'id'], message: 'Expected number, received string' },
      { path: [], message: 'Invalid input' },
    ]);
    expect(e.issues).toEqual([
      { path: 'projectId', message: 'Required' },
      { path: 'networks.0.id', message: 'Expected number, received string' },
      { path: '', message: 'Invalid input' },
    ]);
    expect(e.message).toBe(
      'Invalid options: projectId: Required; networks.0.id: Expected number, received string; Invalid input',
    );
    expect(e.data).toEqual({ issues: e.issues });
  });

  it('accepts already-flat string paths', () => {
    expect(new K.OptionsValidationError([{ path: 'a.b', message: 'Invalid email' }]).issues[0]).toEqual({
      path: 'a.b',
      message: 'Invalid email',
    });
  });
});
