/**
 * Small pure encoders for the universal adapter, on bigint and TextEncoder only
 * (no viem in this path): UTF-8 → 0x-hex, base58. Decimal units are the kernel's.
 */

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
