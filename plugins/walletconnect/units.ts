/**
 * Small pure encoders for the universal adapter, on bigint and TextEncoder only
 * (no viem in this path): decimal units, UTF-8 → 0x-hex, base58.
 */
import { InvalidDecimalNumberError } from './errors';

/** '1.5' with 18 decimals → 1500000000000000000n. Extra fraction digits are rounded half up. */
export function parseUnits(value: string, decimals: number): bigint {
  const text = value.trim();
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new InvalidDecimalNumberError(value);
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

/** The UTF-8 bytes of `text` as 0x-hex (personal_sign's message parameter). */
export function utf8ToHex(text: string): string {
  let hex = '0x';
  for (const b of new TextEncoder().encode(text)) hex += b.toString(16).padStart(2, '0');
  return hex;
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Bitcoin-alphabet base58 of `bytes` (leading zero bytes become '1's). */
export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = BASE58_ALPHABET[Number(n % 58n)]! + out;
    n /= 58n;
  }
  return '1'.repeat(zeros) + out;
}
