/**
 * The dev wallets' keys, derived from a PUBLIC mnemonic: anvil's well-known
 * "test test test test test test test test test test test junk". They are for local
 * development only — everyone knows them; never send real funds to these addresses.
 *
 * - Solana: SLIP-0010 ed25519 on the path wallets use, m/44'/501'/{account}'/0' (so the same
 *   mnemonic imported into a Solana wallet shows the same addresses).
 * - Bitcoin (test networks, coin type 1): BIP-84 m/84'/1'/{account}'/0/0 for the native SegWit
 *   payment address (P2WPKH), BIP-86 m/86'/1'/{account}'/0/0 for the Taproot ordinals address (P2TR).
 */
import { ed25519 } from '@noble/curves/ed25519';
import { hmac } from '@noble/hashes/hmac';
import { sha512 } from '@noble/hashes/sha512';
import { base58 } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';

export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

const HARDENED = 0x8000_0000;
let seedCache: Uint8Array | undefined;
let seedPromise: Promise<Uint8Array> | undefined;
/**
 * The BIP-39 seed of DEV_MNEMONIC (no passphrase); computed once. Synchronous, for the wallets'
 * synchronous `accounts`: when {@link primeDevSeed} has finished it is read from there, else it is
 * computed here with @scure/bip39's PBKDF2 in JavaScript (measured in a headless Chromium test page:
 * ~420 ms of CPU at each connect, where the platform's PBKDF2 takes a few ms).
 */
export function devSeed(): Uint8Array {
  return (seedCache ??= mnemonicToSeedSync(DEV_MNEMONIC));
}

/**
 * Computes the seed with the platform's PBKDF2 (WebCrypto: BIP-39's PBKDF2-HMAC-SHA512, 2048
 * rounds, salt "mnemonic") so that {@link devSeed} finds it ready. The wallets start it when they
 * are installed; where WebCrypto is missing it resolves with {@link devSeed}'s result.
 */
export function primeDevSeed(): Promise<Uint8Array> {
  if (seedCache) return Promise.resolve(seedCache);
  return (seedPromise ??= platformSeed().then(
    (seed) => (seedCache ??= seed),
    () => devSeed(),
  ));
}

async function platformSeed(): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('WebCrypto is not available');
  const utf8 = new TextEncoder();
  const key = await subtle.importKey('raw', utf8.encode(DEV_MNEMONIC.normalize('NFKD')), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-512', salt: utf8.encode('mnemonic'), iterations: 2048 }, key, 512);
  return new Uint8Array(bits);
}

/** Parses "m/44'/501'/0'/0'" into indexes; every SLIP-0010 ed25519 level must be hardened. */
function parseHardenedPath(path: string): number[] {
  if (!/^m(\/\d+')*$/.test(path)) throw new Error(`Only hardened paths can be derived with ed25519: ${path}`);
  return path
    .split('/')
    .slice(1)
    .map((p) => {
      const n = Number(p.slice(0, -1));
      if (!Number.isInteger(n) || n >= HARDENED) throw new Error(`Invalid path index in ${path}`);
      return n + HARDENED;
    });
}

/** SLIP-0010 ed25519 derivation: returns the 32-byte private key (the ed25519 seed) at `path`. */
export function slip10Ed25519(seed: Uint8Array, path: string): Uint8Array {
  let I = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed);
  let key = I.slice(0, 32);
  let chainCode = I.slice(32);
  for (const index of parseHardenedPath(path)) {
    const data = new Uint8Array(37);
    data.set(key, 1);
    new DataView(data.buffer).setUint32(33, index, false);
    I = hmac(sha512, chainCode, data);
    key = I.slice(0, 32);
    chainCode = I.slice(32);
  }
  return key;
}

export interface SolanaKey {
  readonly path: string;
  /** 32-byte ed25519 private key (seed). */
  readonly secretKey: Uint8Array;
  readonly publicKey: Uint8Array;
  /** base58 public key */
  readonly address: string;
}

export const solanaPath = (account: number) => `m/44'/501'/${account}'/0'`;

export function solanaKey(account: number): SolanaKey {
  if (!Number.isInteger(account) || account < 0 || account >= HARDENED) throw new Error(`Invalid Solana account index: ${account}`);
  const path = solanaPath(account);
  const secretKey = slip10Ed25519(devSeed(), path);
  const publicKey = ed25519.getPublicKey(secretKey);
  return { path, secretKey, publicKey, address: base58.encode(publicKey) };
}

export interface BitcoinKey {
  readonly path: string;
  readonly privateKey: Uint8Array;
  /** 33-byte compressed secp256k1 public key */
  readonly publicKey: Uint8Array;
}

export const bitcoinPaymentPath = (account: number) => `m/84'/1'/${account}'/0/0`;
export const bitcoinOrdinalsPath = (account: number) => `m/86'/1'/${account}'/0/0`;

export function bitcoinKey(path: string): BitcoinKey {
  const node = HDKey.fromMasterSeed(devSeed()).derive(path);
  if (!node.privateKey || !node.publicKey) throw new Error(`No key at ${path}`);
  return { path, privateKey: node.privateKey, publicKey: node.publicKey };
}
