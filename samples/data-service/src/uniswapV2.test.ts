import { decodeFunctionData } from 'viem';
import { ROUTER_ABI, encodeSwap, gasForHops, lpFee, minimumOut, parseSlippageBps, priceImpactPercent } from './uniswapV2';
import { ApiError } from './errors';

describe('slippage', () => {
  it('takes percent as a number or a decimal string, above 0 and at most 50, two decimals at most', () => {
    expect(parseSlippageBps(1)).toBe(100);
    expect(parseSlippageBps('0.5')).toBe(50);
    expect(parseSlippageBps('0.01')).toBe(1);
    expect(parseSlippageBps(50)).toBe(5000);
    expect(parseSlippageBps('12.3')).toBe(1230);
    for (const bad of [0, '0', '0.00', 50.01, 51, -1, '1.234', 'one', '', null, NaN, Infinity, '01', [1]]) {
      expect(() => parseSlippageBps(bad)).toThrow(ApiError);
    }
  });

  it('minimum received: the amount less the slippage, rounded down', () => {
    expect(minimumOut(1000n, 100)).toBe(990n);
    expect(minimumOut(999n, 100)).toBe(989n); // 989.01
    expect(minimumOut(10n ** 18n, 1)).toBe(10n ** 18n - 10n ** 14n);
  });
});

describe('price impact and fees', () => {
  it('one hop: in·997 / (reserveIn·1000 + in·997) of the mid price, fee aside', () => {
    const rIn = 100n * 10n ** 18n;
    const rOut = 240_000n * 10n ** 18n;
    const amountIn = 10n ** 18n;
    const out = (amountIn * 997n * rOut) / (rIn * 1000n + amountIn * 997n);
    expect(priceImpactPercent(amountIn, out, [[rIn, rOut]])).toBe('0.9871');
    // a tiny trade barely moves the price
    const small = 10n ** 12n;
    expect(priceImpactPercent(small, (small * 997n * rOut) / (rIn * 1000n + small * 997n), [[rIn, rOut]])).toBe('0.0000');
    expect(priceImpactPercent(amountIn, 0n, [[rIn, rOut]])).toBe('100.0000');
    expect(priceImpactPercent(amountIn, out, [[0n, rOut]])).toBe('100.0000');
  });

  it('the pools take 0.3 % per hop; gas grows per hop', () => {
    expect(lpFee(1000n, 1)).toBe(3n);
    expect(lpFee(1_000_000n, 2)).toBe(5991n); // 1 - 0.997²
    expect(gasForHops(1)).toBe(150_000n);
    expect(gasForHops(2)).toBe(220_000n);
  });
});

describe('swap calldata', () => {
  const path = ['0x95bd8d42f30351685e96c62eddc0d0613bf9a87a', '0x700b6a60ce7eaaea56f065753d8dcb9653dbad35'] as const;
  const to = '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65';
  it('native in: swapExactETHForTokens carrying the input as value; else no value', () => {
    const eth = encodeSwap({ nativeIn: true, nativeOut: false, amountIn: 5n, amountOutMin: 4n, path, to, deadline: 9n });
    expect(eth.value).toBe(5n);
    expect(decodeFunctionData({ abi: ROUTER_ABI, data: eth.data })).toMatchObject({ functionName: 'swapExactETHForTokens', args: [4n, path.map((p) => expect.stringMatching(new RegExp(p, 'i'))), expect.stringMatching(new RegExp(to, 'i')), 9n] });
    const back = encodeSwap({ nativeIn: false, nativeOut: true, amountIn: 5n, amountOutMin: 4n, path: [...path].reverse(), to, deadline: 9n });
    expect(back.value).toBe(0n);
    expect(decodeFunctionData({ abi: ROUTER_ABI, data: back.data }).functionName).toBe('swapExactTokensForETH');
    expect(decodeFunctionData({ abi: ROUTER_ABI, data: encodeSwap({ nativeIn: false, nativeOut: false, amountIn: 5n, amountOutMin: 4n, path, to, deadline: 9n }).data }).functionName).toBe(
      'swapExactTokensForTokens',
    );
  });
});
