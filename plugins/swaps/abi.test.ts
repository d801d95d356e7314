import { decodeFunctionResult, encodeAbiParameters, encodeFunctionData, toFunctionSelector } from 'viem';
import {
  AbiDecodeError,
  SELECTORS,
  decodeAddress,
  decodeReserves,
  decodeUint,
  decodeUintArray,
  encodeAllowance,
  encodeApprove,
  encodeBalanceOf,
  encodeGetAmountsOut,
  encodeGetPair,
  encodeSwapExactETHForTokens,
  encodeSwapExactTokensFor,
} from './abi';
import { ABI } from './testing/fakeChain';

const A = '0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A';
const B = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35';
const C = '0x2B574555158337Cd46d47c2Ca57E4698A1f04e70';

describe('hand-written ABI coding, checked against viem', () => {
  it('selectors', () => {
    for (const [name, selector] of Object.entries(SELECTORS)) {
      const item = ABI.find((x) => x.type === 'function' && x.name === name)!;
      expect([name, toFunctionSelector(item)]).toEqual([name, selector]);
    }
  });

  it('calls', () => {
    expect(encodeGetAmountsOut(10n ** 18n, [A, B])).toBe(encodeFunctionData({ abi: ABI, functionName: 'getAmountsOut', args: [10n ** 18n, [A, B]] }));
    expect(encodeGetAmountsOut(5n, [A, C, B])).toBe(encodeFunctionData({ abi: ABI, functionName: 'getAmountsOut', args: [5n, [A, C, B]] }));
    expect(encodeSwapExactETHForTokens(7n, [A, B], C, 99n)).toBe(encodeFunctionData({ abi: ABI, functionName: 'swapExactETHForTokens', args: [7n, [A, B], C, 99n] }));
    expect(encodeSwapExactTokensFor(true, 3n, 2n, [B, A], C, 9n)).toBe(encodeFunctionData({ abi: ABI, functionName: 'swapExactTokensForETH', args: [3n, 2n, [B, A], C, 9n] }));
    expect(encodeSwapExactTokensFor(false, 3n, 2n, [B, A, C], C, 9n)).toBe(encodeFunctionData({ abi: ABI, functionName: 'swapExactTokensForTokens', args: [3n, 2n, [B, A, C], C, 9n] }));
    expect(encodeApprove(C, 2n ** 256n - 1n)).toBe(encodeFunctionData({ abi: ABI, functionName: 'approve', args: [C, 2n ** 256n - 1n] }));
    expect(encodeAllowance(A, C)).toBe(encodeFunctionData({ abi: ABI, functionName: 'allowance', args: [A, C] }));
    expect(encodeBalanceOf(A)).toBe(encodeFunctionData({ abi: ABI, functionName: 'balanceOf', args: [A] }));
    expect(encodeGetPair(A, B)).toBe(encodeFunctionData({ abi: ABI, functionName: 'getPair', args: [A, B] }));
    expect(() => encodeApprove('0x12', 1n)).toThrow(TypeError);
    expect(() => encodeApprove(C, -1n)).toThrow(RangeError);
    expect(() => encodeApprove(C, 2n ** 256n)).toThrow(RangeError);
  });

  it('results', () => {
    const amounts = encodeAbiParameters([{ type: 'uint256[]' }], [[1n, 2n, 3n]]);
    expect(decodeUintArray(amounts)).toEqual([...decodeFunctionResult({ abi: ABI, functionName: 'getAmountsOut', data: amounts })]);
    expect(decodeUint(encodeAbiParameters([{ type: 'uint256' }], [123n]))).toBe(123n);
    expect(decodeAddress(encodeAbiParameters([{ type: 'address' }], [A]))).toBe(A.toLowerCase());
    expect(decodeReserves(encodeAbiParameters([{ type: 'uint112' }, { type: 'uint112' }, { type: 'uint32' }], [5n, 6n, 7]))).toEqual([5n, 6n]);
  });

  it('refuses what does not decode', () => {
    for (const bad of ['0x', '0x1234', 'nope', `0x${'zz'.repeat(32)}`]) expect(() => decodeUint(bad)).toThrow(AbiDecodeError);
    expect(() => decodeUintArray(encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [32n, 1000n]))).toThrow(AbiDecodeError); // length past the end
    expect(() => decodeUintArray(encodeAbiParameters([{ type: 'uint256' }], [4096n]))).toThrow(AbiDecodeError); // offset past the end
    expect(() => decodeAddress(encodeAbiParameters([{ type: 'uint256' }], [2n ** 200n]))).toThrow(AbiDecodeError);
  });
});
