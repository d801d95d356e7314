import { direction, format, matchLocale } from './locale';

describe('matchLocale', () => {
  it.each([
    [['es'], 'es'],
    [['pt-BR'], 'pt-BR'],
    [['pt-PT', 'en'], 'pt-BR'],
    [['pt_br'], 'pt-BR'],
    [['zh-Hans-SG'], 'zh-CN'],
    [['de-AT', 'fr'], 'de'],
    [['sv', 'fr-CA'], 'fr'],
    [['sv', 'nb'], 'en'],
    [[], 'en'],
    [[undefined, 'ja-JP'], 'ja'],
    [['<script>', 'ko'], 'ko'],
    [['AR-eg'], 'ar'],
  ])('%j → %s', (requested, expected) => {
    expect(matchLocale(requested)).toBe(expected);
  });

  it('only offers what is available', () => {
    expect(matchLocale(['fr'], ['en', 'de'])).toBe('en');
  });
});

describe('direction', () => {
  it.each([
    ['ar', 'rtl'],
    ['he-IL', 'rtl'],
    ['fa', 'rtl'],
    ['en', 'ltr'],
    ['tr', 'ltr'],
    ['zh-CN', 'ltr'],
  ])('%s is %s', (locale, dir) => {
    expect(direction(locale)).toBe(dir);
  });
});

describe('format', () => {
  it('fills placeholders and leaves unknown ones as written', () => {
    expect(format('Continue in {wallet}', { wallet: 'MetaMask' })).toBe('Continue in MetaMask');
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(format('no placeholders')).toBe('no placeholders');
  });

  it('does not read inherited properties', () => {
    expect(format('{constructor}', {})).toBe('{constructor}');
  });
});
