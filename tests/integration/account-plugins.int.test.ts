/**
 * The Account-view plugins (portfolio, history, names) in a real kernel with the real eip155
 * plugin, against a real anvil chain with the dev contracts and the real data service:
 * - balances from the blockchain API, and the chain-direct fallback (native + the `tokens`
 *   option) read in ONE JSON-RPC batch through the kernel's RPC transport, with equal numbers;
 * - NFTs; the Activity list paged to its end with the service's cursors;
 * - a name registered with a signature the wallet (anvil's unlocked account) really made, the
 *   data service verifying it, then found by the reverse lookup and put on the account.
 */
import { formatEther } from 'viem';
import { createKernel, type CaipNetwork, type Kernel, type PluginManifest } from 'latchkey';
import { evmPlugin } from 'latchkey/plugins/evm';
import { portfolioPlugin, Portfolio } from 'latchkey/plugins/portfolio';
import { historyPlugin, Activity } from 'latchkey/plugins/history';
import { namesPlugin, AccountNames } from 'latchkey/plugins/names';
import { PROJECT_ID, startDevChain, type DevChain } from '../../samples/data-service/testing/harness';
import { evmNetwork } from '../../kernel/testing/networks';

jest.setTimeout(30_000);

const CHAIN = 31337;
let chain: DevChain;
let anvil: CaipNetwork;

beforeAll(async () => {
  chain = await startDevChain({ chainId: CHAIN });
  // 25 more transactions for account 0, so its history has more than one page (20).
  for (let i = 0; i < 25; i++) {
    await chain.node.rpc('eth_sendTransaction', [{ from: chain.dev.accounts[5], to: chain.dev.accounts[0], value: `0x${(1000 + i).toString(16)}` }]);
  }
  await chain.service.waitForSync(CHAIN);
  anvil = evmNetwork(CHAIN, 'Anvil', chain.node.url, { testnet: true });
}, 120_000);

afterAll(async () => {
  await chain?.stop();
});

/** A wallet in front of anvil: EIP-1193, eth_requestAccounts answered by eth_accounts (its accounts are unlocked, so it signs). */
function anvilWallet() {
  return {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      return chain.node.rpc(method === 'eth_requestAccounts' ? 'eth_accounts' : method, (params as unknown[] | undefined) ?? []);
    },
  };
}

/** A kernel with the eip155 plugin and the account plugins, connected to anvil's account 0; every POST the kernel makes is recorded. */
async function connectedKernel(options: Record<string, unknown>, plugins: PluginManifest[]) {
  const posts: { url: string; body: unknown }[] = [];
  const kernel: Kernel = createKernel({
    options: { projectId: PROJECT_ID, networks: [anvil], features: { analytics: false }, ...options },
    plugins: [evmPlugin(), ...plugins],
    environment: {
      window: undefined,
      document: undefined,
      localStorage: undefined,
      fetch: (input, init) => {
        if (init?.method === 'POST') posts.push({ url: String(input), body: JSON.parse(String(init.body)) });
        return fetch(input, init);
      },
    },
  });
  kernel.connectors.add({ id: 'io.anvil', name: 'Anvil Wallet', type: 'INJECTED', chain: 'eip155', provider: anvilWallet(), installed: true });
  await kernel.start();
  await kernel.connection.connect({ connectorId: 'io.anvil' });
  expect(kernel.account.get('eip155').address?.toLowerCase()).toBe(chain.dev.accounts[0]!.toLowerCase());
  return { kernel, posts };
}

const amounts = (kernel: Kernel) => kernel.get<Portfolio>(Portfolio).state.balances.balances.map((b) => [b.symbol, b.quantity.numeric]);

it('balances from the data service, and the same from the chain in one JSON-RPC batch when no API is configured', async () => {
  const expected = [
    ['ETH', formatEther(10_000n * 10n ** 18n + 25_300n)], // 10000 + the 25 small transfers above (1000 + i wei)
    ['LKD', '1025'],
  ];
  const api = await connectedKernel({ blockchainApiUrl: chain.service.url }, [portfolioPlugin()]);
  await api.kernel.plugins.load('portfolio');
  await api.kernel.get<Portfolio>(Portfolio).refreshBalances();
  expect(api.kernel.get<Portfolio>(Portfolio).state.balances.source).toBe('api');
  expect(amounts(api.kernel)).toEqual(expected);
  const lkd = api.kernel.get<Portfolio>(Portfolio).state.balances.balances[1]!;
  expect(lkd.address?.toLowerCase()).toBe(`eip155:${CHAIN}:${chain.dev.token.address}`.toLowerCase());
  await api.kernel.stop();

  const direct = await connectedKernel({ tokens: { [`eip155:${CHAIN}`]: { address: chain.dev.token.address } } }, [portfolioPlugin()]);
  await direct.kernel.plugins.load('portfolio');
  const before = direct.posts.length;
  await direct.kernel.get<Portfolio>(Portfolio).refreshBalances();
  expect(direct.kernel.get<Portfolio>(Portfolio).state.balances.source).toBe('chain');
  expect(amounts(direct.kernel)).toEqual(expected);
  expect(direct.kernel.get<Portfolio>(Portfolio).state.balances.balances[1]).toMatchObject({ name: 'Latchkey Dev Token', symbol: 'LKD', quantity: { decimals: '18' } });
  // One POST to the node: a batch of eth_getBalance and the token's four eth_calls.
  const batch = direct.posts.slice(before);
  expect(batch).toHaveLength(1);
  expect((batch[0]!.body as { method: string }[]).map((c) => c.method)).toEqual(['eth_getBalance', 'eth_call', 'eth_call', 'eth_call', 'eth_call']);
  await direct.kernel.stop();
});

it("NFTs of the account, and its Activity paged to the end with the service's cursors", async () => {
  const { kernel } = await connectedKernel({ blockchainApiUrl: chain.service.url }, [portfolioPlugin(), historyPlugin()]);
  await kernel.plugins.load('portfolio');
  const portfolio = kernel.get<Portfolio>(Portfolio);
  await portfolio.loadNfts();
  expect(portfolio.state.nfts.items.map((n) => n.name)).toEqual(['Latchkey Dev Keys #1', 'Latchkey Dev Keys #2', 'Latchkey Dev Keys #3']);

  await kernel.plugins.load('history');
  const activity = kernel.get<Activity>(Activity);
  await activity.load();
  expect(activity.state.items).toHaveLength(20);
  expect(activity.state.next).toBeTruthy();
  let pages = 1;
  while (activity.state.next) {
    await activity.loadMore();
    pages++;
  }
  const ids = activity.state.items.map((t) => t.id);
  expect(new Set(ids).size).toBe(ids.length);
  // 25 transfers above, 1000 LKD from the deployer, 25 LKD from account 1, LKEY #1-#3 minted
  expect(ids.length).toBe(30);
  expect(pages).toBe(2);
  expect(activity.state.items.every((t) => t.metadata.chain === `eip155:${CHAIN}`)).toBe(true);
  expect(activity.state.items.filter((t) => t.metadata.operationType === 'mint')).toHaveLength(3);
  await kernel.stop();
});

it('registers a name with a signature the wallet made; the reverse lookup then puts it on the account', async () => {
  const { kernel } = await connectedKernel({ blockchainApiUrl: chain.service.url }, [namesPlugin({ zone: 'latchkey.id', testnets: true })]);
  // the module loads with the eip155 connection (the reverse lookup: no name yet)
  await new Promise((r) => setTimeout(r, 200));
  expect(kernel.plugins.isLoaded('names')).toBe(true);
  expect(kernel.account.get('eip155').profileName ?? null).toBeNull();
  const names = kernel.get<AccountNames>(AccountNames);
  const label = `int-${Date.now().toString(36)}`;
  kernel.router.push('RegisterAccountName');
  expect(await names.register(label)).toBe(true);
  expect(kernel.router.state).toMatchObject({ view: 'RegisterAccountNameSuccess', data: { name: `${label}.latchkey.id` } });
  expect(kernel.account.get('eip155').profileName).toBe(`${label}.latchkey.id`);
  // A new page (a new kernel, nothing cached): the reverse lookup finds it.
  await kernel.stop();
  const again = await connectedKernel({ blockchainApiUrl: chain.service.url }, [namesPlugin({ zone: 'latchkey.id', testnets: true })]);
  for (let i = 0; i < 50 && !again.kernel.account.get('eip155').profileName; i++) await new Promise((r) => setTimeout(r, 20));
  expect(again.kernel.account.get('eip155').profileName).toBe(`${label}.latchkey.id`);
  // Taken now: the provider's reason comes back.
  again.kernel.router.push('RegisterAccountName');
  expect(await again.kernel.get<AccountNames>(AccountNames).register(label)).toBe(false);
  expect(again.kernel.get<AccountNames>(AccountNames).state.error).toBe(`Name is already registered: ${label}.latchkey.id`);
  await again.kernel.stop();
});
