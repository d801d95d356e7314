/**
 * latchkey/encoding: base58 (Bitcoin Core's test vectors), base58check, SHA-256 (against
 * node:crypto), the input bound, and the base58 and hash-helper errors of docs/errors.md#encoding-errors, each raised
 * by a helper used the wrong way, as typed errors carrying the texts of docs/errors.md#encoding-errors.
 */
import { createHash } from 'node:crypto';
import { LatchkeyError } from 'latchkey/errors';
import { Base58Error, HashError, MAX_BASE58_LENGTH, base58Decode, base58Encode, base58checkDecode, createBase58, createSha256, sha256 } from 'latchkey/encoding';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const bytes = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));
/** An error with these fields, as `toThrow` matches it. */
const error = (fields: Record<string, unknown>) => expect.objectContaining(fields) as unknown as Error;

describe('base58 (Bitcoin alphabet)', () => {
  // Bitcoin Core's base58_encode_decode.json
  const VECTORS: [string, string][] = [
    ['', ''],
    ['61', '2g'],
    ['626262', 'a3gV'],
    ['636363', 'aPEr'],
    ['73696d706c792061206c6f6e6720737472696e67', '2cFupjhnEsSn59qHXstmK2ffpLv2'],
    ['00eb15231dfceb60925886b67d065299925915aeb172c06647', '1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L'],
    ['516b6fcd0f', 'ABnLTmg'],
    ['bf4f89001e670274dd', '3SEo3LWLoPntC'],
    ['572e4794', '3EFU7m'],
    ['ecac89cad93923c02321', 'EJDM8drfXA6uyA'],
    ['10c8511e', 'Rt5zm'],
    ['00000000000000000000', '1111111111'],
  ];

  it.each(VECTORS)('%s ↔ %s', (data, text) => {
    expect(base58Encode(bytes(data))).toBe(text);
    expect(hex(base58Decode(text))).toBe(data);
  });

  it("refuses a character outside the alphabet: Base58Error 'Non-base58 character' (docs/errors.md#encoding-errors)", () => {
    for (const text of ['0', 'O', 'I', 'l', 'abc0', ' 2g', '2g\n', 'é']) {
      expect(() => base58Decode(text)).toThrow(Base58Error);
      expect(() => base58Decode(text)).toThrow(LatchkeyError);
      expect(() => base58Decode(text)).toThrow(error({ message: 'Non-base58 character', code: 'BASE58' }));
    }
    expect(() => base58Decode(42 as never)).toThrow(error({ message: 'Non-base58 character' }));
  });

  it('refuses a text longer than its bound before decoding it (decoding takes time in the square of the length)', () => {
    expect(base58Decode('z'.repeat(MAX_BASE58_LENGTH))).toHaveLength(94);
    expect(() => base58Decode('z'.repeat(MAX_BASE58_LENGTH + 1))).toThrow(error({ name: 'Base58Error', message: 'Base58 input too long' }));
    expect(() => base58Decode('zzz', 2)).toThrow(error({ message: 'Base58 input too long' }));
  });

  it("a bound that is not a non-negative integer: 'positive integer expected' (a hash-helper assertion, docs/errors.md#encoding-errors)", () => {
    for (const bound of [-1, 1.5, Number.NaN]) {
      expect(() => base58Decode('2g', bound)).toThrow(Base58Error);
      expect(() => base58Decode('2g', bound)).toThrow(error({ message: 'positive integer expected', details: `positive integer expected, got ${bound}` }));
    }
  });

  it("encodes bytes only: 'Uint8Array expected' for an array or a string (a wallet's public key may be anything)", () => {
    for (const value of [[1, 2, 3], 'abc', undefined, { length: 32 }]) {
      expect(() => base58Encode(value as never)).toThrow(error({ name: 'Base58Error', message: 'Uint8Array expected', code: 'BASE58' }));
    }
  });

  it("another 58-letter alphabet (XRP's); 'Alphabet too long' past 58 letters, 'Invalid alphabet' for fewer or a repeated one", () => {
    const xrp = createBase58('rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz');
    expect(xrp.encode(bytes('00'))).toBe('r');
    expect(hex(xrp.decode(xrp.encode(bytes('00ff10'))))).toBe('00ff10');
    expect(() => xrp.decode('0')).toThrow(error({ message: 'Non-base58 character' }));
    const bitcoin = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    expect(createBase58(bitcoin).encode(bytes('626262'))).toBe('a3gV');
    expect(() => createBase58(`${bitcoin}0`)).toThrow(Base58Error);
    expect(() => createBase58(`${bitcoin}0`)).toThrow(error({ message: 'Alphabet too long', code: 'BASE58' }));
    expect(() => createBase58(bitcoin.slice(1))).toThrow(error({ message: 'Invalid alphabet' }));
    expect(() => createBase58(`${bitcoin.slice(1)}1`.replace('2', '1'))).toThrow(error({ message: 'Invalid alphabet' }));
  });
});

describe('base58check', () => {
  it('gives the payload of a base58check text; a bad checksum or character is a Base58Error', () => {
    // payload + the first 4 bytes of SHA-256 twice (node:crypto), written in base58
    const payload = bytes('6f' + '11'.repeat(20));
    const check = createHash('sha256').update(createHash('sha256').update(payload).digest()).digest().subarray(0, 4);
    const text = base58Encode(Uint8Array.from([...payload, ...check]));
    expect(hex(base58checkDecode(text))).toBe(hex(payload));
    expect(base58checkDecode('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toHaveLength(21); // a mainnet P2PKH address
    expect(() => base58checkDecode('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toThrow(error({ name: 'Base58Error', message: 'Invalid checksum' }));
    expect(() => base58checkDecode('1')).toThrow(error({ message: 'Invalid checksum' }));
    expect(() => base58checkDecode('0BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toThrow(error({ message: 'Non-base58 character' }));
  });
});

describe('SHA-256', () => {
  it('matches node:crypto on the padding edges, in one call and fed in parts', () => {
    for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 0xff);
      const expected = createHash('sha256').update(data).digest('hex');
      expect(hex(sha256(data))).toBe(expected);
      expect(hex(createSha256().update(data.subarray(0, n >> 1)).update(data.subarray(n >> 1)).digest())).toBe(expected);
    }
  });

  it("hashes bytes only: HashError 'Uint8Array expected' for a string or an array (docs/errors.md#encoding-errors)", () => {
    for (const value of ['abc', [1, 2, 3], null]) {
      expect(() => sha256(value as never)).toThrow(HashError);
      expect(() => sha256(value as never)).toThrow(LatchkeyError);
      // the library's own error is the cause
      expect(() => sha256(value as never)).toThrow(error({ message: 'Uint8Array expected', code: 'HASH', cause: expect.any(Error) }));
    }
    expect(() => createSha256().update('abc' as never)).toThrow(error({ name: 'HashError', message: 'Uint8Array expected' }));
  });

  it("a destroyed hasher refuses to go on: HashError 'Hash instance has been destroyed' (docs/errors.md#encoding-errors); a digest is given once", () => {
    const hasher = createSha256().update(bytes('61'));
    hasher.destroy();
    for (const again of [() => hasher.update(bytes('62')), () => hasher.digest()]) {
      expect(again).toThrow(HashError);
      expect(again).toThrow(error({ message: 'Hash instance has been destroyed', code: 'HASH' }));
    }
    const spent = createSha256().update(bytes('61'));
    expect(hex(spent.digest())).toBe(createHash('sha256').update('a').digest('hex'));
    expect(() => spent.update(bytes('62'))).toThrow(error({ name: 'HashError', message: 'Hash#digest() has already been called' }));
  });
});
