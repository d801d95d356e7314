/**
 * Small pure encoders for the universal adapter, on bigint, TextEncoder and btoa/atob only
 * (no viem, no Solana or Bitcoin library in this path): UTF-8 → 0x-hex, base58, base64.
 * Decimal units are the kernel's.
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

/** The bytes of a base58 string; undefined for a character outside the alphabet or a text over `maxLength`. */
export function base58Decode(text: string, maxLength = 128): Uint8Array | undefined {
  if (typeof text !== 'string' || text.length > maxLength) return undefined;
  let n = 0n;
  for (const ch of text) {
    const digit = BASE58_ALPHABET.indexOf(ch);
    if (digit < 0) return undefined;
    n = n * 58n + BigInt(digit);
  }
  const body: number[] = [];
  while (n > 0n) {
    body.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body]);
}

/** Standard base64 (with padding) of `bytes`. */
export function base64Encode(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The bytes of a standard base64 string; undefined when it is not one or is longer than `maxLength` characters. */
export function base64Decode(text: string, maxLength = 1 << 20): Uint8Array | undefined {
  if (typeof text !== 'string' || text.length > maxLength || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
