import { act, fireEvent, screen, within } from '@testing-library/react';
import { Storage, type NftHolding, type RpcTransport, type TokenBalance } from 'latchkey';
import { bitcoin } from 'latchkey/networks';
import { ACCOUNT, accountHarness, fakeApi, mainnet, settle } from '../../tests/support/accountHarness';
import { CHAIN_ICONS, monogram, tokenMark } from 'latchkey/ui/icons';
import { portfolioPlugin, Portfolio } from './index';

// jsdom lacks TextEncoder / TextDecoder (every browser has them); viem, which decodes the token names read from the chain, uses them.
Object.assign(globalThis, { TextEncoder: require('node:util').TextEncoder, TextDecoder: require('node:util').TextDecoder });

const token = (symbol: string, decimals: string, numeric: string, value?: number, price = 0): TokenBalance => ({
  name: `${symbol} token`,
  symbol,
  chainId: 'eip155:1',
  address: `eip155:1:0x${symbol.padEnd(40, '0').slice(0, 40).replace(/[^0-9a-f]/gi, 'a')}`,
  price,
  iconUrl: 'https://icons.test/x.svg',
  quantity: { decimals, numeric },
  ...(value !== undefined ? { value } : {}),
});

const BALANCES = [
  token('ETH', '18', '10000.123456', 30000370.37, 3000),
  token('LKD', '18', '1025.5', 1281.875, 1.25),
  token('JUNK', '0', '1000000'),
];

const nft = (tokenId: string, isSpam = false, chainId = 'eip155:1'): NftHolding => ({
  chainId,
  contract: { address: `${chainId}:0x00000000000000000000000000000000000000aa`, name: 'Keys' },
  tokenId,
  name: `Key #${tokenId}`,
  imageUrl: `https://nft.test/${tokenId}.svg`,
  isSpam,
});

describe('portfolio plugin: the Tokens and NFTs tabs', () => {
  it('Tokens: balances to 3 decimals, values to 2, zero-decimal tokens left out; the account state gets the list', async () => {
    const api = fakeApi({ balances: async () => BALANCES });
    const h = accountHarness({ plugins: [portfolioPlugin()], api });
    await h.connect();
    const dialog = await h.openAccount();
    expect((await within(dialog).findAllByRole('tab')).map((t) => t.textContent)).toEqual(['Tokens', 'NFTs']);
    const list = await within(dialog).findByRole('list', { name: 'Token balances' });
    const rows = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual(['ETH token10000.123 ETH$30,000,370.37', 'LKD token1025.5 LKD$1,281.88']);
    expect(api.balances).toHaveBeenCalledWith({ address: ACCOUNT, caipNetworkId: 'eip155:1', force: false });
    expect(h.kernel.account.get('eip155').tokenBalance?.map((t) => t.symbol)).toEqual(['ETH', 'LKD']);
  });

  it("Tokens without an icon: the native currency its network's mark, a brand's mark only on the brand's own contract, a token calling itself USDC elsewhere its monogram", async () => {
    const bare = (symbol: string, address: string | undefined): TokenBalance => ({ ...token(symbol, '6', '1'), address, iconUrl: '' });
    const api = fakeApi({
      balances: async () => [
        bare('ETH', 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'),
        bare('USDC', 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
        bare('USDC', 'eip155:1:0x3333333333333333333333333333333333333333'),
      ],
    });
    const h = accountHarness({ plugins: [portfolioPlugin()], api });
    await h.connect();
    const dialog = await h.openAccount();
    const list = await within(dialog).findByRole('list', { name: 'Token balances' });
    const [eth, usdc, fake] = within(list).getAllByRole('listitem').map((li) => li.querySelector('img')?.getAttribute('src'));
    expect([eth, usdc, fake]).toEqual([CHAIN_ICONS.ethereum, tokenMark({ symbol: 'USDC', address: 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' }), monogram('USDC')]);
    expect(usdc).not.toBe(monogram('USDC'));
  });

  it("a failed fetch shows 'Token Balance Unavailable' and blocks the next one for 30 s", async () => {
    let now = 1_000_000;
    let fail = true;
    const api = fakeApi({ balances: async () => (fail ? Promise.reject(new Error('HTTP status code: 503')) : BALANCES) });
    const h = accountHarness({ plugins: [portfolioPlugin()], api, now: () => now });
    await h.connect();
    await h.openAccount();
    await screen.findByText('Token Balance Unavailable');
    expect(screen.getByText(/Balances could not be loaded/)).toBeTruthy();
    expect(api.balances).toHaveBeenCalledTimes(1);
    const portfolio = h.kernel.get<Portfolio>(Portfolio);
    fail = false;
    now += 29_999;
    await act(() => portfolio.refreshBalances());
    expect(api.balances).toHaveBeenCalledTimes(1); // blocked
    expect(portfolio.state.balances.status).toBe('error');
    now += 1;
    await act(() => portfolio.refreshBalances());
    expect(api.balances).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('list', { name: 'Token balances' })).toBeTruthy();
  });

  it('no balances outside eip155 and solana (docs/account-features.md#which-namespaces-have-what): nothing is asked', async () => {
    const api = fakeApi({ balances: async () => BALANCES });
    const h = accountHarness({ plugins: [portfolioPlugin()], api, networks: [mainnet, bitcoin], render: false });
    await h.kernel.plugins.load('portfolio');
    h.kernel.account.setConnected('bip122', { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', caipAddress: `${bitcoin.caipNetworkId}:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq`, connectorId: 'x' });
    h.kernel.network.setActiveNamespace('bip122');
    h.kernel.network.setActiveNetwork(bitcoin);
    const portfolio = h.kernel.get<Portfolio>(Portfolio);
    await portfolio.refreshBalances();
    await portfolio.loadNfts();
    expect(portfolio.state.balances.status).toBe('unsupported');
    expect(portfolio.state.nfts.status).toBe('unsupported');
    expect(api.balances).not.toHaveBeenCalled();
    expect(api.nfts).not.toHaveBeenCalled();
  });

  it('without a blockchain API: native + the tokens option read from the chain through a batching transport, cached 30 s', async () => {
    const requests: { method: string; params?: unknown }[] = [];
    const batchFlags: unknown[] = [];
    const word = (n: bigint) => '0x' + n.toString(16).padStart(64, '0');
    const answers: Record<string, string> = {
      eth_getBalance: '0xde0b6b3a7640000', // 1 ETH
      '0x70a08231': word(123456789n), // 123.456789 at 6 decimals
      '0x313ce567': word(6n),
      '0x95d89b41': '0x' + Buffer.from('USDC').toString('hex').padEnd(64, '0'),
      '0x06fdde03': '0x' + Buffer.from('USD Coin').toString('hex').padEnd(64, '0'),
    };
    const rpc: RpcTransport = {
      forNetwork: (_n, options) => {
        batchFlags.push(options?.batch);
        return {
          kind: 'fake',
          dispose: () => undefined,
          request: async <T,>(r: { method: string; params?: unknown }) => {
            requests.push(r);
            return answers[r.method === 'eth_call' ? (r.params as [{ data: string }])[0].data.slice(0, 10) : r.method] as T;
          },
        };
      },
      dispose: () => undefined,
    };
    const api = fakeApi({ configured: false });
    const tokens = { 'eip155:1': { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' } };
    const h = accountHarness({ plugins: [portfolioPlugin()], api, rpc, options: { tokens } });
    await h.connect();
    const dialog = await h.openAccount();
    const list = await within(dialog).findByRole('list', { name: 'Token balances' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ether1 ETH', 'USD Coin123.456 USDC']);
    expect(batchFlags).toEqual([true]);
    expect(requests.map((r) => r.method)).toEqual(['eth_getBalance', 'eth_call', 'eth_call', 'eth_call', 'eth_call']);
    expect(api.balances).not.toHaveBeenCalled();
    // NFTs need the API
    fireEvent.click(within(dialog).getByRole('tab', { name: 'NFTs' }));
    expect(await within(dialog).findByText('NFTs are shown when a blockchain API is configured.')).toBeTruthy();
    // within 30 s the cache answers
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Tokens' }));
    await within(dialog).findByRole('list', { name: 'Token balances' });
    expect(requests).toHaveLength(5);
  });

  it('NFTs: image and name of each holding on the active network; spam hidden, shown marked on request; paging', async () => {
    const api = fakeApi({
      nfts: async ({ cursor }) =>
        cursor ? { data: [nft('4')], next: undefined } : { data: [nft('1'), nft('2', true), nft('3'), nft('9', false, 'eip155:10')], next: 'c1' },
    });
    const h = accountHarness({ plugins: [portfolioPlugin()], api: { ...api, balances: jest.fn(async () => []) } as never });
    await h.connect();
    const dialog = await h.openAccount();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'NFTs' }));
    const grid = await within(dialog).findByRole('list', { name: 'NFTs' });
    expect(within(grid).getAllByRole('img').map((i) => [i.getAttribute('alt'), i.getAttribute('src')])).toEqual([
      ['Key #1', 'https://nft.test/1.svg'],
      ['Key #3', 'https://nft.test/3.svg'],
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show 1 hidden as spam' }));
    const spam = within(grid).getAllByRole('listitem').find((li) => li.textContent?.includes('Key #2'))!;
    expect(within(spam).getByText('Spam')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await settle();
    expect(within(grid).getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['Key #1', 'Key #3', 'Key #4', 'Key #2']);
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("NFT images reach <img src> only through the UI's image gate (sanitizeUrl): a data: type no <img> here shows gets the tile", async () => {
    const odd = { ...nft('5'), imageUrl: 'data:image/x-unknown;base64,AAAA' };
    const svg = { ...nft('6'), imageUrl: 'data:image/svg+xml,%3Csvg%2F%3E' };
    const api = fakeApi({ nfts: async () => ({ data: [odd, svg, nft('7')], next: undefined }) });
    const h = accountHarness({ plugins: [portfolioPlugin()], api: { ...api, balances: jest.fn(async () => []) } as never });
    await h.connect();
    const dialog = await h.openAccount();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'NFTs' }));
    const grid = await within(dialog).findByRole('list', { name: 'NFTs' });
    const shown = within(grid)
      .getAllByRole('listitem')
      .map((li) => [li.textContent, li.querySelector('img')?.getAttribute('src') ?? null]);
    expect(shown).toEqual([
      ['Key #5', null],
      ['Key #6', 'data:image/svg+xml,%3Csvg%2F%3E'],
      ['Key #7', 'https://nft.test/7.svg'],
    ]);
  });

  it('a disconnect clears the portfolio caches (the API one and the chain one) and the service state', async () => {
    const api = fakeApi({ balances: async () => BALANCES });
    const h = accountHarness({ plugins: [portfolioPlugin()], api, render: false });
    await h.connect();
    await h.kernel.plugins.load('portfolio');
    const portfolio = h.kernel.get<Portfolio>(Portfolio);
    await portfolio.refreshBalances();
    expect(portfolio.state.balances.status).toBe('ready');
    const storage = h.kernel.get<Storage>(Storage);
    storage.cache('portfolio', 30_000).set('eip155:1:x', [1]);
    storage.scope('portfolio').cache('portfolio', 30_000).set('eip155:1:x', [1]);
    await act(() => h.kernel.connection.disconnect());
    expect(portfolio.state.balances).toMatchObject({ status: 'idle', balances: [] });
    expect([...h.storage.map.keys()].filter((k) => k.includes('cache/portfolio'))).toEqual([]);
  });
});

describe("portfolio plugin in the visitor's language", () => {
  it('shows the tabs, the balances list and the NFT spam controls in Spanish', async () => {
    const api = fakeApi({
      balances: async () => BALANCES,
      nfts: async () => ({ data: [nft('1'), nft('2', true)], next: undefined }),
    });
    const h = accountHarness({ plugins: [portfolioPlugin()], api, options: { locale: 'es' } });
    await h.connect();
    const dialog = await h.openAccount('Cuenta');
    expect(await within(dialog).findByRole('list', { name: 'Saldos de tokens' })).toBeTruthy();
    expect(within(dialog).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Tokens', 'NFT']);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'NFT' }));
    await within(dialog).findByRole('list', { name: 'NFT' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mostrar 1 ocultos como spam' }));
    expect(within(dialog).getByRole('button', { name: 'Ocultar spam' })).toBeTruthy();
  });

  it('shows the empty Tokens tab in Arabic', async () => {
    const api = fakeApi({ balances: async () => [] });
    const h = accountHarness({ plugins: [portfolioPlugin()], api, options: { locale: 'ar' } });
    await h.connect();
    const dialog = await h.openAccount('الحساب');
    expect(await within(dialog).findByText('لا توجد رموز بعد.')).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'الرموز' })).toBeTruthy();
  });
});
