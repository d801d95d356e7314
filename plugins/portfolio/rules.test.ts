import type { NftHolding, TokenBalance } from 'latchkey';
import { formatBalance, formatTokenValue } from 'latchkey/ui';
import { BALANCE_RETRY_WAIT_MS, hasBalances, imageUrl, retryBlocked, splitSpam, withoutLowQuality } from './rules';

const token = (symbol: string, decimals: string, numeric = '1'): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  price: 0,
  iconUrl: '',
  quantity: { decimals, numeric },
});

const nft = (tokenId: string, isSpam: boolean): NftHolding => ({
  chainId: 'eip155:1',
  contract: { address: 'eip155:1:0x00000000000000000000000000000000000000aa' },
  tokenId,
  name: `#${tokenId}`,
  isSpam,
});

describe('portfolio rules', () => {
  it('balances only for eip155 and solana (docs/account-features.md#which-namespaces-have-what)', () => {
    expect(['eip155', 'solana', 'bip122', 'polkadot', undefined].map((n) => hasBalances(n as never))).toEqual([true, true, false, false, false]);
  });

  it('drops zero-decimal tokens as low quality (docs/account-features.md#portfolio), keeps the rest in order', () => {
    const list = [token('ETH', '18'), token('SPAM', '0'), token('USDC', '6'), token('ODD', '00')];
    expect(withoutLowQuality(list).map((t) => t.symbol)).toEqual(['ETH', 'USDC']);
  });

  it('shows balances to 3 decimals (cut, never rounded up) and values to 2 (docs/account-features.md#portfolio)', () => {
    expect(formatBalance('1025.123999', 3)).toBe('1025.123');
    expect(formatBalance('0.0009', 3)).toBe('0');
    expect(formatBalance('10000', 3)).toBe('10000');
    expect(formatTokenValue(1281.25, 2)).toBe('1,281.25');
    expect(formatTokenValue(0.005, 2)).toBe('0.01');
    expect(formatTokenValue(30000000, 2)).toBe('30,000,000.00');
  });

  it('blocks a new fetch for 30 s after a failure (docs/account-features.md#portfolio), not after', () => {
    expect(BALANCE_RETRY_WAIT_MS).toBe(30_000);
    expect(retryBlocked(undefined, 1_000)).toBe(false);
    expect(retryBlocked(1_000, 1_000)).toBe(true);
    expect(retryBlocked(1_000, 30_999)).toBe(true);
    expect(retryBlocked(1_000, 31_000)).toBe(false);
    // A clock that went back does not block for ever.
    expect(retryBlocked(50_000, 1_000)).toBe(false);
  });

  it('splits spam-flagged NFTs from the ones shown', () => {
    const { shown, spam } = splitSpam([nft('1', false), nft('2', true), nft('3', false)]);
    expect(shown.map((n) => n.tokenId)).toEqual(['1', '3']);
    expect(spam.map((n) => n.tokenId)).toEqual(['2']);
  });

  it('puts only http(s) and data: image URLs in src', () => {
    expect(imageUrl('https://x.test/a.png')).toBe('https://x.test/a.png');
    expect(imageUrl('http://127.0.0.1:8791/v1/token-icon/eip155:1/native.svg')).toBe('http://127.0.0.1:8791/v1/token-icon/eip155:1/native.svg');
    expect(imageUrl('data:image/svg+xml,%3Csvg/%3E')).toBe('data:image/svg+xml,%3Csvg/%3E');
    for (const bad of ['javascript:alert(1)', 'data:text/html,<b>', '/relative.png', '', undefined, 'ftp://x.test/a.png']) expect(imageUrl(bad)).toBeUndefined();
  });
});
