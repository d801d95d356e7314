/** latchkey/eip155's decodeAbiText: what a token's symbol() and name() answer, against viem's encoder. */
import { encodeAbiParameters } from 'viem';
import { MAX_ABI_TEXT_BYTES, decodeAbiText } from 'latchkey/eip155';

describe("a token's ABI text (symbol(), name())", () => {
  const abiString = (text: string) => encodeAbiParameters([{ type: 'string' }], [text]);
  const word = (n: number) => n.toString(16).padStart(64, '0');

  it('an ABI string of any length, or a bytes32 read up to its first zero byte', () => {
    for (const text of ['LKD', '', 'Latchkey Dev Token', 'ünï ✓', 'x'.repeat(100)]) expect(decodeAbiText(abiString(text))).toBe(text);
    expect(decodeAbiText(`0x${Buffer.from('MKR').toString('hex').padEnd(64, '0')}`)).toBe('MKR');
    expect(decodeAbiText(`0x${Buffer.from('AB\0CD').toString('hex').padEnd(64, '0')}`)).toBe('AB');
    expect(decodeAbiText(abiString('A\u202eB'))).toBe('A\u202eB'); // raw: the caller cleans it
  });

  it('undefined for what is neither: not hex, odd, too long, a length or offset past the data', () => {
    for (const bad of [undefined, 42, '', '0x', 'nope', '0x123', `0x${'zz'.repeat(32)}`, `0x${word(32)}${word(1000)}${word(0)}`, `0x${word(4096)}${word(1)}${word(0)}`, `0x${word(32)}`.slice(0, 60)]) {
      expect([bad, decodeAbiText(bad)]).toEqual([bad, undefined]);
    }
    expect(decodeAbiText(abiString('x'.repeat(MAX_ABI_TEXT_BYTES - 64)))).toHaveLength(MAX_ABI_TEXT_BYTES - 64);
    expect(decodeAbiText(abiString('x'.repeat(MAX_ABI_TEXT_BYTES)))).toBeUndefined(); // 64 bytes of offset and length more than the bound
  });
});
