/**
 * The dev wallet's wallet calls against a real anvil: EIP-5792 bundles executed on the chain
 * (atomic ones all or nothing), the 5700-5760 errors triggered by behaviour and mapped by the
 * kernel's toProviderError, the ERC-7715 permission store, and EIP-7811 assets.
 */
import { encodeFunctionData, erc20Abi, getAddress, parseEther, parseUnits, type Address, type Hex } from 'viem';
import {
  AtomicReadyWalletRejectedUpgradeError,
  AtomicityNotSupportedError,
  BundleTooLargeError,
  DuplicateIdError,
  InvalidParamsRpcError,
  UnknownBundleIdError,
  UnsupportedChainIdError,
  UnsupportedNonOptionalCapabilityError,
  UserRejectedRequestError,
  toProviderError,
} from 'latchkey/errors';
import { chainClients, devContracts, startAnvilNode, type AnvilNode } from '../data-service/testing/harness';
import { installDevWallet, type DevWallet } from './index';
import { MAX_CALLS } from './capabilities';

let node: AnvilNode;
let clients: ReturnType<typeof chainClients>;
let accounts: Address[];
let token: Address;
let wallet: DevWallet;
let me: Address;

beforeAll(async () => {
  node = await startAnvilNode({ chainId: 31337 });
  clients = chainClients(node);
  accounts = (await node.rpc<string[]>('eth_accounts')).map((a) => getAddress(a));
  const art = (await devContracts())['LatchkeyDevToken']!;
  token = getAddress(await clients.deploy(accounts[0]!, art.abi, art.bytecode, [parseUnits('1000', 18)]));
  wallet = installDevWallet({
    host: new EventTarget() as never,
    exposeGlobal: false,
    storage: undefined,
    chains: [
      { chainId: 31337, rpcUrl: node.url },
      // the same node under other ids: a chain without atomic execution, and one that needs an upgrade first
      { chainId: 1337, rpcUrl: node.url, atomic: 'unsupported' },
      { chainId: 1338, rpcUrl: node.url, atomic: 'ready' },
    ],
    tokens: [{ chainId: 31337, address: token, symbol: 'LKD', decimals: 18, name: 'Latchkey Dev Token' }],
    fetch: (url, init) => fetch(url, init),
  });
  me = getAddress((await wallet.provider.request({ method: 'eth_requestAccounts' }) as string[])[0]!);
}, 90_000);

afterAll(async () => {
  await node?.stop();
});

const request = (method: string, params?: unknown) => wallet.provider.request({ method, params });
/** The error a dapp sees for `method`, as the kernel maps it. */
async function mapped(method: string, params?: unknown) {
  try {
    await request(method, params);
  } catch (err) {
    return toProviderError(err);
  }
  throw new Error(`${method} did not fail`);
}

async function settled(id: string) {
  for (let i = 0; i < 400; i++) {
    const status = (await request('wallet_getCallsStatus', [id])) as { status: number; receipts: { status: Hex; transactionHash: Hex }[]; atomic: boolean; chainId: Hex };
    if (status.status !== 100) return status;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the bundle did not settle');
}

const ethTo = (to: Address, value: bigint) => ({ to, value: `0x${value.toString(16)}` });
const lkdTransfer = (to: Address, amount: bigint) => ({ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) });
const lkdBalance = (who: Address) => clients.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });

it('reports its capabilities per chain', async () => {
  const caps = (await request('wallet_getCapabilities', [me, ['0x7a69', '0x539', '0x53a']])) as Record<string, any>;
  expect(caps['0x7a69'].atomic).toEqual({ status: 'supported' });
  expect(caps['0x539'].atomic).toEqual({ status: 'unsupported' });
  expect(caps['0x53a'].atomic).toEqual({ status: 'ready' });
  expect(caps['0x7a69'].permissions.supported).toBe(true);
});

it('executes a bundle on anvil: ETH and LKD move, one receipt per call', async () => {
  const [a1, a2] = [accounts[1]!, accounts[2]!];
  const [eth1, lkd2] = [await clients.client.getBalance({ address: a1 }), await lkdBalance(a2)];
  const { id } = (await request('wallet_sendCalls', [
    { version: '2.0.0', chainId: '0x7a69', from: me, atomicRequired: false, calls: [ethTo(a1, parseEther('0.5')), lkdTransfer(a2, parseUnits('3', 18))] },
  ])) as { id: string };
  expect(id).toMatch(/^0x[0-9a-f]{64}$/);
  const status = await settled(id);
  expect(status).toMatchObject({ status: 200, atomic: false, chainId: '0x7a69' });
  expect(status.receipts.map((r) => r.status)).toEqual(['0x1', '0x1']);
  expect((await clients.client.getBalance({ address: a1 })) - eth1).toBe(parseEther('0.5'));
  expect((await lkdBalance(a2)) - lkd2).toBe(parseUnits('3', 18));
});

it('an atomic bundle with a failing call leaves nothing on chain (status 500); a non-atomic one keeps what succeeded (600)', async () => {
  const a3 = accounts[3]!;
  const before = await clients.client.getBalance({ address: a3 });
  const tooMuch = lkdTransfer(a3, parseUnits('1000000', 18)); // reverts: more than the balance
  const atomic = (await request('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [ethTo(a3, parseEther('1')), tooMuch] }])) as { id: string };
  expect(await settled(atomic.id)).toMatchObject({ status: 500, atomic: true, receipts: [] });
  expect(await clients.client.getBalance({ address: a3 })).toBe(before);

  const partial = (await request('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [ethTo(a3, parseEther('1')), tooMuch] }])) as { id: string };
  const status = await settled(partial.id);
  expect(status.status).toBe(600);
  expect(status.receipts.map((r) => r.status)).toEqual(['0x1', '0x0']);
  expect((await clients.client.getBalance({ address: a3 })) - before).toBe(parseEther('1'));
});

it('the 5700-5760 errors, by behaviour, map to the kernel named errors', async () => {
  const call = ethTo(accounts[4]!, 1n);
  const bundle = (extra: Record<string, unknown>) => [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [call], ...extra }];
  expect(await mapped('wallet_sendCalls', bundle({ capabilities: { paymasterService: { url: 'https://pm.example' } } }))).toBeInstanceOf(UnsupportedNonOptionalCapabilityError);
  // an optional capability it does not know is ignored
  const optional = (await request('wallet_sendCalls', bundle({ capabilities: { paymasterService: { url: 'https://pm.example', optional: true } } }))) as { id: string };
  expect((await settled(optional.id)).status).toBe(200);
  expect(await mapped('wallet_sendCalls', bundle({ chainId: '0x1' }))).toBeInstanceOf(UnsupportedChainIdError);
  await request('wallet_sendCalls', bundle({ id: 'order-1' }));
  expect(await mapped('wallet_sendCalls', bundle({ id: 'order-1' }))).toBeInstanceOf(DuplicateIdError);
  expect(await mapped('wallet_getCallsStatus', ['0xunknown'])).toBeInstanceOf(UnknownBundleIdError);
  expect(await mapped('wallet_sendCalls', bundle({ calls: Array(MAX_CALLS + 1).fill(call) }))).toBeInstanceOf(BundleTooLargeError);
  expect(await mapped('wallet_sendCalls', bundle({ chainId: '0x539', atomicRequired: true }))).toBeInstanceOf(AtomicityNotSupportedError);
  wallet.rejectNext = true;
  expect(await mapped('wallet_sendCalls', bundle({ chainId: '0x53a', atomicRequired: true }))).toBeInstanceOf(AtomicReadyWalletRejectedUpgradeError);
  // approved, the upgrade sticks
  const upgraded = (await request('wallet_sendCalls', bundle({ chainId: '0x53a', atomicRequired: true }))) as { id: string };
  expect((await settled(upgraded.id)).status).toBe(200);
  expect(((await request('wallet_getCapabilities', [me, ['0x53a']])) as any)['0x53a'].atomic.status).toBe('supported');
  // docs/connection.md#signing-and-sending: 'to' and 'data' start with 0x
  expect(await mapped('wallet_sendCalls', bundle({ calls: [{ to: 'f39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }] }))).toBeInstanceOf(InvalidParamsRpcError);
  expect(await mapped('wallet_sendCalls', bundle({ calls: [{ to: call.to, data: 'a9059cbb' }] }))).toBeInstanceOf(InvalidParamsRpcError);
  wallet.rejectNext = true;
  expect(await mapped('wallet_sendCalls', bundle({}))).toBeInstanceOf(UserRejectedRequestError);
});

it('grants, lists and revokes permissions; the EIP-2255 revoke still ends the connection', async () => {
  const expiry = Math.floor(Date.now() / 1000) + 3600;
  const permissions = [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1', start: expiry - 3600, period: 86400 }, policies: [] }];
  const granted = (await request('wallet_grantPermissions', [{ chainId: '0x7a69', expiry, signer: { type: 'keys', data: { keys: [] } }, permissions }])) as any;
  expect(granted.permissionsContext).toMatch(/^0x[0-9a-f]{64}$/);
  expect(granted).toMatchObject({ chainId: '0x7a69', expiry, grantedPermissions: permissions });
  expect(getAddress(granted.address)).toBe(me);
  expect(await request('wallet_getGrantedPermissions')).toEqual([expect.objectContaining({ permissionsContext: granted.permissionsContext })]);
  expect(await mapped('wallet_grantPermissions', [{ chainId: '0x7a69', expiry: 1, signer: { type: 'keys' }, permissions }])).toBeInstanceOf(InvalidParamsRpcError);
  expect(await mapped('wallet_grantPermissions', [{ chainId: '0x1', expiry, signer: { type: 'keys' }, permissions }])).toBeInstanceOf(UnsupportedChainIdError);
  await request('wallet_revokePermissions', [{ permissionsContext: granted.permissionsContext }]);
  expect(await request('wallet_getGrantedPermissions')).toEqual([]);
  expect(await mapped('wallet_revokePermissions', [{ permissionsContext: granted.permissionsContext }])).toBeInstanceOf(InvalidParamsRpcError);
  expect(getAddress(wallet.account!)).toBe(me);
  await request('wallet_revokePermissions', [{ eth_accounts: {} }]);
  expect(wallet.account).toBeUndefined();
  await request('eth_requestAccounts');
});

it('reports assets in the EIP-7811 shape: NATIVE and ERC20 with hex balances', async () => {
  const assets = (await request('wallet_getAssets', [{ account: me, chainFilter: ['0x7a69'] }])) as Record<string, any[]>;
  expect(Object.keys(assets)).toEqual(['0x7a69']);
  const [native, lkd] = assets['0x7a69']!;
  expect(native).toMatchObject({ address: 'native', type: 'NATIVE', metadata: { symbol: 'ETH', decimals: 18 } });
  expect(BigInt(native.balance)).toBe(await clients.client.getBalance({ address: me }));
  expect(lkd).toMatchObject({ address: token, type: 'ERC20', metadata: { symbol: 'LKD', decimals: 18, name: 'Latchkey Dev Token' } });
  expect(lkd.balance).toMatch(/^0x[0-9a-f]+$/);
  expect(BigInt(lkd.balance)).toBe(await lkdBalance(me));
  const onlyTokens = (await request('wallet_getAssets', [{ account: me, chainFilter: ['0x7a69'], assetTypeFilter: ['ERC20'] }])) as Record<string, any[]>;
  expect(onlyTokens['0x7a69']!.map((a) => a.type)).toEqual(['ERC20']);
  expect(await mapped('wallet_getAssets', [{ account: accounts[5] }])).toMatchObject({ code: 4100 });
});
