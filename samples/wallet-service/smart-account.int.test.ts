/**
 * Smart accounts in the wallet service, on the stack's real ERC-4337 parts (EntryPoint v0.8,
 * SimpleAccountFactory, the Alto bundler): driven through the API exactly as the frame drives it.
 * A user switches to a smart account (stored), which its first operation creates; a two-call
 * wallet_sendCalls is one user operation whose calls land together; eth_sendTransaction answers the
 * bundle transaction's hash; messages are refused (SimpleAccount has no ERC-1271). The service has
 * no call that creates the account outside an approved operation (INIT_SMART_ACCOUNT only reports it).
 */
import { createPublicClient, http, parseEther, parseUnits, toHex, erc20Abi, encodeFunctionData, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { startTestStack, type TestStack } from '../../tests/support/stack';
import type { Prepared } from './shared/prepared';
import { FrameClient } from './testing/service';

let stack: TestStack;
let client: FrameClient;
let project: { projectId: string; origin: string };
let user: { address: string; eoaAddress: string; accountType: string; smartAccountAddress: string | null; smartAccountDeployed: boolean };

const chain = () => createPublicClient({ chain: foundry, transport: http(stack.chains[0]!.rpcUrl) });
const randomAddress = () => privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  // the run's shared stack when the run has one (nothing here needs a pristine chain: fresh keys and accounts), else a stack of its own
  stack = await startTestStack({ requireDemoBuild: false });
  project = { projectId: 'latchkey-demo', origin: new URL(stack.demoUrl).origin };
  client = await FrameClient.create(stack.walletServiceUrl);
  await client.call('/v1/frame/init', project);
  await client.emailLogin(`smart-${Date.now()}@example.com`, project);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
}, 30_000);

/** Waits for wallet_getCallsStatus to leave 100 (pending). */
async function callsStatus(id: string): Promise<any> {
  for (const end = Date.now() + 30_000; Date.now() < end; ) {
    const { result } = await client.call('/v1/wallet/rpc', { chainId: 31337, method: 'wallet_getCallsStatus', params: [id] });
    if (result.status !== 100) return result;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`bundle ${id} still pending after 30 s`);
}

describe('smart accounts in the wallet service', () => {
  it('offers them on the chain with a bundler, and switches the user to one (stored)', async () => {
    const init = await client.call('/v1/frame/init', project);
    expect(init.accountTypes).toEqual(['eoa', 'smartAccount']);
    expect(init.smartAccountEnabledNetworks).toEqual([31337]);
    const before = (await client.call('/v1/session')).user;
    expect(before.accountType).toBe('eoa');
    expect(before.address).toBe(before.eoaAddress);
    user = (await client.call('/v1/account/type', { type: 'smartAccount' })).user;
    expect(user.accountType).toBe('smartAccount');
    expect(user.address).toBe(user.smartAccountAddress);
    expect(user.address).not.toBe(user.eoaAddress);
    expect(user.eoaAddress).toBe(before.eoaAddress);
    expect(user.smartAccountDeployed).toBe(false);
    // stored: the session's user is the smart account from now on
    expect((await client.call('/v1/session')).user.address).toBe(user.address);
    const { result: accounts } = await client.call('/v1/wallet/rpc', { chainId: 31337, method: 'eth_accounts', params: [] });
    expect(accounts).toEqual([user.address]);
    const { result: caps } = await client.call('/v1/wallet/rpc', { chainId: 31337, method: 'wallet_getCapabilities', params: [user.address] });
    expect(caps['0x7a69']).toEqual({ atomic: { status: 'supported' } });
    expect(caps['0x1']).toEqual({ atomic: { status: 'unsupported' } });
    // dev mode funds the smart account: it pays its own operations
    expect(await chain().getBalance({ address: user.address as Address })).toBeGreaterThan(parseEther('1'));
  });

  it('refuses to sign a message through the smart account (no app could verify it)', async () => {
    const err = await client.fails('/v1/wallet/prepare', { chainId: 31337, method: 'personal_sign', params: [toHex('hello'), user.address] });
    expect(err.code).toBe('smart_account_unsupported');
  });

  it('sends a two-call wallet_sendCalls as one user operation that creates the account, both calls landing', async () => {
    const [a, b] = [randomAddress(), randomAddress()];
    const params = [{ version: '2.0.0', chainId: '0x7a69', from: user.address, atomicRequired: true, calls: [{ to: a, value: toHex(parseEther('0.5')) }, { to: b, value: toHex(parseEther('0.25')) }] }];
    const { prepared } = await client.call<{ prepared: Prepared }>('/v1/wallet/prepare', { chainId: 31337, method: 'wallet_sendCalls', params });
    expect(prepared.details.kind).toBe('userOperation');
    if (prepared.details.kind !== 'userOperation') return;
    expect(prepared.details.account).toEqual({ address: user.address, deployed: false, entryPoint: stack.bundler.entryPoint });
    expect(prepared.details.intents).toEqual([{ kind: 'send' }, { kind: 'send' }]);
    expect(prepared.details.simulation.status).toBe('ok');
    const op = prepared.params[0] as { calls: unknown[]; userOperation: Record<string, Hex> };
    expect(op.calls).toEqual([
      { to: a, value: toHex(parseEther('0.5')), data: '0x' },
      { to: b, value: toHex(parseEther('0.25')), data: '0x' },
    ]);
    const started = Date.now();
    const { result } = await client.call('/v1/wallet/sign', { chainId: 31337, method: 'wallet_sendCalls', params: prepared.params });
    const status = await callsStatus(result.id);
    console.log(`wallet_sendCalls through the smart account: sign → status 200 in ${Date.now() - started} ms`);
    expect(status).toMatchObject({ atomic: true, status: 200, chainId: '0x7a69' });
    expect(status.receipts).toHaveLength(1);
    expect(await chain().getBalance({ address: a })).toBe(parseEther('0.5'));
    expect(await chain().getBalance({ address: b })).toBe(parseEther('0.25'));
    // one transaction (the bundler's handleOps to the EntryPoint) carried both calls
    const tx = await chain().getTransaction({ hash: status.receipts[0].transactionHash });
    expect(tx.to?.toLowerCase()).toBe(stack.bundler.entryPoint.toLowerCase());
    expect((await client.call('/v1/session')).user.smartAccountDeployed).toBe(true);
  });

  it('answers eth_sendTransaction with the hash of the transaction that carried the operation', async () => {
    const to = randomAddress();
    const { result: hash } = await client.prepareAndSign<Hex>('eth_sendTransaction', [{ from: user.address, to, value: toHex(12345n) }]);
    const receipt = await chain().getTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(await chain().getBalance({ address: to })).toBe(12345n);
  });

  it('refuses, before asking the user, a bundle the bundler cannot run (a call that reverts)', async () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [randomAddress(), parseUnits('1', 18)] });
    const params = [{ version: '2.0.0', chainId: '0x7a69', from: user.address, calls: [{ to: randomAddress(), value: '0x1' }, { to: stack.tokens[0]!.address, data: transfer }] }];
    const err = await client.fails('/v1/wallet/prepare', { chainId: 31337, method: 'wallet_sendCalls', params });
    expect(err.code).toBe('gas_unknown');
  });

  it('has no call that creates the account outside an approved operation (INIT_SMART_ACCOUNT only reports it)', async () => {
    expect((await client.fails('/v1/account/smart-account', { chainId: 31337 })).status).toBe(404);
  });

  it('refuses a prepared operation whose nonce moved (already sent)', async () => {
    const { prepared } = await client.call<{ prepared: Prepared }>('/v1/wallet/prepare', {
      chainId: 31337,
      method: 'eth_sendTransaction',
      params: [{ from: user.address, to: randomAddress(), value: '0x1' }],
    });
    await client.call('/v1/wallet/sign', { chainId: 31337, method: 'eth_sendTransaction', params: prepared.params });
    const err = await client.fails('/v1/wallet/sign', { chainId: 31337, method: 'eth_sendTransaction', params: prepared.params });
    expect(err.status).toBe(409);
  });

  it('switches back to the key’s own address', async () => {
    const back = (await client.call('/v1/account/type', { type: 'eoa' })).user;
    expect(back.accountType).toBe('eoa');
    expect(back.address).toBe(user.eoaAddress);
  });
});
