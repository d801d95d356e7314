import { HANG, fakeFetch, json } from '../transport/testing/fakeFetch';
import { testKernel } from '../testing/fakeAdapter';
import { BlockchainApi } from './BlockchainApi';
import { BlockchainApiNotConfiguredError, NameError, TransactionsWithoutAccountError, UnexpectedApiResponseError } from '../errors/blockchainApi';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

function setup(handler: Parameters<typeof fakeFetch>[0], options: Record<string, unknown> = { blockchainApiUrl: 'https://api.test' }) {
  const f = fakeFetch(handler);
  const t = testKernel(options);
  // the test kernel's fetch refuses: route the API through the fake instead
  (t.kernel.environment as { fetch: typeof f.fetch }).fetch = f.fetch;
  return { api: t.kernel.get<BlockchainApi>(BlockchainApi), calls: f.calls, storage: t.storage };
}

const balance = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 3000, value: 4500, iconUrl: 'https://i/eth.svg', quantity: { decimals: '18', numeric: '1.5' } };

describe('BlockchainApi', () => {
  it('sends projectId, st and sv with every request, and parses balances', async () => {
    const { api, calls } = setup(() => json({ balances: [balance, { junk: true }, { ...balance, quantity: { decimals: '18', numeric: '1e999' } }] }));
    const out = await api.balances({ address: ADDRESS, caipNetworkId: 'eip155:1' });
    expect(out).toEqual([balance]); // the malformed entries are dropped
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe(`/v1/account/${ADDRESS}/balance`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'test', st: 'latchkey', sv: expect.any(String), chainId: 'eip155:1', currency: 'usd' });
  });

  it('caches balances for 30 s (docs/account-features.md#blockchain-api) unless forced', async () => {
    const { api, calls } = setup(() => json({ balances: [balance] }));
    await api.balances({ address: ADDRESS, caipNetworkId: 'eip155:1' });
    await api.balances({ address: ADDRESS.toLowerCase(), caipNetworkId: 'eip155:1' });
    expect(calls).toHaveLength(1);
    await api.balances({ address: ADDRESS, caipNetworkId: 'eip155:1', force: true });
    expect(calls).toHaveLength(2);
  });

  it('pages history with the cursor and filters; refuses without an account', async () => {
    const tx = { id: 't1', metadata: { minedAt: '2026-01-01T00:00:00Z', chain: 'eip155:1', operationType: 'send', status: 'confirmed', sentFrom: ADDRESS, sentTo: ADDRESS }, transfers: [{ quantity: { numeric: '0.5' }, fungible_info: { symbol: 'ETH' } }] };
    const { api, calls } = setup(() => json({ data: [tx, { id: 3 }], next: 'c2' }));
    const page = await api.transactions({ account: ADDRESS, cursor: 'c1', caipNetworkId: 'eip155:1' });
    expect(page.next).toBe('c2');
    expect(page.data.map((t) => t.id)).toEqual(['t1']);
    expect(new URL(calls[0]!.url).searchParams.get('cursor')).toBe('c1');
    await expect(api.transactions({ account: '' })).rejects.toBeInstanceOf(TransactionsWithoutAccountError);
    await expect(api.transactions({ account: '' })).rejects.toThrow("Transactions can't be fetched without an accountAddress");
  });

  it("name errors use the provider's first reason description, else the spec's text", async () => {
    const { api } = setup((call) =>
      call.url.includes('/suggestions/') ? json({ status: 'FAILED', reasons: [{ field: 'name', description: 'Name is too short' }] }, 400) : json({}, 500),
    );
    await expect(api.suggestNames('abc')).rejects.toThrow('Name is too short');
    await expect(api.suggestNames('abc')).rejects.toBeInstanceOf(NameError);
    await expect(api.namesForAddress({ address: ADDRESS, caipNetworkId: 'eip155:1' })).rejects.toThrow('Error fetching names for address');
    await expect(api.lookupName('alice.latchkey.id')).rejects.toThrow('Error resolving name');
    await expect(
      api.registerName({ coinType: 60, address: ADDRESS, signature: '0x', message: JSON.stringify({ name: 'alice.latchkey.id', attributes: {}, timestamp: 1 }) }),
    ).rejects.toThrow('Error registering name alice.latchkey.id');
  });

  it('a free name is undefined (404), a known one is cached 5 minutes', async () => {
    const record = { name: 'alice.latchkey.id', addresses: { '60': { address: ADDRESS } }, attributes: { avatar: 'https://a/x.png', junk: 1 } };
    const { api, calls } = setup((call) => (call.url.includes('bob') ? json({ status: 'FAILED', reasons: [] }, 404) : json(record)));
    expect(await api.lookupName('bob.latchkey.id')).toBeUndefined();
    expect(await api.lookupName('alice.latchkey.id')).toEqual({ ...record, attributes: { avatar: 'https://a/x.png' } });
    await api.lookupName('alice.latchkey.id');
    expect(calls).toHaveLength(2);
  });

  it('says so when no API is configured, and refuses an answer of the wrong shape', async () => {
    const none = setup(() => json({}), {});
    expect(none.api.configured).toBe(false);
    await expect(none.api.balances({ address: ADDRESS, caipNetworkId: 'eip155:1' })).rejects.toBeInstanceOf(BlockchainApiNotConfiguredError);
    const odd = setup(() => json({ balances: 'nope' }));
    await expect(odd.api.balances({ address: ADDRESS, caipNetworkId: 'eip155:1' })).rejects.toBeInstanceOf(UnexpectedApiResponseError);
  });

  it('loads its client code on the first call only (nothing at kernel creation)', async () => {
    const { api, calls } = setup(() => HANG);
    expect(calls).toHaveLength(0);
    void api.identity({ address: ADDRESS, caipNetworkId: 'eip155:1' }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(1);
  });
});
