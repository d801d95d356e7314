/**
 * Sign-in sessions of contract accounts, verified through the chain over the kernel's RPC
 * transport (spec: ERC-1271 for a deployed account, ERC-6492 for one not deployed yet), on a
 * real anvil with the dev smart account (samples/contracts/DevSmartAccount.sol).
 */
import { createKernel, type Kernel } from 'latchkey';
import { encodeFunctionData, getAddress, serializeErc6492Signature, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { localSiwx, siwxPlugin, type SiwxConfig, type SiwxSession } from 'latchkey/plugins/siwx';
import { ANVIL_MNEMONIC, chainClients, devContracts, startAnvilNode, type AnvilNode } from '../../samples/data-service/testing/harness';
import { evmNetwork } from '../../kernel/testing/networks';

let node: AnvilNode;
let kernel: Kernel;
let provider: SiwxConfig;
let clients: ReturnType<typeof chainClients>;
let accounts: Address[];
let contracts: Awaited<ReturnType<typeof devContracts>>;

beforeAll(async () => {
  node = await startAnvilNode({ chainId: 31337 });
  clients = chainClients(node);
  accounts = await node.rpc('eth_accounts');
  contracts = await devContracts(); // solc, or its cache (.cache/contracts)
  const anvil = evmNetwork(31337, 'Anvil', node.url);
  provider = localSiwx({ domain: 'app.test', uri: 'https://app.test' });
  kernel = createKernel({
    options: { projectId: 'test', networks: [anvil], features: { analytics: false }, siwx: provider },
    plugins: [siwxPlugin()],
    environment: { window: undefined, document: undefined },
  });
  await kernel.plugins.load('siwx'); // hands the provider its storage and verifier
}, 60_000);

afterAll(async () => {
  await kernel?.stop();
  await node?.stop();
});

async function session(account: Address, sign: (message: string) => Promise<`0x${string}`>): Promise<SiwxSession> {
  const m = await provider.createMessage({ chainId: 'eip155:31337', accountAddress: account });
  const message = m.toString();
  const { toString: _t, ...data } = m;
  return { data, message, signature: await sign(message) };
}

it('a deployed contract account (ERC-1271): its owner signs, another key is refused', async () => {
  const owner = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 6 });
  const art = contracts['DevSmartAccount']!;
  const wallet = getAddress(await clients.deploy(accounts[6]!, art.abi, art.bytecode, [owner.address]));
  const good = await session(wallet, (message) => owner.signMessage({ message }));
  await provider.addSession(good);
  expect(await provider.getSessions('eip155:31337', wallet)).toEqual([good]);

  const stranger = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 5 });
  const bad = await session(wallet, (message) => stranger.signMessage({ message }));
  await expect(provider.addSession(bad)).rejects.toThrow('Failed to verify message');
});

it('an account not deployed yet (ERC-6492): the factory call wraps the signature; nothing is deployed', async () => {
  const owner = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 4 });
  const factoryArt = contracts['DevSmartAccountFactory']!;
  const factory = getAddress(await clients.deploy(accounts[4]!, factoryArt.abi, factoryArt.bytecode, []));
  const salt = `0x${'42'.repeat(32)}` as const;
  const account = (await clients.client.readContract({ address: factory, abi: factoryArt.abi, functionName: 'addressOf', args: [owner.address, salt] })) as Address;
  const deployCall = encodeFunctionData({ abi: factoryArt.abi, functionName: 'deploy', args: [owner.address, salt] });
  const wrap = (signer: typeof owner) => async (message: string) =>
    serializeErc6492Signature({ address: factory, data: deployCall, signature: await signer.signMessage({ message }) });
  await provider.addSession(await session(account, wrap(owner)));
  expect(await provider.getSessions('eip155:31337', account)).toHaveLength(1);
  await expect(provider.addSession(await session(account, wrap(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 3 }))))).rejects.toThrow('Failed to verify message');
  expect(await clients.client.getCode({ address: account })).toBeUndefined();
});
