import { LatchkeyError } from './base';
import {
  ExecutionRevertedError,
  FeeCapTooHighError,
  FeeCapTooLowError,
  InsufficientFundsError,
  IntrinsicGasTooHighError,
  IntrinsicGasTooLowError,
  NodeError,
  NonceMaxValueError,
  NonceTooHighError,
  NonceTooLowError,
  TipAboveFeeCapError,
  toNodeError,
  TransactionTypeNotSupportedError,
} from './node';

const cases: [string, new () => NodeError, string, string][] = [
  ['execution reverted', ExecutionRevertedError, 'ExecutionRevertedError', 'EXECUTION_REVERTED'],
  ['max fee per gas higher than 2^256-1', FeeCapTooHighError, 'FeeCapTooHighError', 'FEE_CAP_TOO_HIGH'],
  ['Fee cap too high', FeeCapTooHighError, 'FeeCapTooHighError', 'FEE_CAP_TOO_HIGH'],
  ['max fee per gas less than block base fee: address 0xabc, maxFeePerGas: 1 baseFee: 7', FeeCapTooLowError, 'FeeCapTooLowError', 'FEE_CAP_TOO_LOW'],
  ['fee cap too low', FeeCapTooLowError, 'FeeCapTooLowError', 'FEE_CAP_TOO_LOW'],
  ['nonce too high', NonceTooHighError, 'NonceTooHighError', 'NONCE_TOO_HIGH'],
  ['Nonce too low: next nonce 5, tx nonce 3', NonceTooLowError, 'NonceTooLowError', 'NONCE_TOO_LOW'],
  ['nonce has max value', NonceMaxValueError, 'NonceMaxValueError', 'NONCE_MAX_VALUE'],
  ['INSUFFICIENT FUNDS for gas * price + value', InsufficientFundsError, 'InsufficientFundsError', 'INSUFFICIENT_FUNDS'],
  ['intrinsic gas too high', IntrinsicGasTooHighError, 'IntrinsicGasTooHighError', 'INTRINSIC_GAS_TOO_HIGH'],
  ['intrinsic gas too low', IntrinsicGasTooLowError, 'IntrinsicGasTooLowError', 'INTRINSIC_GAS_TOO_LOW'],
  ['transaction type not supported', TransactionTypeNotSupportedError, 'TransactionTypeNotSupportedError', 'TRANSACTION_TYPE_NOT_SUPPORTED'],
  ['max priority fee per gas higher than max fee per gas', TipAboveFeeCapError, 'TipAboveFeeCapError', 'TIP_ABOVE_FEE_CAP'],
  ['tip higher than fee cap', TipAboveFeeCapError, 'TipAboveFeeCapError', 'TIP_ABOVE_FEE_CAP'],
];

describe('toNodeError', () => {
  it.each(cases)('recognises %p', (text, Cls, name, code) => {
    const raw = new Error(text);
    const e = toNodeError(raw);
    expect(e).toBeInstanceOf(Cls);
    expect(e).toBeInstanceOf(NodeError);
    expect(e).toBeInstanceOf(LatchkeyError);
    expect(e!.name).toBe(name);
    expect(e!.code).toBe(code);
    expect(e!.cause).toBe(raw);
    expect(e!.details).toBe(text);
  });

  it('returns undefined for text it does not know, and for non-errors', () => {
    expect(toNodeError(new Error('header not found'))).toBeUndefined();
    expect(toNodeError(undefined)).toBeUndefined();
    expect(toNodeError(42)).toBeUndefined();
    expect(toNodeError({})).toBeUndefined();
  });

  it('reads the text of causes, nested error objects and plain strings', () => {
    expect(toNodeError(new Error('send failed', { cause: { message: 'nonce too low' } }))).toBeInstanceOf(NonceTooLowError);
    expect(toNodeError({ code: -32000, error: { message: 'insufficient funds for transfer' } })).toBeInstanceOf(
      InsufficientFundsError,
    );
    expect(toNodeError({ data: { originalError: { message: 'intrinsic gas too low' } } })).toBeInstanceOf(
      IntrinsicGasTooLowError,
    );
    expect(toNodeError('nonce too high')).toBeInstanceOf(NonceTooHighError);
  });

  it('returns a NodeError unchanged', () => {
    const e = new NonceTooHighError();
    expect(toNodeError(e)).toBe(e);
  });

  it('extracts the revert reason', () => {
    const e = toNodeError(new Error('execution reverted: Ownable: caller is not the owner')) as ExecutionRevertedError;
    expect(e.reason).toBe('Ownable: caller is not the owner');
    expect(e.shortMessage).toBe('Execution reverted with reason: Ownable: caller is not the owner');
    const quoted = toNodeError(
      new Error("VM Exception while processing transaction: reverted with reason string 'Not enough'"),
    ) as ExecutionRevertedError;
    expect(quoted).toBeInstanceOf(ExecutionRevertedError);
    expect(quoted.reason).toBe('Not enough');
  });

  it('has no reason for a bare revert', () => {
    for (const text of ['execution reverted', 'execution reverted: 0x']) {
      const e = toNodeError(new Error(text)) as ExecutionRevertedError;
      expect(e.reason).toBeUndefined();
      expect(e.shortMessage).toBe('Execution reverted for an unknown reason');
    }
  });

  it('lets a revert win even when the reason quotes another rule', () => {
    expect(toNodeError(new Error('execution reverted: insufficient funds'))).toBeInstanceOf(ExecutionRevertedError);
  });
});
