/**
 * The BlockchainApi client against the real data service (samples/data-service) on a real
 * anvil chain with the dev contracts: balances, history, NFTs, identity, and a name
 * registered with a real signature, through a real kernel's HttpClient and fetch.
 */
import { mnemonicToAccount } from 'viem/accounts';
import { BlockchainApi, createKernel, type Kernel } from 'latchkey';
import { NameError } from 'latchkey/errors';
import { ANVIL_MNEMONIC, PROJECT_ID, startDevChain, type DevChain } from '../../samples/data-service/testing/harness';
import { evmNetwork } from '../../kernel/testing/networks';

const CHAIN = 31337;
let chain: DevChain;
let kernel: Kernel;
let api: BlockchainApi;

beforeAll(async () => {
  chain = await startDevChain({ chainId: CHAIN });
  const anvil = evmNetwork(CHAIN, 'Anvil', chain.node.url);
  kernel = createKernel({
    options: { projectId: PROJECT_ID, networks: [anvil], blockchainApiUrl: chain.service.url, features: { analytics: false } },
    environment: { window: undefined, document: undefined, localStorage: undefined },
  });
  api = kernel.get<BlockchainApi>(BlockchainApi);
}, 90_000);

afterAll(async () => {
  await chain?.stop();
});

it('reads balances (native and the dev token) and NFTs of a funded account', async () => {
  const account = chain.dev.accounts[0]!;
  const balances = await api.balances({ address: account, caipNetworkId: `eip155:${CHAIN}` });
  expect(balances.map((b) => [b.symbol, b.quantity.numeric])).toEqual([
    ['ETH', '10000'],
    ['LKD', '1025'],
  ]);
  const nfts = await api.nfts({ address: account, caipNetworkId: `eip155:${CHAIN}` });
  expect(nfts.data.map((n) => n.name)).toEqual(['Latchkey Dev Keys #1', 'Latchkey Dev Keys #2', 'Latchkey Dev Keys #3']);
  expect(nfts.data[0]!.imageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/nft\//);
});

it('pages the history with the cursor the service gives', async () => {
  const account = chain.dev.accounts[1]!;
  const first = await api.transactions({ account, caipNetworkId: `eip155:${CHAIN}` });
  expect(first.data.length).toBeGreaterThan(0);
  expect(first.data[0]!.metadata.chain).toBe(`eip155:${CHAIN}`);
  const all = [...first.data];
  let next = first.next;
  while (next) {
    const page = await api.transactions({ account, caipNetworkId: `eip155:${CHAIN}`, cursor: next });
    all.push(...page.data);
    next = page.next;
  }
  expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
});

it('registers a name with a signed message; lookup, reverse lookup and identity see it; a tampered one is refused with the reason', async () => {
  const signer = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 5 });
  const name = `kernel-${Date.now().toString(36)}.latchkey.id`;
  const message = JSON.stringify({ name, attributes: { avatar: 'https://example.org/k.png' }, timestamp: Math.floor(Date.now() / 1000) });
  const record = await api.registerName({ coinType: 60, address: signer.address, message, signature: await signer.signMessage({ message }) });
  expect(record.name).toBe(name);
  expect((await api.lookupName(name))?.addresses['60']?.address).toBe(signer.address);
  expect((await api.namesForAddress({ address: signer.address, caipNetworkId: `eip155:${CHAIN}` })).map((r) => r.name)).toEqual([name]);
  expect(await api.identity({ address: signer.address, caipNetworkId: `eip155:${CHAIN}` })).toEqual({ name, avatar: 'https://example.org/k.png' });
  expect(await api.lookupName(`free-${Date.now().toString(36)}.latchkey.id`)).toBeUndefined();

  const other = JSON.stringify({ name: `x${name}`, attributes: {}, timestamp: Math.floor(Date.now() / 1000) });
  const err = await api.registerName({ coinType: 60, address: signer.address, message: other, signature: await signer.signMessage({ message }) }).catch((e) => e);
  expect(err).toBeInstanceOf(NameError);
  expect(err.message).toMatch(/signature/i); // the service's first reason, not the generic text
});
