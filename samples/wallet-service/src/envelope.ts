/**
 * Envelope encryption of wallet keys at rest.
 *
 *   encrypted_key = AES-256-GCM(DEK, private key, aad = "latchkey/key/v1|<userId>|<address>")
 *   wrapped_dek   = AES-256-GCM(KEK, DEK,         aad = "latchkey/dek/v1|<kekId>|<userId>")
 *
 * Each key has its own random 32-byte data key (DEK); only the wrapped DEK is stored. The
 * key-encryption key (KEK) comes from the configuration (WALLET_KEK) and never touches the database.
 * The associated data binds each ciphertext to its row, so swapping ciphertexts between users fails to
 * decrypt. Stored format: 12-byte nonce || ciphertext || 16-byte tag.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kek } from './config';

export class KeyDecryptionError extends Error {
  override name = 'KeyDecryptionError';
}

function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([nonce, ct, cipher.getAuthTag()]);
}

function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < 12 + 16) throw new KeyDecryptionError('ciphertext too short');
  const nonce = sealed.subarray(0, 12);
  const tag = sealed.subarray(sealed.length - 16);
  const ct = sealed.subarray(12, sealed.length - 16);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ct), decipher.final()]);
  } catch {
    throw new KeyDecryptionError('authentication failed (wrong key-encryption key, or the row was altered)');
  }
}

export interface SealedKey {
  readonly kekId: string;
  readonly wrappedDek: Buffer;
  readonly encryptedKey: Buffer;
}

const keyAad = (userId: string, address: string) => `latchkey/key/v1|${userId}|${address.toLowerCase()}`;
const dekAad = (kekId: string, userId: string) => `latchkey/dek/v1|${kekId}|${userId}`;

/** Encrypts a private key under a fresh DEK wrapped by the active (first) KEK. */
export function sealKey(keks: readonly Kek[], userId: string, address: string, privateKey: Buffer): SealedKey {
  const kek = keks[0];
  if (!kek) throw new Error('no key-encryption key configured');
  const dek = randomBytes(32);
  try {
    return {
      kekId: kek.id,
      wrappedDek: seal(kek.key, dek, dekAad(kek.id, userId)),
      encryptedKey: seal(dek, privateKey, keyAad(userId, address)),
    };
  } finally {
    dek.fill(0);
  }
}

/** Decrypts a private key; the caller must `fill(0)` the returned buffer when done. */
export function openKey(keks: readonly Kek[], userId: string, address: string, sealed: SealedKey): Buffer {
  const kek = keks.find((k) => k.id === sealed.kekId);
  if (!kek) {
    throw new KeyDecryptionError(`key-encryption key "${sealed.kekId}" is not configured (WALLET_KEK): this wallet cannot be opened`);
  }
  const dek = open(kek.key, sealed.wrappedDek, dekAad(kek.id, userId));
  try {
    return open(dek, sealed.encryptedKey, keyAad(userId, address));
  } finally {
    dek.fill(0);
  }
}
