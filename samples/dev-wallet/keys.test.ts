import { createPublicKey, verify } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519';
import { hex } from '@scure/base';
import { mnemonicToSeedSync } from '@scure/bip39';
import { NETWORK, TEST_NETWORK, p2tr, p2wpkh, utils } from '@scure/btc-signer';
import { Keypair } from '@solana/web3.js';
import accounts from './accounts.json';
import { DEV_MNEMONIC, bitcoinKey, bitcoinOrdinalsPath, bitcoinPaymentPath, devSeed, slip10Ed25519, solanaKey } from './keys';

describe('dev wallet keys', () => {
  it('derives SLIP-0010 ed25519 keys as the specification\'s test vector 1 says', () => {
    const seed = hex.decode('000102030405060708090a0b0c0d0e0f');
    expect(hex.encode(slip10Ed25519(seed, 'm'))).toBe('2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7');
    expect(hex.encode(slip10Ed25519(seed, "m/0'"))).toBe('68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3');
    expect(hex.encode(slip10Ed25519(seed, "m/0'/1'"))).toBe('b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2');
    expect(hex.encode(slip10Ed25519(seed, "m/0'/1'/2'"))).toBe('92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9');
    expect(() => slip10Ed25519(seed, 'm/0')).toThrow(/hardened/);
  });

  it('uses the public anvil mnemonic', () => {
    expect(DEV_MNEMONIC).toBe('test test test test test test test test test test test junk');
    expect(devSeed()).toHaveLength(64);
  });

  it("primes the seed with the platform's PBKDF2: the same bytes as @scure/bip39's, then read synchronously", async () => {
    const expected = mnemonicToSeedSync(DEV_MNEMONIC);
    const fresh = () => {
      let mod!: typeof import('./keys');
      jest.isolateModules(() => (mod = require('./keys')));
      return mod;
    };
    const keys = fresh();
    const deriveBits = jest.spyOn(globalThis.crypto.subtle, 'deriveBits');
    try {
      const seed = await keys.primeDevSeed();
      expect(deriveBits).toHaveBeenCalledTimes(1);
      expect(hex.encode(seed)).toBe(hex.encode(expected));
      expect(keys.devSeed()).toBe(seed); // the primed bytes, not a second computation
      // without WebCrypto's answer: the JavaScript PBKDF2, same seed
      deriveBits.mockRejectedValueOnce(new Error('not supported'));
      expect(hex.encode(await fresh().primeDevSeed())).toBe(hex.encode(expected));
    } finally {
      deriveBits.mockRestore();
    }
  });

  it('gives Solana keys that web3.js and node:crypto agree on', () => {
    const k = solanaKey(0);
    expect(k.path).toBe("m/44'/501'/0'/0'");
    expect(Keypair.fromSeed(k.secretKey).publicKey.toBase58()).toBe(k.address);
    const sig = ed25519.sign(new Uint8Array([1, 2, 3]), k.secretKey);
    const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(k.publicKey)]);
    expect(verify(null, Buffer.from([1, 2, 3]), createPublicKey({ key: spki, format: 'der', type: 'spki' }), sig)).toBe(true);
    expect(solanaKey(1).address).not.toBe(k.address);
    expect(() => solanaKey(-1)).toThrow();
  });

  it('matches accounts.json (which the stack funds at start)', () => {
    expect(accounts.mnemonic).toBe(DEV_MNEMONIC);
    expect(accounts.solana.map((a) => a.address)).toEqual([solanaKey(0).address, solanaKey(1).address]);
    expect(accounts.solana.map((a) => a.path)).toEqual([solanaKey(0).path, solanaKey(1).path]);
    const pay = bitcoinKey(bitcoinPaymentPath(0));
    const ord = bitcoinKey(bitcoinOrdinalsPath(0));
    expect(accounts.bitcoin.testnet.payment.address).toBe(p2wpkh(pay.publicKey, TEST_NETWORK).address);
    expect(accounts.bitcoin.testnet.ordinals.address).toBe(p2tr(utils.pubSchnorr(ord.privateKey), undefined, TEST_NETWORK).address);
    expect(accounts.bitcoin.testnet.payment.address).toMatch(/^tb1q/);
    expect(accounts.bitcoin.testnet.ordinals.address).toMatch(/^tb1p/);
  });

  it('derives BIP-84 keys like the BIP-84 test vector (abandon … about, mainnet path)', () => {
    // BIP-84's vector uses another mnemonic; check the derivation machinery with it.
    const { HDKey } = require('@scure/bip32') as typeof import('@scure/bip32');
    const { mnemonicToSeedSync } = require('@scure/bip39') as typeof import('@scure/bip39');
    const seed = mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');
    const node = HDKey.fromMasterSeed(seed).derive("m/84'/0'/0'/0/0");
    expect(p2wpkh(node.publicKey!, NETWORK).address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });
});
