/**
 * Quote arithmetic: price impact, slippage and the minimum received, amounts typed by a person.
 * Pure, on bigint. The amounts themselves are the router's (its getAmountsOut); the V2 formula the
 * tests check them against is testing/v2.ts.
 */
import { GAS_FIRST_HOP, GAS_HEADROOM_PERCENT, GAS_PER_EXTRA_HOP, MAX_SLIPPAGE } from './constants';
import { InvalidSlippageError } from './errors';

/** A V2 pool keeps 997/1000 of the input (0.3 % fee). */
const FEE_NUM = 997n;
const FEE_DEN = 1000n;

/**
 * Price impact in percent: how much less `amountOut` is than the pools' mid price would give for
 * `amountIn`, with the 0.3 % fee per hop left out (so a tiny trade shows ~0). 100 when a pool is empty.
 */
export function priceImpact(amountIn: bigint, amountOut: bigint, reserves: readonly (readonly [bigint, bigint])[]): number {
  if (amountIn <= 0n || reserves.length === 0) return 0;
  const SCALE = 10n ** 12n;
  let num = amountOut * SCALE;
  let den = amountIn;
  for (const [rIn, rOut] of reserves) {
    if (rIn <= 0n || rOut <= 0n) return 100;
    num *= rIn * FEE_DEN;
    den *= rOut * FEE_NUM;
  }
  const ratio = num / den;
  if (ratio >= SCALE) return 0;
  return Number(((SCALE - ratio) * 100n * 10n ** 6n) / SCALE) / 1e6;
}

/** Slippage percent → basis points; throws InvalidSlippageError outside (0, 50] or with more than two decimals. */
export function slippageBps(percent: number): number {
  const bps = Math.round(percent * 100);
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent <= 0 || percent > MAX_SLIPPAGE || Math.abs(bps - percent * 100) > 1e-6) {
    throw new InvalidSlippageError(percent);
  }
  return bps;
}

/** The least output accepted with `slippagePercent` tolerance: the quote less the slippage, rounded down. */
export function minimumReceived(amountOut: bigint, slippagePercent: number): bigint {
  return (amountOut * BigInt(10_000 - slippageBps(slippagePercent))) / 10_000n;
}

/**
 * An amount typed by a person ('0.1', '1,5' is not accepted) in the token's smallest unit;
 * undefined when it is not a positive number with at most `decimals` fraction digits.
 */
export function parseAmount(text: string, decimals: number): bigint | undefined {
  const t = text.trim();
  if (t.length === 0 || t.length > 80) return undefined;
  const m = /^(\d*)(?:\.(\d*))?$/.exec(t);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return undefined;
  const frac = m[2] ?? '';
  if (frac.length > decimals) return undefined;
  const value = BigInt((m[1] || '0') + frac.padEnd(decimals, '0'));
  return value > 0n ? value : undefined;
}

/** Gas of a V2 swap of `hops` pools before an estimate exists. */
export const gasForHops = (hops: number): bigint => GAS_FIRST_HOP + GAS_PER_EXTRA_HOP * BigInt(Math.max(0, hops - 1));

/** The gas limit handed to the wallet for an estimate. */
export const withHeadroom = (gas: bigint): bigint => (gas * BigInt(100 + GAS_HEADROOM_PERCENT)) / 100n;

/** How many `to` units one `from` unit buys, as a decimal string with up to 6 significant fraction digits. */
export function rate(amountIn: bigint, amountOut: bigint, decimalsIn: number, decimalsOut: number): string {
  if (amountIn <= 0n) return '0';
  // out per in, scaled 1e18: (amountOut / 10^dOut) / (amountIn / 10^dIn)
  const scaled = (amountOut * 10n ** BigInt(decimalsIn) * 10n ** 18n) / (amountIn * 10n ** BigInt(decimalsOut));
  const whole = scaled / 10n ** 18n;
  const frac = (scaled % 10n ** 18n).toString().padStart(18, '0');
  const digits = whole > 0n ? 6 : Math.min(18, frac.search(/[1-9]/) + 6);
  const shown = frac.slice(0, Math.max(digits, 0)).replace(/0+$/, '');
  return shown ? `${whole}.${shown}` : whole.toString();
}
