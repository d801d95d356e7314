/**
 * The on-ramp service on fakes: the list per namespace (unsupported outside eip155 and solana),
 * Coinbase's session getter (ready, or unavailable with the getter's reason), and the
 * watch: a new purchase seen after the first poll, final statuses, untracked on solana, errors.
 */
import type { Transaction } from 'latchkey';
import { OnrampImpl, type OnrampDeps } from './service';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const network = (ns: string, caipNetworkId: string, symbol: string) => ({ activeNamespace: ns, activeNetwork: { caipNetworkId, nativeCurrency: { symbol } } });
const tx = (id: string, status: string): Transaction => ({
  id,
  metadata: { minedAt: '2026-01-01T00:00:00Z', chain: 'eip155:1', operationType: 'buy', status, sentFrom: 'Local', sentTo: ADDRESS },
  transfers: [{ quantity: { numeric: '0.5' }, fungible_info: { symbol: 'ETH' }, direction: 'in' }],
});

function make(state: ReturnType<typeof network>, pages: (Transaction[] | Error)[] = [], config: OnrampDeps['config'] = {}) {
  const transactions = jest.fn(async () => {
    const next = pages.length > 1 ? pages.shift()! : pages[0]!;
    if (next instanceof Error) throw next;
    return { data: next, next: null };
  });
  const refreshBalance = jest.fn(async () => undefined);
  const service = new OnrampImpl({
    network: { state } as never,
    account: { get: () => ({ address: ADDRESS }) } as never,
    options: { state: { projectId: 'p', metadata: { url: 'https://dapp.example/' }, onrampProviders: [{ id: 'local', name: 'Local on-ramp', checkoutUrl: 'http://127.0.0.1:8793/checkout' }] } } as never,
    blockchainApi: { configured: true, transactions } as never,
    connection: { refreshBalance },
    config,
    sleep: async () => undefined,
  });
  return { service, transactions, refreshBalance };
}

it('lists the providers of the active namespace, and none outside eip155 and solana', async () => {
  const { service } = make(network('eip155', 'eip155:31337', 'ETH'));
  await service.prepare();
  expect(service.state.providers.map((p) => [p.name, p.status])).toEqual([
    ['Coinbase', 'unavailable'],
    ['Meld', 'ready'],
    ['Local on-ramp', 'ready'],
  ]);
  expect(service.state.providers[2]!.url).toBe(`http://127.0.0.1:8793/checkout?address=${ADDRESS}&network=eip155%3A31337&asset=ETH&redirectUrl=https%3A%2F%2Fdapp.example%2F`);
  const btc = make(network('bip122', 'bip122:000000000019d6689c085ae165831e93', 'BTC')).service;
  await btc.prepare();
  expect(btc.state).toMatchObject({ status: 'unsupported', providers: [] });
});

it('Coinbase with a session getter: ready once the token arrives; a failing getter leaves it unavailable with its reason', async () => {
  const { service } = make(network('eip155', 'eip155:1', 'ETH'), [], { coinbase: { sessionToken: async () => 'x' } });
  await service.prepare();
  expect(service.state.providers[0]).toMatchObject({ name: 'Coinbase', status: 'ready' });
  const bad = make(network('eip155', 'eip155:1', 'ETH'), [], {
    coinbase: {
      sessionToken: async () => {
        throw new Error('backend down');
      },
    },
  }).service;
  await bad.prepare();
  expect(bad.state.providers[0]).toMatchObject({ status: 'unavailable', reason: 'backend down' });
});

it('watches for a purchase it did not see before, until a final status, then refreshes the balance', async () => {
  const old = tx('local:old', 'ONRAMP_TRANSACTION_STATUS_SUCCESS');
  const { service, refreshBalance } = make(network('eip155', 'eip155:1', 'ETH'), [[old], [old], [tx('local:new', 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS'), old], [tx('local:new', 'ONRAMP_TRANSACTION_STATUS_SUCCESS'), old]]);
  await service.watch('local');
  expect(service.state.watch).toMatchObject({ provider: 'local', status: 'success', purchase: { id: 'local:new', provider: 'local' } });
  expect(refreshBalance).toHaveBeenCalledWith('eip155', { force: true });
});

it('reports a failed purchase, gives up after three failed polls, and does not track solana', async () => {
  const failed = make(network('eip155', 'eip155:1', 'ETH'), [[], [tx('local:f', 'ONRAMP_TRANSACTION_STATUS_FAILED')]]);
  await failed.service.watch('local');
  expect(failed.service.state.watch?.status).toBe('failed');
  expect(failed.refreshBalance).toHaveBeenCalled();

  const down = make(network('eip155', 'eip155:1', 'ETH'), [new Error('HTTP status code: 503')]);
  await down.service.watch('local');
  expect(down.service.state.watch?.status).toBe('error');
  expect(down.transactions).toHaveBeenCalledTimes(3);

  const solana = make(network('solana', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'SOL'));
  await solana.service.watch('meld');
  expect(solana.service.state.watch?.status).toBe('untracked');
  expect(solana.transactions).not.toHaveBeenCalled();
});
