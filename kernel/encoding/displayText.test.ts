import { displayText } from './displayText';

describe('displayText', () => {
  it('turns line breaks into spaces, removes other controls, zero-width and bidi characters, collapses whitespace', () => {
    expect(displayText('Evil\u202eWallet', 32)).toBe('EvilWallet');
    expect(displayText(' Line\none\ttab\u0085next ', 32)).toBe('Line one tab next');
    expect(displayText('A\u0007B\u0000C\u009b', 32)).toBe('ABC');
    expect(displayText('U\u200bS\u200dD\u2066C\u2069\ufeff\ufffd', 32)).toBe('USDC');
  });

  it('drops markup brackets only when asked', () => {
    expect(displayText('<b>Bold</b>', 32)).toBe('<b>Bold</b>');
    expect(displayText('<img src=x>  Name', 32, true)).toBe('img src=x Name');
  });

  it('cuts to max code points without splitting a surrogate pair, and trims what the cut leaves', () => {
    expect(displayText('🦊🦊🦊', 2)).toBe('🦊🦊');
    expect(displayText('ab cd', 3)).toBe('ab');
  });

  it('is undefined for a non-string or for text with nothing printable', () => {
    expect(displayText(42, 10)).toBeUndefined();
    expect(displayText(undefined, 10)).toBeUndefined();
    expect(displayText('\u200b\u202e \n', 10)).toBeUndefined();
  });
});
