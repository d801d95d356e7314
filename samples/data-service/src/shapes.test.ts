import type { ChainConfig } from './config';
import {
  imageFromDataUri,
  nativeBalance,
  nftShape,
  operationType,
  priceOf,
  sortBalances,
  tokenBalance,
  transactionShape,
  type ShapeContext,
  type TransferRow,
  type TxRow,
} from './shapes';

const ME = '0x1111111111111111111111111111111111111111';
const YOU = '0x2222222222222222222222222222222222222222';
const TOKEN = '0x3333333333333333333333333333333333333333';
const NFT = '0x4444444444444444444444444444444444444444';
const ZERO = '0x0000000000000000000000000000000000000000';
const chain: ChainConfig = { chainId: 31337, rpcUrl: 'http://x', name: 'Anvil', nativeName: 'Ether', nativeSymbol: 'ETH', nativeDecimals: 18, confirmations: 0, startBlock: 0 };
const ctx: ShapeContext = {
  publicUrl: 'http://data',
  prices: new Map([
    ['*:native', 2000],
    [`eip155:31337:${TOKEN}`, 0.5],
  ]),
  spamContracts: new Set([`eip155:31337:${NFT}`]),
};

const tx = (over: Partial<TxRow> = {}): TxRow => ({
  chainId: 31337,
  blockNumber: 7,
  txIndex: 0,
  timestamp: 1_700_000_000,
  hash: '0x' + 'aa'.repeat(32),
  from: ME,
  to: YOU,
  contractAddress: null,
  nonce: 4,
  status: 1,
  selector: null,
  value: '0',
  ...over,
});
const transfer = (over: Partial<TransferRow>): TransferRow => ({
  kind: 1,
  logIndex: 0,
  token: TOKEN,
  from: ME,
  to: YOU,
  amount: '1500000000000000000',
  tokenId: null,
  tokenName: 'Dev Token',
  tokenSymbol: 'DEV',
  tokenDecimals: 18,
  tokenUri: null,
  ...over,
});

describe('operation types (as the viewer sees the transaction)', () => {
  it.each([
    ['send', tx(), [transfer({})], ME],
    ['receive', tx(), [transfer({})], YOU],
    ['mint', tx({ from: YOU, to: NFT }), [transfer({ kind: 2, token: NFT, from: ZERO, to: ME, amount: '1', tokenId: '1' })], ME],
    ['burn', tx({ to: NFT }), [transfer({ kind: 2, token: NFT, from: ME, to: ZERO, amount: '1', tokenId: '1' })], ME],
    ['trade', tx(), [transfer({}), transfer({ logIndex: 1, from: YOU, to: ME })], ME],
    ['send', tx({ to: ME }), [transfer({ from: ME, to: ME })], ME],
    ['deploy', tx({ to: null, contractAddress: TOKEN }), [], ME],
    ['approve', tx({ to: TOKEN, selector: '0x095ea7b3' }), [], ME],
    ['approve', tx({ to: NFT, selector: '0xa22cb465' }), [], ME],
    ['send', tx({ status: 0, value: '5' }), [], ME],
    ['execute', tx({ to: TOKEN, selector: '0x12345678' }), [], ME],
  ] as const)('%s', (expected, t, transfers, viewer) => {
    expect(operationType(t, transfers, viewer)).toBe(expected);
  });
});

describe('transactions in the spec shape', () => {
  it('lists only the viewer\'s transfers, with fungible info, value and direction', () => {
    const t = transactionShape(ctx, chain, tx({ value: '1000000000000000000' }), [
      transfer({ kind: 0, logIndex: -1, token: null, amount: '1000000000000000000', tokenName: null, tokenSymbol: null, tokenDecimals: null }),
      transfer({ logIndex: 3 }),
      transfer({ logIndex: 4, from: YOU, to: TOKEN }), // not the viewer's
    ], ME);
    expect(t).toEqual({
      id: `eip155:31337:${'0x' + 'aa'.repeat(32)}`,
      metadata: {
        operationType: 'send',
        hash: '0x' + 'aa'.repeat(32),
        minedAt: '2023-11-14T22:13:20.000Z',
        sentFrom: '0x1111111111111111111111111111111111111111',
        sentTo: '0x2222222222222222222222222222222222222222',
        status: 'confirmed',
        nonce: 4,
        chain: 'eip155:31337',
      },
      transfers: [
        { fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'http://data/v1/token-icon/eip155:31337/native.svg' } }, direction: 'out', quantity: { numeric: '1' }, price: 2000, value: 2000 },
        { fungible_info: { name: 'Dev Token', symbol: 'DEV', icon: { url: `http://data/v1/token-icon/eip155:31337/${TOKEN}.svg` } }, direction: 'out', quantity: { numeric: '1.5' }, price: 0.5, value: 0.75 },
      ],
    });
  });

  it('gives NFTs a name, a preview and the spam flag of the configured list', () => {
    const t = transactionShape(ctx, chain, tx({ from: YOU, to: NFT }), [transfer({ kind: 2, token: NFT, from: ZERO, to: ME, amount: '1', tokenId: '9', tokenName: 'Keys' })], ME);
    expect(t.metadata.operationType).toBe('mint');
    expect(t.transfers).toEqual([
      {
        nft_info: {
          name: 'Keys #9',
          content: {
            preview: { url: `http://data/v1/nft/eip155:31337/${NFT}/9/image.svg`, content_type: 'image/svg+xml' },
            detail: { url: `http://data/v1/nft/eip155:31337/${NFT}/9/image.svg`, content_type: 'image/svg+xml' },
          },
          flags: { is_spam: true },
        },
        direction: 'in',
        quantity: { numeric: '1' },
      },
    ]);
  });

  it('marks reverted transactions failed; a token without decimals shows raw units and no price', () => {
    const failed = transactionShape(ctx, chain, tx({ status: 0 }), [], ME);
    expect(failed.metadata.status).toBe('failed');
    const odd = transactionShape(ctx, chain, tx(), [transfer({ token: YOU, tokenDecimals: null, tokenName: null, tokenSymbol: null, amount: '7' })], ME);
    expect(odd.transfers[0]).toEqual({ fungible_info: { name: 'Unknown token', symbol: '', icon: { url: `http://data/v1/token-icon/eip155:31337/${YOU}.svg` } }, direction: 'out', quantity: { numeric: '7' } });
  });

  it('shows a created contract as the recipient', () => {
    expect(transactionShape(ctx, chain, tx({ to: null, contractAddress: TOKEN }), [], ME).metadata.sentTo).toBe('0x3333333333333333333333333333333333333333');
  });
});

describe('balances', () => {
  it('native: placeholder address, price, value, decimals as a string', () => {
    expect(nativeBalance(ctx, { chain, wei: 2_500_000_000_000_000_000n })).toEqual({
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:31337',
      address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      value: 5000,
      price: 2000,
      iconUrl: 'http://data/v1/token-icon/eip155:31337/native.svg',
      quantity: { decimals: '18', numeric: '2.5' },
    });
  });
  it('ERC-20: CAIP-10 checksummed address; unknown decimals give "0" (clients filter those)', () => {
    expect(tokenBalance(ctx, { chainId: 31337, token: TOKEN, amount: '1230000', name: 'USD', symbol: 'USDX', decimals: 6 })).toMatchObject({
      address: 'eip155:31337:0x3333333333333333333333333333333333333333',
      quantity: { decimals: '6', numeric: '1.23' },
      price: 0.5,
      value: 0.615,
    });
    expect(tokenBalance(ctx, { chainId: 31337, token: YOU, amount: '5', name: null, symbol: null, decimals: null })).toMatchObject({
      name: 'Unknown token',
      symbol: '',
      quantity: { decimals: '0', numeric: '5' },
      price: 0,
      value: 0,
    });
  });
  it('sorts native first, then by value', () => {
    const list = sortBalances([
      tokenBalance(ctx, { chainId: 31337, token: YOU, amount: '5', name: 'b', symbol: 'B', decimals: 0 }),
      tokenBalance(ctx, { chainId: 31337, token: TOKEN, amount: '10', name: 'a', symbol: 'A', decimals: 0 }),
      nativeBalance(ctx, { chain, wei: 0n }),
    ]);
    expect(list.map((b) => b.symbol)).toEqual(['ETH', 'A', 'B']);
  });
  it('prices: an exact asset wins over the native wildcard; no price is 0', () => {
    const c = { ...ctx, prices: new Map([['*:native', 1], ['eip155:1:native', 3000]]) };
    expect(priceOf(c, 1, null)).toBe(3000);
    expect(priceOf(c, 5, null)).toBe(1);
    expect(priceOf(c, 1, TOKEN)).toBe(0);
  });
});

describe('NFT images', () => {
  it('use a data: metadata image when it is safe, else the generated one', () => {
    const json = (o: unknown) => `data:application/json;base64,${Buffer.from(JSON.stringify(o)).toString('base64')}`;
    expect(imageFromDataUri(json({ image: 'https://img.example/1.png' }))).toBe('https://img.example/1.png');
    expect(imageFromDataUri(`data:application/json,${encodeURIComponent(JSON.stringify({ image: 'data:image/png;base64,AAAA' }))}`)).toBe('data:image/png;base64,AAAA');
    expect(imageFromDataUri(json({ image: 'javascript:alert(1)' }))).toBeUndefined();
    expect(imageFromDataUri(json({ image: 'data:image/svg+xml;base64,AAAA' }))).toBeUndefined(); // SVG may carry script
    expect(imageFromDataUri('data:application/json;base64,!!!')).toBeUndefined();
    expect(imageFromDataUri('https://example.org/meta.json')).toBeUndefined();
    const n = nftShape(ctx, { chainId: 1, contract: TOKEN, tokenId: '5', tokenUri: json({ image: 'https://img.example/5.png' }), name: null, symbol: null });
    expect(n.content.preview).toEqual({ url: 'https://img.example/5.png', content_type: 'application/octet-stream' });
    expect(n.name).toBe('NFT #5');
    expect(n.flags.is_spam).toBe(false);
  });
});
