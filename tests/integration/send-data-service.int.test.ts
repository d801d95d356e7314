/**
 * The send form on real parts, in Node: anvil with the dev contracts, the data service
 * (balances with prices, names), the real EVM plugin over the dev wallet's EIP-1193 provider,
 * and the kernel's blockchain API client and RPC transport. A registered name resolves to its
 * address; LKD is offered from the data service's balances; the review estimates the gas on
 * anvil; the send moves the tokens.
 */
import { createKernel, type Kernel } from 'latchkey';
import { evmPlugin } from 'latchkey/plugins/evm';
import { sendPlugin, SendForm } from 'latchkey/plugins/send';
import { erc20Abi, getAddress, parseUnits, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC, call, startDevChain, type DevChain } from '../../samples/data-service/testing/harness';
import { installDevWallet } from '../../samples/dev-wallet/index';
import { evmNetwork } from '../../kernel/testing/networks';

const CHAIN = 31337;
let chain: DevChain;
let kernel: Kernel;

beforeAll(async () => {
  chain = await startDevChain({ chainId: CHAIN });

  const wallet = installDevWallet({ host: new EventTarget() as never, exposeGlobal: false, chains: [{ chainId: CHAIN, rpcUrl: chain.node.url }], fetch: (u, i) => fetch(u, i) });
  const anvil = evmNetwork(CHAIN, 'Anvil', chain.node.url, { testnet: true });
  kernel = createKernel({
    options: { projectId: 'latchkey-tests', networks: [anvil], blockchainApiUrl: chain.service.url, features: { analytics: false } },
    plugins: [evmPlugin({ enableEIP6963: false, enableInjected: false }), sendPlugin()],
    environment: { window: undefined, document: undefined },
  });
  kernel.connectors.add({ id: 'dev', name: 'Latchkey Dev Wallet', type: 'ANNOUNCED', chain: 'eip155', provider: wallet.provider, installed: true, info: { rdns: 'dev.latchkey.wallet' } });
  await kernel.start();
  await kernel.connection.connect({ connectorId: 'dev' });
}, 120_000);

afterAll(async () => {
  kernel?.snackbar.hide();
  await kernel?.stop();
  await chain?.stop();
});

const lkdBalance = (who: Address) => chain.clients.client.readContract({ address: chain.dev.token.address, abi: erc20Abi, functionName: 'balanceOf', args: [who] });

it('resolves a registered name, offers LKD from the data service with USD figures, estimates on anvil and sends', async () => {
  // bob registers a name with his own signature
  const bob = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 8 });
  const message = JSON.stringify({ name: 'bob-pays.latchkey.id', attributes: { avatar: 'https://example.org/bob.png' }, timestamp: Math.floor(Date.now() / 1000) });
  const registered = await call(chain.service.url, '/v1/profile/account', { body: { coin_type: 0x80000000 + CHAIN, address: bob.address, message, signature: await bob.signMessage({ message }) } });
  expect(registered.status).toBe(200);

  await kernel.plugins.load('send');
  const form = kernel.get<SendForm>(SendForm);
  await form.load();
  expect(form.state.tokens.map((t) => t.symbol)).toEqual(['ETH', 'LKD']);
  const eth = form.state.tokens[0]!;
  expect(form.state.token).toBe(eth);
  expect(Number(form.state.networkBalanceInUSD)).toBe(Number(eth.quantity.numeric) * 3000);
  expect(form.state.gasPrice).toBeGreaterThan(0n);

  form.setToken(form.state.tokens[1]);
  form.setAmount('12.5');
  await form.setReceiver('bob-pays.latchkey.id');
  expect(form.state).toMatchObject({ receiverAddress: getAddress(bob.address), receiverProfileName: 'bob-pays.latchkey.id', receiverProfileImageUrl: 'https://example.org/bob.png' });
  expect(form.problem()).toBeUndefined();

  expect(await form.review()).toBe(true);
  expect(form.state.gasEstimated).toBe(true);
  // an ERC-20 transfer to an account that holds none costs ~51k gas on anvil
  expect(form.state.gasLimit).toBeGreaterThan(30_000n);
  expect(form.state.gasLimit).toBeLessThan(80_000n);
  expect(form.state.gasPriceInUSD).toBeCloseTo(Number(form.gasCost()!) / 1e18 * 3000, 9);

  const before = await lkdBalance(bob.address);
  const hash = await form.send();
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
  expect((await lkdBalance(bob.address)) - before).toBe(parseUnits('12.5', 18));
  expect(kernel.snackbar.state.message).toBe('Transaction started');
  expect(form.state.token).toBeUndefined();
});
