import { InvalidSlippageError } from './errors';
import { gasForHops, minimumReceived, parseAmount, priceImpact, rate, slippageBps, withHeadroom } from './math';
import { getAmountOut, getAmountsOut } from './testing/v2';

const E18 = 10n ** 18n;

describe('the Uniswap V2 formula', () => {
  it('getAmountOut: 0.3 % fee, constant product, rounded down (UniswapV2Library)', () => {
    // 1 ETH into 100 ETH / 240 000 LKD: 997·240000 / (100·1000 + 997) LKD
    expect(getAmountOut(E18, 100n * E18, 240_000n * E18)).toBe((E18 * 997n * 240_000n * E18) / (100n * E18 * 1000n + E18 * 997n));
    expect(getAmountOut(1000n, 1_000_000n, 1_000_000n)).toBe(996n); // 997000000000 / 1000997000 = 996.006…
    expect(getAmountOut(0n, 1n, 1n)).toBe(0n);
    expect(getAmountOut(1n, 0n, 1n)).toBe(0n);
  });

  it('getAmountsOut chains the hops', () => {
    const amounts = getAmountsOut(1000n, [
      [1_000_000n, 2_000_000n],
      [5_000_000n, 1_000_000n],
    ]);
    expect(amounts).toEqual([1000n, getAmountOut(1000n, 1_000_000n, 2_000_000n), getAmountOut(getAmountOut(1000n, 1_000_000n, 2_000_000n), 5_000_000n, 1_000_000n)]);
  });

  it('price impact leaves the fee out: a tiny trade ~0, 1 ETH into a 100 ETH pool 0.987 %', () => {
    const pool = [[100n * E18, 240_000n * E18]] as const;
    expect(priceImpact(10n ** 9n, getAmountOut(10n ** 9n, ...pool[0]), pool)).toBeLessThan(0.0001);
    expect(priceImpact(E18, getAmountOut(E18, ...pool[0]), pool)).toBeCloseTo(99_700 / 100_997, 5); // 997/(100000+997) in percent
    expect(priceImpact(E18, 0n, pool)).toBe(100);
    expect(priceImpact(E18, 1n, [[0n, 1n]])).toBe(100);
    expect(priceImpact(0n, 0n, pool)).toBe(0);
  });
});

describe('slippage and the minimum received', () => {
  it('default 1 % keeps 99 % of the quote, rounded down', () => {
    expect(minimumReceived(1000n, 1)).toBe(990n);
    expect(minimumReceived(999n, 1)).toBe(989n);
    expect(minimumReceived(10n ** 18n, 0.5)).toBe(995n * 10n ** 15n);
    expect(minimumReceived(10n ** 18n, 0.01)).toBe(10n ** 18n - 10n ** 14n);
    expect(minimumReceived(7n, 50)).toBe(3n);
  });

  it('slippage is above 0 and at most 50 %, in hundredths', () => {
    expect(slippageBps(1)).toBe(100);
    expect(slippageBps(0.1)).toBe(10);
    expect(slippageBps(50)).toBe(5000);
    for (const bad of [0, -1, 50.01, 51, 1.234, NaN, Infinity]) expect(() => slippageBps(bad)).toThrow(InvalidSlippageError);
    expect(() => slippageBps(0)).toThrow('Slippage must be above 0% and at most 50%');
  });
});

describe('amounts typed by a person', () => {
  it('parses positive decimals with at most the token decimals', () => {
    expect(parseAmount('0.1', 18)).toBe(10n ** 17n);
    expect(parseAmount(' 12 ', 6)).toBe(12_000_000n);
    expect(parseAmount('.5', 2)).toBe(50n);
    expect(parseAmount('1.', 2)).toBe(100n);
    for (const bad of ['', '0', '0.000', '-1', '1e3', '1,5', 'abc', '.', '1.234', '1.2.3', '9'.repeat(81)]) expect(parseAmount(bad, 2)).toBeUndefined();
  });
});

describe('gas and display', () => {
  it('gas per hop, with 25 % headroom for the wallet', () => {
    expect(gasForHops(1)).toBe(150_000n);
    expect(gasForHops(2)).toBe(220_000n);
    expect(withHeadroom(100_000n)).toBe(125_000n);
  });

  it('rate: output per one input unit, six significant fraction digits', () => {
    expect(rate(E18, 2390n * E18, 18, 18)).toBe('2390');
    expect(rate(10n ** 17n, 239_040_000_000_000_000_000n, 18, 18)).toBe('2390.4');
    expect(rate(1000n * E18, 415_123_456_789_000_000n, 18, 18)).toBe('0.000415123');
    expect(rate(1_000_000n, 10n ** 18n, 6, 18)).toBe('1');
    expect(rate(0n, 1n, 18, 18)).toBe('0');
  });
});
