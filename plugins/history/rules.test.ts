import { defineNetwork, type Transaction } from 'latchkey';
import { asTransactionHash, explorerTransactionUrl, hasActivity, isSpamOnly, transactionHash, transactionTitle, visibleTransactions } from './rules';

const HASH = '0x' + 'ab'.repeat(32);

function tx(id: string, chain: string, transfers: Transaction['transfers'], extra: Partial<Transaction['metadata']> = {}): Transaction {
  return {
    id,
    metadata: { minedAt: '2026-11-22T21:18:46.000Z', chain, operationType: 'receive', status: 'confirmed', sentFrom: '0x1', sentTo: '0x2', ...extra },
    transfers,
  };
}
const spamNft = { nft_info: { name: 'Free mint', flags: { is_spam: true } }, quantity: { numeric: '1' } };
const goodNft = { nft_info: { name: 'Key #1', flags: { is_spam: false } }, quantity: { numeric: '1' } };
const token = { fungible_info: { symbol: 'LKD' }, quantity: { numeric: '25' }, direction: 'in' };

describe('activity rules', () => {
  it('activity for eip155 only (docs/account-features.md#which-namespaces-have-what)', () => {
    expect(['eip155', 'solana', 'bip122', 'polkadot', undefined].map((n) => hasActivity(n as never))).toEqual([true, false, false, false, false]);
  });

  it('hides spam NFT-only transactions, keeps mixed ones and those without transfers (docs/account-features.md#activity)', () => {
    expect(isSpamOnly(tx('a', 'eip155:1', [spamNft]))).toBe(true);
    expect(isSpamOnly(tx('b', 'eip155:1', [spamNft, spamNft]))).toBe(true);
    expect(isSpamOnly(tx('c', 'eip155:1', [spamNft, token]))).toBe(false);
    expect(isSpamOnly(tx('d', 'eip155:1', [goodNft]))).toBe(false);
    expect(isSpamOnly(tx('e', 'eip155:1', []))).toBe(false);
  });

  it('only the connected chain, spam-only left out, order kept', () => {
    const list = [tx('1', 'eip155:1', [token]), tx('2', 'eip155:10', [token]), tx('3', 'eip155:1', [spamNft]), tx('4', 'eip155:1', [goodNft]), tx('5', 'solana:x', [token])];
    expect(visibleTransactions(list, 'eip155:1').map((t) => t.id)).toEqual(['1', '4']);
  });

  it('a 64-hex string is a transaction hash (docs/account-features.md#activity), with or without 0x; nothing else is', () => {
    expect(asTransactionHash(HASH)).toBe(HASH);
    expect(asTransactionHash('AB'.repeat(32))).toBe(HASH);
    for (const no of ['0x' + 'ab'.repeat(31), 'ab'.repeat(33), '0x' + 'zz'.repeat(32), '', undefined]) expect(asTransactionHash(no)).toBeUndefined();
    expect(transactionHash(tx(`eip155:1:${HASH}`, 'eip155:1', []))).toBe(HASH);
    expect(transactionHash(tx('purchase-1', 'eip155:1', [], { hash: HASH }))).toBe(HASH);
    expect(transactionHash(tx('purchase-2', 'eip155:1', [], { hash: '' }))).toBeUndefined();
  });

  it("links a hash to the network's explorer (http(s) only)", () => {
    const net = (url?: string) =>
      defineNetwork({ id: 1, name: 'E', chainNamespace: 'eip155', nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 }, rpcUrls: { default: { http: ['http://x'] } }, ...(url ? { blockExplorers: { default: { name: 'X', url } } } : {}) });
    expect(explorerTransactionUrl(net('https://etherscan.io/'), HASH)).toBe(`https://etherscan.io/tx/${HASH}`);
    expect(explorerTransactionUrl(net('javascript:alert(1)'), HASH)).toBeUndefined();
    expect(explorerTransactionUrl(net(), HASH)).toBeUndefined();
  });

  it('titles from the operation type', () => {
    expect(['send', 'receive', 'mint', 'trade', 'buy', 'wrap', ''].map((op) => transactionTitle(tx('x', 'eip155:1', [], { operationType: op })))).toEqual([
      'Sent',
      'Received',
      'Minted',
      'Swapped',
      'Bought',
      'Wrap',
      'Transaction',
    ]);
  });
});
