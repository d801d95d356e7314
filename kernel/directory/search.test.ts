import { matchScore, normalizeText, searchWallets, tokenize } from './search';

const w = (id: string, name: string, rdns?: string) => (rdns ? { id, name, rdns } : { id, name });
const LIST = [
  w('io.metamask', 'MetaMask', 'io.metamask'),
  w('com.trustwallet.app', 'Trust Wallet', 'com.trustwallet.app'),
  w('com.coinbase.wallet', 'Coinbase Wallet', 'com.coinbase.wallet'),
  w('me.rainbow', 'Rainbow', 'me.rainbow'),
  w('io.rabby', 'Rabby Wallet', 'io.rabby'),
  w('safe', 'Safe'),
  w('safepal', 'SafePal'),
  w('1inch-wallet', '1inch Wallet'),
  w('zerion', 'Zérion'),
];
const names = (list: readonly { name: string }[]) => list.map((x) => x.name);

describe('tokenize / normalizeText', () => {
  it('splits on separators and camelCase humps, lower-cased', () => {
    expect(tokenize('MetaMask')).toEqual(['metamask', 'meta', 'mask']);
    expect(tokenize('io.metamask')).toEqual(['io', 'metamask']);
    expect(tokenize('Trust Wallet')).toEqual(['trust', 'wallet']);
    expect(tokenize('1inch-wallet')).toEqual(['1inch', '1', 'inch', 'wallet']);
  });

  it('removes accents', () => {
    expect(normalizeText('Zérion')).toBe('zerion');
    expect(tokenize('Zérion')).toEqual(['zerion']);
  });
});

describe('searchWallets', () => {
  it('returns the whole list, in order, for an empty or blank query', () => {
    expect(names(searchWallets(LIST, ''))).toEqual(names(LIST));
    expect(names(searchWallets(LIST, '   '))).toEqual(names(LIST));
    expect(searchWallets(LIST, '')).not.toBe(LIST);
  });

  it('is case-insensitive', () => {
    expect(names(searchWallets(LIST, 'METAMASK'))).toEqual(['MetaMask']);
    expect(names(searchWallets(LIST, 'rAiNbOw'))).toEqual(['Rainbow']);
  });

  it('matches token prefixes of the name (camelCase humps too), not arbitrary substrings', () => {
    expect(names(searchWallets(LIST, 'mask'))).toEqual(['MetaMask']);
    expect(names(searchWallets(LIST, 'wall'))).toEqual(['Trust Wallet', 'Coinbase Wallet', 'Rabby Wallet', '1inch Wallet']);
    expect(searchWallets(LIST, 'allet')).toEqual([]);
    expect(searchWallets(LIST, 'etam')).toEqual([]);
  });

  it('matches the id and the rdns', () => {
    expect(names(searchWallets(LIST, 'trustwallet'))).toEqual(['Trust Wallet']);
    expect(names(searchWallets(LIST, 'io.rabby'))).toEqual(['Rabby Wallet']);
    // 'me' prefixes MetaMask's name (ranked first) and Rainbow's rdns 'me.rainbow'
    expect(names(searchWallets(LIST, 'me.'))).toEqual(['MetaMask', 'Rainbow']);
  });

  it('needs every query token to match (AND), in any order', () => {
    expect(names(searchWallets(LIST, 'wallet coin'))).toEqual(['Coinbase Wallet']);
    expect(searchWallets(LIST, 'wallet zzz')).toEqual([]);
  });

  it('puts the best matches first: exact name, then name prefix, then name tokens, then id/rdns only', () => {
    // 'safe' is exactly Safe and a prefix of SafePal
    expect(names(searchWallets(LIST, 'safe'))).toEqual(['Safe', 'SafePal']);
    const list = [w('x', 'Pal Wallet'), w('y', 'SafePal'), w('pal', 'Zeta'), w('z', 'Pal')];
    // exact 'Pal' › name prefix 'Pal Wallet' › hump token 'SafePal' › id-only 'Zeta'
    expect(names(searchWallets(list, 'pal'))).toEqual(['Pal', 'Pal Wallet', 'SafePal', 'Zeta']);
  });

  it('keeps the list order within equal scores', () => {
    const list = [w('a', 'Alpha Wallet'), w('b', 'Beta Wallet'), w('c', 'Gamma Wallet')];
    expect(names(searchWallets(list, 'wallet'))).toEqual(['Alpha Wallet', 'Beta Wallet', 'Gamma Wallet']);
    expect(names(searchWallets([...list].reverse(), 'wallet'))).toEqual(['Gamma Wallet', 'Beta Wallet', 'Alpha Wallet']);
  });

  it('matches the name with separators removed (typing without the space)', () => {
    expect(names(searchWallets(LIST, 'coinbasew'))).toEqual(['Coinbase Wallet']);
    expect(names(searchWallets(LIST, 'trust wal'))).toEqual(['Trust Wallet']);
  });

  it('ignores accents in the query and the names', () => {
    expect(names(searchWallets(LIST, 'zerion'))).toEqual(['Zérion']);
    expect(names(searchWallets(LIST, 'ZÉR'))).toEqual(['Zérion']);
  });

  it('scores 0 for a miss and > 0 for a hit', () => {
    expect(matchScore(LIST[0]!, 'phantom')).toBe(0);
    expect(matchScore(LIST[0]!, 'meta')).toBeGreaterThan(0);
  });

  it('searches thousands of wallets quickly enough to run on every keystroke', () => {
    const many = Array.from({ length: 5000 }, (_, i) => w(`id-${i}`, `Wallet ${i}`));
    expect(searchWallets(many, 'wallet 4999').map((x) => x.id)).toEqual(['id-4999']);
    expect(searchWallets(many, '12').length).toBe(111); // 12, 120-129, 1200-1299
  });
});
