import { monogramDataUri, monogramLetters, monogramTextColor, parseHexColor } from './monogram';

const svgOf = (uri: string) => decodeURIComponent(uri.replace(/^data:image\/svg\+xml,/, ''));

describe('monogram', () => {
  it('takes the initials of two words, or the first two letters of one', () => {
    expect(monogramLetters('Trust Wallet')).toBe('TW');
    expect(monogramLetters('MetaMask')).toBe('ME');
    expect(monogramLetters('1inch Wallet')).toBe('1W');
    expect(monogramLetters('  ')).toBe('?');
    expect(monogramLetters('Ö')).toBe('Ö');
  });

  it('parses #rgb and #rrggbb only', () => {
    expect(parseHexColor('#fff')).toEqual([255, 255, 255]);
    expect(parseHexColor('#F6851B')).toEqual([246, 133, 27]);
    expect(parseHexColor('red')).toBeUndefined();
    expect(parseHexColor('#12345')).toBeUndefined();
  });

  it('picks the text colour with the better contrast', () => {
    expect(monogramTextColor('#000000')).toBe('#ffffff');
    expect(monogramTextColor('#0500FF')).toBe('#ffffff');
    expect(monogramTextColor('#ffffff')).toBe('#111111');
    expect(monogramTextColor('#12FF80')).toBe('#111111');
  });

  it('builds a small, valid SVG data URI with the colour and escaped letters', () => {
    const uri = monogramDataUri('Trust Wallet', '#0500FF');
    expect(uri.startsWith('data:image/svg+xml,')).toBe(true);
    expect(uri.length).toBeLessThan(800);
    const svg = svgOf(uri);
    expect(svg).toContain('fill="#0500FF"');
    expect(svg).toContain('>TW</text>');
    expect(svgOf(monogramDataUri('<b> &', '#000'))).toContain('>B</text>');
    expect(svgOf(monogramDataUri('x', 'not-a-colour'))).toContain('fill="#6b7280"');
  });
});
