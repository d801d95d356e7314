/**
 * Test support: an independent, hand-written check of Bitcoin signatures. It shares no code
 * with the wallet (which signs through @scure/btc-signer): transactions are serialized here, the
 * BIP-143 (SegWit v0) and BIP-341 (Taproot key path) sighashes are computed here, and the
 * signatures are checked with @noble/curves. Only what the dev wallet produces is covered:
 * P2WPKH and P2TR key-path spends, SIGHASH_ALL / SIGHASH_DEFAULT.
 */
import { schnorr, secp256k1 } from '@noble/curves/secp256k1';
import { ripemd160 } from '@noble/hashes/ripemd160';
import { sha256 } from '@noble/hashes/sha256';
import { bech32, bech32m } from '@scure/base';

export interface TxIn {
  /** txid in display order (hex, as explorers print it) */
  readonly txid: string;
  readonly vout: number;
  readonly scriptSig?: Uint8Array;
  readonly sequence: number;
}
export interface TxOut {
  readonly amount: bigint;
  readonly script: Uint8Array;
}
export interface Tx {
  readonly version: number;
  readonly inputs: readonly TxIn[];
  readonly outputs: readonly TxOut[];
  readonly locktime: number;
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const u32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n >>> 0, true);
  return b;
};
const u64 = (n: bigint) => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, n, true);
  return b;
};
const varint = (n: number) => (n < 0xfd ? new Uint8Array([n]) : concat(new Uint8Array([0xfd]), u32(n).subarray(0, 2)));
const varbytes = (b: Uint8Array) => concat(varint(b.length), b);
const hexToBytes = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (x) => parseInt(x, 16));
const bytesToHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
export const dsha256 = (b: Uint8Array) => sha256(sha256(b));
export const hash160 = (b: Uint8Array) => ripemd160(sha256(b));
const outpoint = (i: TxIn) => concat(hexToBytes(i.txid).reverse(), u32(i.vout));
const serializeOutput = (o: TxOut) => concat(u64(o.amount), varbytes(o.script));

/** Legacy (no witness) serialization; its double SHA-256, reversed, is the txid. */
export function serializeTx(tx: Tx): Uint8Array {
  return concat(
    u32(tx.version),
    varint(tx.inputs.length),
    ...tx.inputs.map((i) => concat(outpoint(i), varbytes(i.scriptSig ?? new Uint8Array()), u32(i.sequence))),
    varint(tx.outputs.length),
    ...tx.outputs.map(serializeOutput),
    u32(tx.locktime),
  );
}
export const txid = (tx: Tx) => bytesToHex(dsha256(serializeTx(tx)).reverse());

/** BIP-143 sighash (SIGHASH_ALL) of input `index` spending `amount` with `scriptCode`. */
export function bip143Sighash(tx: Tx, index: number, scriptCode: Uint8Array, amount: bigint, hashType = 1): Uint8Array {
  if (hashType !== 1) throw new Error('only SIGHASH_ALL is checked here');
  const input = tx.inputs[index]!;
  return dsha256(
    concat(
      u32(tx.version),
      dsha256(concat(...tx.inputs.map(outpoint))),
      dsha256(concat(...tx.inputs.map((i) => u32(i.sequence)))),
      outpoint(input),
      varbytes(scriptCode),
      u64(amount),
      u32(input.sequence),
      dsha256(concat(...tx.outputs.map(serializeOutput))),
      u32(tx.locktime),
      u32(hashType),
    ),
  );
}

function taggedHash(tag: string, data: Uint8Array): Uint8Array {
  const t = sha256(new TextEncoder().encode(tag));
  return sha256(concat(t, t, data));
}

/** BIP-341 key-path sighash (SIGHASH_DEFAULT or SIGHASH_ALL, no annex) of input `index`. */
export function bip341Sighash(tx: Tx, index: number, prevouts: readonly TxOut[], hashType = 0): Uint8Array {
  if (hashType !== 0 && hashType !== 1) throw new Error('only SIGHASH_DEFAULT / SIGHASH_ALL are checked here');
  const msg = concat(
    new Uint8Array([0x00, hashType]),
    u32(tx.version),
    u32(tx.locktime),
    sha256(concat(...tx.inputs.map(outpoint))),
    sha256(concat(...prevouts.map((p) => u64(p.amount)))),
    sha256(concat(...prevouts.map((p) => varbytes(p.script)))),
    sha256(concat(...tx.inputs.map((i) => u32(i.sequence)))),
    sha256(concat(...tx.outputs.map(serializeOutput))),
    new Uint8Array([0x00]), // spend type: key path, no annex
    u32(index),
  );
  return taggedHash('TapSighash', msg);
}

/** A SegWit address's witness version and program (bech32 for v0, bech32m for v1+). */
export function decodeSegwitAddress(address: string): { hrp: string; version: number; program: Uint8Array; script: Uint8Array } {
  const lower = address.toLowerCase();
  const isV0 = /^[a-z]+1q/.test(lower);
  const decoded = isV0 ? bech32.decode(lower as `${string}1${string}`) : bech32m.decode(lower as `${string}1${string}`);
  const [version, ...rest] = decoded.words;
  const program = Uint8Array.from((isV0 ? bech32 : bech32m).fromWords(rest));
  const script = concat(new Uint8Array([version === 0 ? 0x00 : 0x50 + version!, program.length]), program);
  return { hrp: decoded.prefix, version: version!, program, script };
}

function parseWitness(bytes: Uint8Array): Uint8Array[] {
  let at = 0;
  const readVar = () => {
    const first = bytes[at++]!;
    if (first < 0xfd) return first;
    if (first === 0xfd) {
      const n = bytes[at]! | (bytes[at + 1]! << 8);
      at += 2;
      return n;
    }
    throw new Error('witness item too large');
  };
  const count = readVar();
  const items: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const len = readVar();
    if (at + len > bytes.length) throw new Error('witness truncated');
    items.push(bytes.subarray(at, at + len));
    at += len;
  }
  if (at !== bytes.length) throw new Error('trailing bytes after the witness');
  return items;
}

/** Checks an ECDSA (DER + SIGHASH_ALL byte) signature by `pubkey` over `hash`. */
export function verifyEcdsa(sigWithType: Uint8Array, pubkey: Uint8Array, hash: Uint8Array): boolean {
  if (sigWithType[sigWithType.length - 1] !== 0x01) return false;
  try {
    const sig = secp256k1.Signature.fromDER(sigWithType.subarray(0, -1));
    return secp256k1.verify(sig, hash, pubkey, { lowS: true });
  } catch {
    return false;
  }
}

/** Checks a Schnorr key-path signature (64 bytes, or 65 with SIGHASH_ALL) by the x-only `key`. */
export function verifySchnorr(sig: Uint8Array, key: Uint8Array, sighashFor: (hashType: number) => Uint8Array): boolean {
  if (sig.length !== 64 && !(sig.length === 65 && sig[64] === 0x01)) return false;
  const hashType = sig.length === 65 ? 1 : 0;
  try {
    return schnorr.verify(sig.subarray(0, 64), sighashFor(hashType), key);
  } catch {
    return false;
  }
}

/** Verifies a BIP-322 simple signature (the serialized witness) for a P2WPKH or P2TR address. */
export function verifyBip322Simple(address: string, message: Uint8Array, signature: Uint8Array): boolean {
  const { version, program, script } = decodeSegwitAddress(address);
  const messageHash = taggedHash('BIP0322-signed-message', message);
  const toSpend: Tx = {
    version: 0,
    inputs: [{ txid: '00'.repeat(32), vout: 0xffffffff, scriptSig: concat(new Uint8Array([0x00, 0x20]), messageHash), sequence: 0 }],
    outputs: [{ amount: 0n, script }],
    locktime: 0,
  };
  const toSign: Tx = {
    version: 0,
    inputs: [{ txid: txid(toSpend), vout: 0, sequence: 0 }],
    outputs: [{ amount: 0n, script: new Uint8Array([0x6a]) }],
    locktime: 0,
  };
  let witness: Uint8Array[];
  try {
    witness = parseWitness(signature);
  } catch {
    return false;
  }
  if (version === 0 && program.length === 20) {
    if (witness.length !== 2) return false;
    const [sig, pubkey] = witness as [Uint8Array, Uint8Array];
    if (bytesToHex(hash160(pubkey)) !== bytesToHex(program)) return false;
    const scriptCode = concat(hexToBytes('76a914'), program, hexToBytes('88ac'));
    return verifyEcdsa(sig, pubkey, bip143Sighash(toSign, 0, scriptCode, 0n));
  }
  if (version === 1 && program.length === 32) {
    if (witness.length !== 1) return false;
    return verifySchnorr(witness[0]!, program, (t) => bip341Sighash(toSign, 0, [{ amount: 0n, script }], t));
  }
  return false;
}

export { bytesToHex, hexToBytes };
