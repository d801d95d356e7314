/**
 * Base58 in Bitcoin's alphabet (Solana keys and signatures, Bitcoin's legacy addresses) and
 * base58check, on @scure/base. Decoding takes time in the square of the text's length, and the
 * text often comes from a page, a wallet or a relay: it is bounded before it is decoded. Every
 * refusal is a Base58Error (see ./errors).
 */
import { base58 as scureBase58, utils } from '@scure/base';
import { abytes, anumber } from '@noble/hashes/utils.js';
import { Base58Error, libraryFailure, type Base58ErrorMessage } from './errors';
import { sha256 } from './sha256';

/** Longer than any key, signature, address or transaction id written in base58 (a transaction id is 88). */
export const MAX_BASE58_LENGTH = 128;
const BASE = 58;

export interface Base58Codec {
  /** Base58 of `bytes` (each leading zero byte becomes the alphabet's first letter). */
  encode(bytes: Uint8Array): string;
  /** The bytes of `text` (a new buffer): Base58Error 'Non-base58 character', or 'Base58 input too long' past `maxLength`. */
  decode(text: string, maxLength?: number): Uint8Array<ArrayBuffer>;
}

function asserted(check: () => void): void {
  try {
    check();
  } catch (err) {
    const [message, options] = libraryFailure(err);
    throw new Base58Error(message as Base58ErrorMessage, options);
  }
}

function bounded(codec: { encode(bytes: Uint8Array): string; decode(text: string): Uint8Array }): Base58Codec {
  return {
    encode(bytes) {
      asserted(() => abytes(bytes));
      return codec.encode(bytes);
    },
    decode(text, maxLength = MAX_BASE58_LENGTH) {
      asserted(() => anumber(maxLength));
      if (typeof text !== 'string') throw new Base58Error('Non-base58 character');
      if (text.length > maxLength) throw new Base58Error('Base58 input too long');
      try {
        return codec.decode(text) as Uint8Array<ArrayBuffer>;
      } catch (cause) {
        throw new Base58Error('Non-base58 character', { cause });
      }
    },
  };
}

/** Bitcoin's alphabet, the one Solana and WalletConnect use. */
const bitcoin = /* @__PURE__ */ bounded(scureBase58);
export const base58Encode = (bytes: Uint8Array): string => bitcoin.encode(bytes);
export const base58Decode = (text: string, maxLength?: number): Uint8Array<ArrayBuffer> => bitcoin.decode(text, maxLength);

/**
 * A codec for another 58-letter alphabet (XRP's, Flickr's): Base58Error 'Alphabet too long' for
 * more than 58 letters, 'Invalid alphabet' for fewer or a repeated one.
 */
export function createBase58(alphabet: string): Base58Codec {
  const letters = [...alphabet];
  if (letters.length > BASE) throw new Base58Error('Alphabet too long');
  if (new Set(letters).size !== BASE) throw new Base58Error('Invalid alphabet');
  return bounded(utils.chain(utils.radix(BASE), utils.alphabet(letters), utils.join('')));
}

/**
 * The payload of a base58check text (Bitcoin's legacy addresses): @scure/base's checksum (the
 * first 4 bytes of SHA-256 twice) over the bounded base58 decoding, so that a bad character and a
 * bad checksum are told apart: Base58Error 'Non-base58 character' or 'Invalid checksum'.
 */
export function base58checkDecode(text: string, maxLength?: number): Uint8Array<ArrayBuffer> {
  const bytes = base58Decode(text, maxLength);
  try {
    return utils.checksum(4, (data: Uint8Array) => sha256(sha256(data))).decode(bytes) as Uint8Array<ArrayBuffer>;
  } catch (cause) {
    throw new Base58Error('Invalid checksum', { cause });
  }
}
