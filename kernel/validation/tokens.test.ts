import { filterLowQualityTokens } from './tokens';

describe('filterLowQualityTokens', () => {
  it('drops tokens with zero decimals and keeps the rest in order', () => {
    const tokens = [
      { symbol: 'USDC', quantity: { decimals: '6', numeric: '1' } },
      { symbol: 'SPAM', quantity: { decimals: '0', numeric: '1000' } },
      { symbol: 'ETH', quantity: { decimals: '18', numeric: '2' } },
      { symbol: 'JUNK', quantity: { decimals: 0, numeric: '5' } },
    ];
    expect(filterLowQualityTokens(tokens).map((t) => t.symbol)).toEqual(['USDC', 'ETH']);
  });

  it('keeps tokens without decimals information and does not mutate the input', () => {
    const tokens = [{ symbol: 'A' }, { symbol: 'B', quantity: {} }, { symbol: 'C', quantity: { decimals: '00' } }];
    const copy = [...tokens];
    expect(filterLowQualityTokens(tokens).map((t) => t.symbol)).toEqual(['A', 'B']);
    expect(tokens).toEqual(copy);
  });
});
