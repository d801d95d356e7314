import { encodeAbiParameters, stringToHex } from 'viem';
import { cleanText, decodeDecimalsResult, decodeStringResult } from './metadata';

describe('token metadata decoding (untrusted contracts)', () => {
  it('reads ABI strings and bytes32 names', () => {
    expect(decodeStringResult(encodeAbiParameters([{ type: 'string' }], ['Latchkey Dev Token']), 64)).toBe('Latchkey Dev Token');
    expect(decodeStringResult(stringToHex('MKR', { size: 32 }), 16)).toBe('MKR');
  });
  it('strips control and bidi characters and bounds the length', () => {
    expect(decodeStringResult(encodeAbiParameters([{ type: 'string' }], ['E\u202eVIL\u0000 token']), 64)).toBe('EVIL token');
    expect(decodeStringResult(encodeAbiParameters([{ type: 'string' }], ['x'.repeat(100)]), 16)).toBe('x'.repeat(16));
    expect(cleanText('\u200b\u0007', 10)).toBeNull();
  });
  it('gives null for reverts, junk and oversized answers', () => {
    for (const v of [undefined, null, '0x', '0x1234', 'nope', '0x' + '00'.repeat(32 * 200)]) expect(decodeStringResult(v, 64)).toBeNull();
  });
  it('reads decimals up to 36', () => {
    expect(decodeDecimalsResult('0x' + (18).toString(16).padStart(64, '0'))).toBe(18);
    expect(decodeDecimalsResult('0x' + (77).toString(16).padStart(64, '0'))).toBeNull();
    expect(decodeDecimalsResult('0x12')).toBeNull();
  });
});
