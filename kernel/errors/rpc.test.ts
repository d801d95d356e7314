import { LatchkeyError } from './base';
import * as rpc from './rpc';
import {
  ChainErrorCode,
  InternalRpcError,
  JsonRpcError,
  MethodNotFoundRpcError,
  ProviderDisconnectedError,
  ProviderRpcError,
  RpcError,
  SwitchChainError,
  UnauthorizedProviderError,
  UnknownRpcError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
} from './rpc';
import { RPC_ERROR_CLASSES, toProviderError } from './providerError';

/** Every class of the catalogue by its exported name (also its `name`): its code and family. */
const expected: Record<string, [code: number, family: typeof JsonRpcError | typeof ProviderRpcError]> = {
  ParseRpcError: [-32700, JsonRpcError],
  InvalidRequestRpcError: [-32600, JsonRpcError],
  MethodNotFoundRpcError: [-32601, JsonRpcError],
  InvalidParamsRpcError: [-32602, JsonRpcError],
  InternalRpcError: [-32603, JsonRpcError],
  InvalidInputRpcError: [-32000, JsonRpcError],
  ResourceNotFoundRpcError: [-32001, JsonRpcError],
  ResourceUnavailableRpcError: [-32002, JsonRpcError],
  TransactionRejectedRpcError: [-32003, JsonRpcError],
  MethodNotSupportedRpcError: [-32004, JsonRpcError],
  LimitExceededRpcError: [-32005, JsonRpcError],
  JsonRpcVersionUnsupportedError: [-32006, JsonRpcError],
  UserRejectedRequestError: [4001, ProviderRpcError],
  UnauthorizedProviderError: [4100, ProviderRpcError],
  UnsupportedProviderMethodError: [4200, ProviderRpcError],
  ProviderDisconnectedError: [4900, ProviderRpcError],
  ChainDisconnectedError: [4901, ProviderRpcError],
  SwitchChainError: [4902, ProviderRpcError],
  UnsupportedNonOptionalCapabilityError: [5700, ProviderRpcError],
  UnsupportedChainIdError: [5710, ProviderRpcError],
  DuplicateIdError: [5720, ProviderRpcError],
  UnknownBundleIdError: [5730, ProviderRpcError],
  BundleTooLargeError: [5740, ProviderRpcError],
  AtomicReadyWalletRejectedUpgradeError: [5750, ProviderRpcError],
  AtomicityNotSupportedError: [5760, ProviderRpcError],
};
const table = Object.entries(expected).map(
  ([name, [code, Family]]) => [code, (rpc as unknown as Record<string, new (o?: object) => RpcError>)[name]!, name, Family] as const,
);

describe('RPC error classes', () => {
  it.each(table)('%i is %s… with its code, name and a non-empty default message', (code, Cls, name, Family) => {
    const e = new Cls();
    expect(e).toBeInstanceOf(Cls);
    expect(e).toBeInstanceOf(Family);
    expect(e).toBeInstanceOf(RpcError);
    expect(e).toBeInstanceOf(LatchkeyError);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe(name);
    expect(e.code).toBe(code);
    expect((Cls as unknown as { code: number }).code).toBe(code);
    expect(e.shortMessage.length).toBeGreaterThan(10);
    expect(e.message).toBe(e.shortMessage);
  });

  it('gives every class a distinct default message', () => {
    const messages = table.map(([, Cls]) => new Cls().shortMessage);
    expect(new Set(messages).size).toBe(table.length);
  });

  it('names the method when given', () => {
    expect(new MethodNotFoundRpcError({ method: 'eth_foo' }).shortMessage).toContain('"eth_foo"');
    expect(new UnsupportedProviderMethodError({ method: 'wallet_bar' }).shortMessage).toContain('"wallet_bar"');
  });

  it('has a class in the table for every listed code, plus 5000', () => {
    for (const [code, Cls] of table) expect(RPC_ERROR_CLASSES.get(code)).toBe(Cls);
    expect(RPC_ERROR_CLASSES.get(5000)).toBe(UserRejectedRequestError);
    expect(RPC_ERROR_CLASSES.size).toBe(table.length + 1);
  });

  it('exposes the chain error codes', () => {
    expect(ChainErrorCode).toEqual({ UNRECOGNIZED_CHAIN_ID: 4902, DEFAULT: 5000, INVALID_CHAIN_ID: 32603 });
    expect(Object.isFrozen(ChainErrorCode)).toBe(true);
  });
});

describe('toProviderError', () => {
  it.each(table)('maps a plain {code: %i} object to %p', (code, Cls) => {
    const raw = { code, message: 'from the wallet' };
    const e = toProviderError(raw);
    expect(e).toBeInstanceOf(Cls);
    expect(e.code).toBe(code);
    expect(e.cause).toBe(raw);
    expect(e.details).toBe('from the wallet');
  });

  it('treats 5000 as a user rejection and keeps the original code', () => {
    const e = toProviderError({ code: 5000, message: 'User disapproved requested methods' });
    expect(e).toBeInstanceOf(UserRejectedRequestError);
    expect(e.code).toBe(5000);
  });

  it('finds the code in the cause chain', () => {
    const inner = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    const outer = new Error('Request failed', { cause: inner });
    const e = toProviderError(outer);
    expect(e).toBeInstanceOf(UserRejectedRequestError);
    expect(e.cause).toBe(outer);
    expect(e.details).toBe('User rejected the request.');
  });

  it('prefers a specific data.originalError code over a generic -32603 wrapper', () => {
    const raw = { code: -32603, message: 'Internal error', data: { originalError: { code: 4902, message: 'Unrecognized chain ID' } } };
    const e = toProviderError(raw);
    expect(e).toBeInstanceOf(SwitchChainError);
    expect(e.details).toBe('Unrecognized chain ID');
  });

  it('keeps the generic wrapper when nothing more specific is nested', () => {
    expect(toProviderError({ code: -32603, data: { originalError: { code: 777 } } })).toBeInstanceOf(InternalRpcError);
  });

  it('reads a nested `error` object and numeric-string codes', () => {
    expect(toProviderError({ error: { code: 4100, message: 'no' } })).toBeInstanceOf(UnauthorizedProviderError);
    expect(toProviderError({ code: '4900' })).toBeInstanceOf(ProviderDisconnectedError);
  });

  it('returns an RpcError unchanged', () => {
    const e = new SwitchChainError();
    expect(toProviderError(e)).toBe(e);
  });

  it('maps an unknown code to UnknownRpcError with the provider message kept', () => {
    const raw = { code: 1234, message: 'Custom wallet failure' };
    const e = toProviderError(raw);
    expect(e).toBeInstanceOf(UnknownRpcError);
    expect(e.name).toBe('UnknownRpcError');
    expect(e.shortMessage).toBe('Custom wallet failure');
    expect(e.details).toBe('Custom wallet failure');
    expect(e.code).toBe(1234);
    expect(e.cause).toBe(raw);
  });

  it("says 'Unknown error' when nothing useful was thrown", () => {
    for (const raw of [undefined, null, 42, {}, { code: 99 }, '']) {
      const e = toProviderError(raw);
      expect(e).toBeInstanceOf(UnknownRpcError);
      expect(e.shortMessage).toBe('Unknown error');
      expect(e.details).toBeUndefined();
    }
  });

  it('keeps a thrown string as the message', () => {
    const e = toProviderError('boom');
    expect(e).toBeInstanceOf(UnknownRpcError);
    expect(e.shortMessage).toBe('boom');
  });

  it('recognises a user rejection by its text when there is no numeric code', () => {
    expect(toProviderError(new Error('User denied transaction signature'))).toBeInstanceOf(UserRejectedRequestError);
    expect(toProviderError({ code: 'ACTION_REJECTED', message: 'user rejected action' })).toBeInstanceOf(
      UserRejectedRequestError,
    );
    expect(toProviderError(new Error('Request rejected by user')).code).toBe(4001);
    expect(toProviderError(new Error('Insufficient allowance'))).toBeInstanceOf(UnknownRpcError);
  });

  it('survives cyclic causes', () => {
    const a: { message: string; cause?: unknown } = { message: 'a' };
    const b = { message: 'b', cause: a };
    a.cause = b;
    expect(toProviderError(a)).toBeInstanceOf(UnknownRpcError);
  });
});
