/**
 * Decimal units on bigint: '1.5' ↔ 1500000000000000000n at 18 decimals (wei, lamports,
 * satoshis). Pure and tiny, for every namespace; no chain library needed.
 */
import { InvalidDecimalNumberError } from './errors/kernel';

/** '1.5' with 18 decimals → 1500000000000000000n. Extra fraction digits round half up. Throws InvalidDecimalNumberError. */
export function parseUnits(value: string, decimals: number): bigint {
  const text = typeof value === 'string' ? value.trim() : '';
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '') || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new InvalidDecimalNumberError(String(value));
  }
  const negative = m[1] === '-';
  const whole = m[2] || '0';
  let fraction = m[3] ?? '';
  let roundUp = false;
  if (fraction.length > decimals) {
    roundUp = Number(fraction[decimals]) >= 5;
    fraction = fraction.slice(0, decimals);
  }
  let n = BigInt(whole + fraction.padEnd(decimals, '0'));
  if (roundUp) n += 1n;
  return negative ? -n : n;
}

/** 1500000000000000000n with 18 decimals → '1.5' (no trailing zeros, no exponent). */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
