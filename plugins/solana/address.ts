/** docs/connection.md#addresses: a Solana address is 32 to 44 base58 characters (here also: it decodes to a 32-byte key). */
import { base58Decode } from 'latchkey/encoding';

const SHAPE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export function isSolanaAddress(value: unknown): value is string {
  if (typeof value !== 'string' || !SHAPE.test(value)) return false;
  return base58Decode(value).length === 32;
}
