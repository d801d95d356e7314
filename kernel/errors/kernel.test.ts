import { LatchkeyError } from './base';
import * as K from './kernel';

type Row = [string, () => K.KernelError, abstract new (...args: never[]) => K.KernelError, K.KernelErrorCode, string];

const rows: Row[] = [
  ['AddressOrAuthConnectorNotFoundError', () => new K.AddressOrAuthConnectorNotFoundError(), K.AddressOrAuthConnectorNotFoundError, 'ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND', 'Address or auth connector not found'],
  ['FailedToDisconnectError', () => new K.FailedToDisconnectError(), K.FailedToDisconnectError, 'FAILED_TO_DISCONNECT', 'Failed to disconnect'],
  ['AdapterNotFoundError', () => new K.AdapterNotFoundError(), K.AdapterNotFoundError, 'ADAPTER_NOT_FOUND', 'Adapter not found'],
  ['AdapterForNamespaceNotFoundError', () => new K.AdapterForNamespaceNotFoundError('solana'), K.AdapterForNamespaceNotFoundError, 'ADAPTER_FOR_NAMESPACE_NOT_FOUND', "Adapter for namespace solana doesn't exist"],
  ['SiwxConflictError', () => new K.SiwxConflictError(), K.SiwxConflictError, 'SIWX_CONFLICT', 'Cannot set both `siweConfig` and `siwx` options'],
  ['InvalidCaipAddressError', () => new K.InvalidCaipAddressError('eip155:1'), K.InvalidCaipAddressError, 'INVALID_CAIP_ADDRESS', 'Invalid CAIP address: eip155:1'],
  ['InvalidCaipNetworkIdError', () => new K.InvalidCaipNetworkIdError('foo'), K.InvalidCaipNetworkIdError, 'INVALID_CAIP_NETWORK_ID', 'Invalid CAIP network id: foo'],
  ['OptionsValidationError', () => new K.OptionsValidationError([]), K.OptionsValidationError, 'INVALID_OPTIONS', 'Invalid options'],
  ['ChainIsNotSupportedError', () => new K.ChainIsNotSupportedError(), K.ChainIsNotSupportedError, 'CHAIN_NOT_SUPPORTED', 'Chain is not supported'],
  ['ConnectorNotFoundError', () => new K.ConnectorNotFoundError('io.metamask'), K.ConnectorNotFoundError, 'CONNECTOR_NOT_FOUND', 'Connector io.metamask not found'],
  ['PluginAlreadyRegisteredError', () => new K.PluginAlreadyRegisteredError('swap'), K.PluginAlreadyRegisteredError, 'PLUGIN_ALREADY_REGISTERED', 'Plugin "swap" is already registered'],
  ['PluginLoadError', () => new K.PluginLoadError('swap'), K.PluginLoadError, 'PLUGIN_LOAD', 'Plugin "swap" failed to load'],
  ['InvalidDecimalNumberError', () => new K.InvalidDecimalNumberError('1.2.3'), K.InvalidDecimalNumberError, 'INVALID_DECIMAL_NUMBER', 'Number `1.2.3` is not a valid decimal number.'],
  ['CapabilityNotSupportedError', () => new K.CapabilityNotSupportedError('signPsbt', 'eip155'), K.CapabilityNotSupportedError, 'CAPABILITY_NOT_SUPPORTED', 'The eip155 wallet does not support signPsbt'],
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

  it('AdapterForNamespaceNotFoundError keeps its parameter', () => {
    expect(new K.AdapterForNamespaceNotFoundError('bip122').namespace).toBe('bip122');
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
