/**
 * Just enough of the Solana wire format to sign a transaction: the signature slots, the
 * message header and the static account keys (legacy and v0 messages).
 *
 *   transaction = compact-u16 n, n × 64-byte signatures, message
 *   message     = [0x80 | version]? , 3-byte header, compact-u16 k, k × 32-byte keys, blockhash, …
 */
import { ed25519 } from '@noble/curves/ed25519';

export const PACKET_DATA_SIZE = 1232;

export interface WireTransaction {
  readonly version: 'legacy' | 0;
  readonly numSignatures: number;
  /** Offset of the first signature. */
  readonly signaturesOffset: number;
  readonly messageOffset: number;
  readonly numRequiredSignatures: number;
  /** The signer keys (the first numRequiredSignatures static keys). */
  readonly signers: readonly Uint8Array[];
  readonly recentBlockhash: Uint8Array;
}

/** Reads a compact-u16 (1 to 3 bytes, 7 bits each, little end first). */
export function readCompactU16(bytes: Uint8Array, offset: number): { value: number; size: number } {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const b = bytes[offset + i];
    if (b === undefined) throw new Error('transaction truncated');
    value |= (b & 0x7f) << (7 * i);
    if ((b & 0x80) === 0) {
      if (i > 0 && b === 0) throw new Error('non-canonical compact-u16');
      if (value > 0xffff) throw new Error('compact-u16 overflow');
      return { value, size: i + 1 };
    }
  }
  throw new Error('compact-u16 too long');
}

/** Parses the parts of a wire transaction that signing needs; throws on anything malformed. */
export function parseWireTransaction(bytes: Uint8Array): WireTransaction {
  if (!(bytes instanceof Uint8Array)) throw new Error('the transaction must be bytes');
  if (bytes.length > PACKET_DATA_SIZE) throw new Error(`transaction too large: ${bytes.length} bytes (max ${PACKET_DATA_SIZE})`);
  const sigs = readCompactU16(bytes, 0);
  const signaturesOffset = sigs.size;
  const messageOffset = signaturesOffset + sigs.value * 64;
  if (messageOffset + 4 > bytes.length) throw new Error('transaction truncated');
  let at = messageOffset;
  let version: 'legacy' | 0 = 'legacy';
  const first = bytes[at]!;
  if (first & 0x80) {
    const v = first & 0x7f;
    if (v !== 0) throw new Error(`unsupported transaction version ${v}`);
    version = 0;
    at += 1;
  }
  const numRequiredSignatures = bytes[at]!;
  const numReadonlySigned = bytes[at + 1]!;
  at += 3;
  const keys = readCompactU16(bytes, at);
  at += keys.size;
  if (at + keys.value * 32 + 32 > bytes.length) throw new Error('transaction truncated');
  if (numRequiredSignatures === 0 || numRequiredSignatures > keys.value || numReadonlySigned >= numRequiredSignatures) {
    throw new Error('invalid message header');
  }
  if (sigs.value !== numRequiredSignatures) {
    throw new Error(`the transaction has ${sigs.value} signature slots for ${numRequiredSignatures} required signers`);
  }
  const signers: Uint8Array[] = [];
  for (let i = 0; i < numRequiredSignatures; i++) signers.push(bytes.subarray(at + i * 32, at + (i + 1) * 32));
  const recentBlockhash = bytes.subarray(at + keys.value * 32, at + keys.value * 32 + 32);
  return { version, numSignatures: sigs.value, signaturesOffset, messageOffset, numRequiredSignatures, signers, recentBlockhash };
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Signs `bytes` with the ed25519 key whose public key is `publicKey`: returns a copy with the
 * signature in that signer's slot. Throws when the transaction does not need that signer.
 */
export function signWireTransaction(bytes: Uint8Array, secretKey: Uint8Array, publicKey: Uint8Array): { signed: Uint8Array; signature: Uint8Array } {
  const wire = parseWireTransaction(bytes);
  const index = wire.signers.findIndex((k) => equal(k, publicKey));
  if (index < 0) throw new Error('the transaction does not ask this account to sign');
  const message = bytes.subarray(wire.messageOffset);
  const signature = ed25519.sign(message, secretKey);
  const signed = bytes.slice();
  signed.set(signature, wire.signaturesOffset + index * 64);
  return { signed, signature };
}
