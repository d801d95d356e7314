/**
 * The Solana wire format, just enough to put a wallet's signature where it belongs: a
 * transaction is a compact-u16 count of 64-byte signatures, the signatures, then the message
 * (legacy, or versioned with a 0x80|version prefix byte), whose header's first byte is the
 * number of required signers and whose account keys list those signers first.
 * https://solana.com/docs/core/transactions
 */

/** A compact-u16 (1 to 3 bytes, 7 bits each) at `offset`: its value and size; undefined when malformed. */
function readCompactU16(bytes: Uint8Array, offset: number): { value: number; size: number } | undefined {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const b = bytes[offset + i];
    if (b === undefined) return undefined;
    value |= (b & 0x7f) << (7 * i);
    if ((b & 0x80) === 0) return { value, size: i + 1 };
  }
  return undefined;
}

/**
 * `transaction` with `signature` (64 bytes) in the slot of `signer` (a 32-byte public key),
 * as a new array; undefined when the bytes are not a transaction or `signer` is not one of
 * its required signers.
 */
export function withSignature(transaction: Uint8Array, signer: Uint8Array, signature: Uint8Array): Uint8Array | undefined {
  if (signer.length !== 32 || signature.length !== 64) return undefined;
  const sigCount = readCompactU16(transaction, 0);
  if (!sigCount) return undefined;
  const sigStart = sigCount.size;
  let message = sigStart + sigCount.value * 64;
  if (message >= transaction.length) return undefined;
  if ((transaction[message]! & 0x80) !== 0) message += 1; // versioned: skip the version prefix
  const required = transaction[message];
  const keyCount = readCompactU16(transaction, message + 3);
  if (required === undefined || !keyCount || required > keyCount.value || required !== sigCount.value) return undefined;
  const keysStart = message + 3 + keyCount.size;
  if (keysStart + keyCount.value * 32 > transaction.length) return undefined;
  for (let i = 0; i < required; i++) {
    const key = transaction.subarray(keysStart + i * 32, keysStart + (i + 1) * 32);
    if (key.every((b, j) => b === signer[j])) {
      const out = transaction.slice();
      out.set(signature, sigStart + i * 64);
      return out;
    }
  }
  return undefined;
}
