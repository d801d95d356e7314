import { LatchkeyError } from './base';
import {
  AtomicityNotSupportedError,
  AtomicReadyWalletRejectedUpgradeError,
  BundleTooLargeError,
  ChainDisconnectedError,
  ChainErrorCode,
  DuplicateIdError,
  InternalRpcError,
  InvalidInputRpcError,
  InvalidParamsRpcError,
  InvalidRequestRpcError,
  JsonRpcError,
  JsonRpcVersionUnsupportedError,
  LimitExceededRpcError,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
  ParseRpcError,
  ProviderDisconnectedError,
  ProviderRpcError,
  ResourceNotFoundRpcError,
  ResourceUnavailableRpcError,
  RpcError,
  SwitchChainError,
  TransactionRejectedRpcError,
  UnauthorizedProviderError,
  UnknownBundleIdError,
  UnknownRpcError,
  UnsupportedChainIdError,
  UnsupportedNonOptionalCapabilityError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
} from './rpc';
import { RPC_ERROR_CLASSES, toProviderError } from './providerError';

const table: [number, new (o?: object) => RpcError, string, typeof JsonRpcError | typeof ProviderRpcError][] = [
  [-32700, ParseRpcError, 'ParseRpcError', JsonRpcError],
  [-32600, InvalidRequestRpcError, 'InvalidRequestRpcError', JsonRpcError],
  [-32601, MethodNotFoundRpcError, 'MethodNotFoundRpcError', JsonRpcError],
  [-32602, InvalidParamsRpcError, 'InvalidParamsRpcError', JsonRpcError],
  [-32603, InternalRpcError, 'InternalRpcError', JsonRpcError],
  [-32000, InvalidInputRpcError, 'InvalidInputRpcError', JsonRpcError],
  [-32001, ResourceNotFoundRpcError, 'ResourceNotFoundRpcError', JsonRpcError],
  [-32002, ResourceUnavailableRpcError, 'ResourceUnavailableRpcError', JsonRpcError],
  [-32003, TransactionRejectedRpcError, 'TransactionRejectedRpcError', JsonRpcError],
  [-32004, MethodNotSupportedRpcError, 'MethodNotSupportedRpcError', JsonRpcError],
  [-32005, LimitExceededRpcError, 'LimitExceededRpcError', JsonRpcError],
  [-32006, JsonRpcVersionUnsupportedError, 'JsonRpcVersionUnsupportedError', JsonRpcError],
  [4001, UserRejectedRequestError, 'UserRejectedRequestError', ProviderRpcError],
  [4100, UnauthorizedProviderError, 'UnauthorizedProviderError', ProviderRpcError],
  [4200, UnsupportedProviderMethodError, 'UnsupportedProviderMethodError', ProviderRpcError],
  [4900, ProviderDisconnectedError, 'ProviderDisconnectedError', ProviderRpcError],
  [4901, ChainDisconnectedError, 'ChainDisconnectedError', ProviderRpcError],
  [4902, SwitchChainError, 'SwitchChainError', ProviderRpcError],
  [5700, UnsupportedNonOptionalCapabilityError, 'UnsupportedNonOptionalCapabilityError', ProviderRpcError],
  [5710, UnsupportedChainIdError, 'UnsupportedChainIdError', ProviderRpcError],
  [5720, DuplicateIdError, 'DuplicateIdError', ProviderRpcError],
  [5730, UnknownBundleIdError, 'UnknownBundleIdError', ProviderRpcError],
  [5740, BundleTooLargeError, 'BundleTooLargeError', ProviderRpcError],
  [5750, AtomicReadyWalletRejectedUpgradeError, 'AtomicReadyWalletRejectedUpgradeError', ProviderRpcError],
  [5760, AtomicityNotSupportedError, 'AtomicityNotSupportedError', ProviderRpcError],
];

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
