import { InvalidSendParamsError } from '../errors/kernel';
import { InvalidParamsRpcError } from '../errors/rpc';
import {
  assertSolanaSendValid,
  assertValidSendCalls,
  hasInsufficientGas,
  isEvmSendValid,
  isSolanaSendValid,
  validateSendCalls,
} from './send';

const TO = '0x' + '1'.repeat(40);
const SOL = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

describe('validateSendCalls', () => {
  it('accepts calls whose to and data start with 0x (data and value optional)', () => {
    expect(
      validateSendCalls({ chainId: '0x1', version: '2.0.0', calls: [{ to: TO, data: '0xabcdef', value: '0x1' }, { to: TO }] }),
    ).toEqual([]);
  });

  it('reports a to or data without 0x', () => {
    expect(validateSendCalls({ calls: [{ to: '1234' }, { to: TO, data: 'abcd' }] })).toEqual([
      { path: 'calls.0.to', message: 'Invalid input' },
      { path: 'calls.1.data', message: 'Invalid input' },
    ]);
  });

  it('reports missing and mistyped fields in schema wording', () => {
    expect(validateSendCalls({ calls: [{ data: '0x' }, { to: 5 }, 'x'] })).toEqual([
      { path: 'calls.0.to', message: 'Required' },
      { path: 'calls.1.to', message: 'Expected string, received number' },
      { path: 'calls.2', message: 'Expected object, received string' },
    ]);
    expect(validateSendCalls({})).toEqual([{ path: 'calls', message: 'Required' }]);
    expect(validateSendCalls({ calls: {} })).toEqual([{ path: 'calls', message: 'Expected array, received object' }]);
    expect(validateSendCalls(null)).toEqual([{ path: '', message: 'Expected object, received null' }]);
  });

  it('assertValidSendCalls throws InvalidParamsRpcError listing the issues', () => {
    expect(() => assertValidSendCalls({ calls: [{ to: TO }] })).not.toThrow();
    let caught: unknown;
    try {
      assertValidSendCalls({ calls: [{ to: 'nope' }] });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(InvalidParamsRpcError);
    expect((caught as InvalidParamsRpcError).code).toBe(-32602);
    expect((caught as InvalidParamsRpcError).details).toBe('calls.0.to: Invalid input');
  });
});

describe('Solana send', () => {
  it.each([
    ['1', SOL, true],
    [0.5, SOL, true],
    ['0', SOL, false],
    ['', SOL, false],
    [undefined, SOL, false],
    ['-1', SOL, false],
    ['abc', SOL, false],
    ['1', '', false],
    ['1', undefined, false],
    ['1', TO, false],
  ])('amount %p, receiver %p → %p', (amount, receiver, ok) => {
    expect(isSolanaSendValid(amount, receiver)).toBe(ok);
  });

  it("throws 'Please enter a valid amount and receiver address'", () => {
    expect(() => assertSolanaSendValid('', SOL)).toThrow(InvalidSendParamsError);
    expect(() => assertSolanaSendValid('1', '')).toThrow('Please enter a valid amount and receiver address');
    expect(() => assertSolanaSendValid('1', SOL)).not.toThrow();
  });
});

describe('isEvmSendValid', () => {
  const token = { symbol: 'USDC' };
  it('accepts a token send with token, amount and receiver', () => {
    expect(isEvmSendValid({ token, amount: '1.5', receiver: TO })).toBe(true);
  });

  it.each([
    [{ amount: '1', receiver: TO }],
    [{ token, receiver: TO }],
    [{ token, amount: '0', receiver: TO }],
    [{ token, amount: '1' }],
    [{ token, amount: '1', receiver: 'vitalik.eth' }],
  ])('refuses %p', (input) => expect(isEvmSendValid(input)).toBe(false));

  it('needs gas price and decimals for a native send', () => {
    expect(isEvmSendValid({ token, amount: '1', receiver: TO, native: true })).toBe(false);
    expect(isEvmSendValid({ token, amount: '1', receiver: TO, native: true, gasPrice: 1n })).toBe(false);
    expect(isEvmSendValid({ token, amount: '1', receiver: TO, native: true, decimals: 18 })).toBe(false);
    expect(isEvmSendValid({ token, amount: '1', receiver: TO, native: true, gasPrice: 1n, decimals: 18 })).toBe(true);
    expect(isEvmSendValid({ token, amount: '1', receiver: TO, native: true, gasPrice: 0n, decimals: '18' })).toBe(true);
    expect(isEvmSendValid({ token, amount: '1', receiver: TO, native: true, gasPrice: 1n, decimals: 1.5 })).toBe(false);
  });
});

describe('hasInsufficientGas', () => {
  it.each([
    [{ balance: '0', gasPriceInUSD: 0.1, nativeBalanceInUSD: 100 }, true],
    [{ balance: 0, gasPriceInUSD: 0.1, nativeBalanceInUSD: 100 }, true],
    [{ gasPriceInUSD: 0.1, nativeBalanceInUSD: 100 }, true],
    [{ balance: '1', gasPriceInUSD: 5, nativeBalanceInUSD: 4 }, true],
    [{ balance: '1', gasPriceInUSD: 4, nativeBalanceInUSD: 4 }, false],
    [{ balance: '1', gasPriceInUSD: '0.5', nativeBalanceInUSD: '3000' }, false],
    [{ balance: 10n, gasPriceInUSD: 1, nativeBalanceInUSD: 2 }, false],
    [{ balance: '1' }, false],
    [{ balance: '0', isSmartAccount: true }, false],
    [{ balance: '1', gasPriceInUSD: 5, nativeBalanceInUSD: 4, isSmartAccount: true }, false],
  ])('%p → %p', (input, insufficient) => expect(hasInsufficientGas(input)).toBe(insufficient));
});
