import { escapeXml, nftImageSvg, tokenIconSvg } from './assets';

describe('generated images', () => {
  it('escape text and keep symbols short', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#39;');
    const icon = tokenIconSvg('<script>', 'seed');
    expect(icon).not.toContain('<script>');
    expect(icon).toContain('>SCRI</text>');
    expect(tokenIconSvg('', 'seed')).toContain('>?</text>');
    expect(nftImageSvg('Keys #1 <b>', 's')).toContain('Keys #1 &#60;b&#62;');
  });
  it('are deterministic per seed', () => {
    expect(tokenIconSvg('LKD', 'a')).toBe(tokenIconSvg('LKD', 'a'));
    expect(nftImageSvg('x', 'a')).not.toBe(nftImageSvg('x', 'b'));
  });
});
