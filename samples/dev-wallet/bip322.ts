/**
 * BIP-322 "simple" message signatures for P2WPKH and P2TR (key path) addresses, built with
 * @scure/btc-signer.
 *
 * Why BIP-322 and not the legacy `signmessage` format: the legacy format is defined only for
 * P2PKH addresses (BIP-137's SegWit variants are not standard and do not exist for Taproot);
 * BIP-322 works for every address type, proves the key behind the address's own script, and
 * is what Bitcoin wallets (Xverse, Leather, Unisat, Sparrow) and Bitcoin Core's
 * verifymessage-style tools use for SegWit and Taproot addresses.
 *
 * to_spend: version 0, locktime 0, one input 000…000:0xFFFFFFFF (sequence 0, scriptSig
 *           OP_0 PUSH32[tagged_hash("BIP0322-signed-message", message)]), one output of 0 sat
 *           paying to the address's scriptPubKey.
 * to_sign:  version 0, locktime 0, one input spending to_spend:0 (sequence 0), one OP_RETURN
 *           output of 0 sat. Its signed witness, consensus-serialized, is the signature.
 */
import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha256';
import { OP, RawWitness, Script, SigHash, Transaction, p2tr, p2wpkh, utils } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';

export type Bip322AddressType = 'p2wpkh' | 'p2tr';

const TAG = new TextEncoder().encode('BIP0322-signed-message');

/** BIP-340 tagged hash: sha256(sha256(tag) || sha256(tag) || data). */
export function taggedHash(tag: Uint8Array, data: Uint8Array): Uint8Array {
  const t = sha256(tag);
  return sha256(utils.concatBytes(t, t, data));
}

export const bip322MessageHash = (message: Uint8Array): Uint8Array => taggedHash(TAG, message);

/** The scriptPubKey an address type and public key give. For p2tr, `publicKey` is the 32-byte x-only internal key. */
export function scriptFor(type: Bip322AddressType, publicKey: Uint8Array, network: BTC_NETWORK): { script: Uint8Array; address: string } {
  const out = type === 'p2wpkh' ? p2wpkh(publicKey, network) : p2tr(publicKey, undefined, network);
  return { script: out.script, address: out.address! };
}

const ZERO_TXID = new Uint8Array(32);
const TX_OPTS = { version: 0, allowUnknownOutputs: true, allowUnknownVersion: true, disableScriptCheck: true } as const;

/** Builds BIP-322's to_spend transaction (its `id` is the txid to_sign spends). */
export function toSpend(message: Uint8Array, script: Uint8Array): Transaction {
  const tx = new Transaction(TX_OPTS);
  // the output first: an input with a final scriptSig counts as signed, which freezes the outputs
  tx.addOutput({ script, amount: 0n });
  tx.addInput({
    txid: ZERO_TXID,
    index: 0xffffffff,
    sequence: 0,
    finalScriptSig: Script.encode([OP.OP_0, bip322MessageHash(message)]),
  });
  return tx;
}

/** Builds BIP-322's (unsigned) to_sign transaction for `message` and the address script. */
export function toSign(message: Uint8Array, script: Uint8Array, tapInternalKey?: Uint8Array): Transaction {
  const spend = toSpend(message, script);
  const tx = new Transaction(TX_OPTS);
  tx.addInput({
    txid: spend.id,
    index: 0,
    sequence: 0,
    witnessUtxo: { script, amount: 0n },
    ...(tapInternalKey ? { tapInternalKey } : {}),
  });
  tx.addOutput({ script: Script.encode(['RETURN']), amount: 0n });
  return tx;
}

/**
 * Signs `message` for the address of `privateKey` (P2WPKH: SIGHASH_ALL ECDSA; P2TR: a
 * SIGHASH_DEFAULT Schnorr key-path signature). Returns the simple signature: the witness
 * stack, consensus-serialized (base64-encode it for display).
 */
export function signBip322(message: Uint8Array, privateKey: Uint8Array, type: Bip322AddressType, network: BTC_NETWORK): Uint8Array {
  const internal = type === 'p2tr' ? utils.pubSchnorr(privateKey) : undefined;
  const pub = type === 'p2tr' ? internal! : pubECDSA(privateKey);
  const { script } = scriptFor(type, pub, network);
  const tx = toSign(message, script, internal);
  const allowed = type === 'p2tr' ? [SigHash.DEFAULT] : [SigHash.ALL];
  if (!tx.signIdx(privateKey, 0, allowed)) throw new Error('BIP-322: the key does not match the address');
  tx.finalizeIdx(0);
  const witness = tx.getInput(0).finalScriptWitness;
  if (!witness) throw new Error('BIP-322: no witness after signing');
  return RawWitness.encode(witness);
}

/** The compressed secp256k1 public key of a private key. */
export const pubECDSA = (privateKey: Uint8Array): Uint8Array => secp256k1.getPublicKey(privateKey, true);
