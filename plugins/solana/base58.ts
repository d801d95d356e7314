/**
 * Base58 (Bitcoin alphabet) on bigint: Solana addresses are base58 of 32-byte public keys and
 * signatures base58 of 64 bytes. Small inputs only (at most {@link MAX_BASE58_CHARS}): a
 * page or a wallet cannot make these loops long.
 */
import { LatchkeyError } from 'latchkey';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** Longer than any key, signature or transaction id this plugin reads. */
const MAX_BASE58_CHARS = 128;

/** Spec section 8, base58 errors: 'Non-base58 character'. */
class Base58Error extends LatchkeyError {
  override name = 'Base58Error';
  constructor(message: 'Non-base58 character' | 'Base58 input too long') {
    super(message, { code: 'BASE58' });
  }
}

export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)]! + out;
    n /= 58n;
  }
  return '1'.repeat(zeros) + out;
}

/** Throws Base58Error for a character outside the alphabet or an input longer than {@link MAX_BASE58_CHARS}. */
export function base58Decode(text: string): Uint8Array {
  if (text.length > MAX_BASE58_CHARS) throw new Base58Error('Base58 input too long');
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;
  let n = 0n;
  for (const ch of text) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) throw new Base58Error('Non-base58 character');
    n = n * 58n + BigInt(v);
  }
  const body: number[] = [];
  while (n > 0n) {
    body.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  const out = new Uint8Array(zeros + body.length);
  out.set(body, zeros);
  return out;
}
