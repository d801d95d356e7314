import { filterTransactions, isSpamNftOnlyTransaction, type Transaction, type TransactionTransfer } from './transactions';

function tx(id: string, chain: string, transfers: TransactionTransfer[]): Transaction {
  return {
    id,
    metadata: { minedAt: '2024-01-01T00:00:00Z', chain, operationType: 'receive', status: 'confirmed', sentFrom: '0xa', sentTo: '0xb' },
    transfers,
  };
}
const spamNft: TransactionTransfer = { nft_info: { name: 'Free mint', flags: { is_spam: true } }, quantity: { numeric: '1' } };
const goodNft: TransactionTransfer = { nft_info: { name: 'Art', flags: { is_spam: false } }, quantity: { numeric: '1' } };
const fungible: TransactionTransfer = { fungible_info: { symbol: 'ETH' }, quantity: { numeric: '0.1' } };

describe('isSpamNftOnlyTransaction', () => {
  it('is true only when every transfer is a spam NFT', () => {
    expect(isSpamNftOnlyTransaction(tx('1', 'eip155:1', [spamNft]))).toBe(true);
    expect(isSpamNftOnlyTransaction(tx('2', 'eip155:1', [spamNft, spamNft]))).toBe(true);
    expect(isSpamNftOnlyTransaction(tx('3', 'eip155:1', [spamNft, fungible]))).toBe(false);
    expect(isSpamNftOnlyTransaction(tx('4', 'eip155:1', [spamNft, goodNft]))).toBe(false);
    expect(isSpamNftOnlyTransaction(tx('5', 'eip155:1', []))).toBe(false);
  });
});

describe('filterTransactions', () => {
  it('keeps only the connected chain and hides spam NFT-only transactions, in order', () => {
    const list = [
      tx('a', 'eip155:1', [fungible]),
      tx('b', 'eip155:1', [spamNft]),
      tx('c', 'eip155:137', [fungible]),
      tx('d', 'eip155:1', [goodNft]),
      tx('e', 'eip155:1', [spamNft, fungible]),
      tx('f', 'eip155:1', []),
    ];
    expect(filterTransactions(list, 'eip155:1').map((t) => t.id)).toEqual(['a', 'd', 'e', 'f']);
    expect(filterTransactions(list, 'eip155:137').map((t) => t.id)).toEqual(['c']);
    expect(filterTransactions(list, 'eip155:10')).toEqual([]);
  });
});
