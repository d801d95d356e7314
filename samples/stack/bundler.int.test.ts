/**
 * The stack's ERC-4337 parts, for real: the EntryPoint v0.8 and the SimpleAccountFactory deployed on
 * chain 31337 from @account-abstraction/contracts' artifacts, and the Alto bundler the stack runs.
 * User operations are sent with viem's account-abstraction client (samples/shared/simpleAccount.ts):
 * the smart account is created by its first operation, and the calls of one operation land
 * together or not at all.
 */
import { createPublicClient, erc20Abi, http, parseAbi, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { createBundlerClient, entryPoint08Abi, entryPoint08Address } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { startTestStack, type TestStack } from '../../tests/support/stack';
import { accountAbstractionAddresses, loadAccountAbstractionArtifacts, ENTRY_POINT_08, SIMPLE_ACCOUNT_FACTORY_08 } from '../contracts/accountAbstraction';
import { toSimpleAccount } from '../shared/simpleAccount';

let stack: TestStack;
let rpcUrl: string;

beforeAll(async () => {
  // the run's shared stack when the run has one (nothing here needs a pristine chain: fresh keys and accounts), else a stack of its own
  stack = await startTestStack({ requireDemoBuild: false });
  rpcUrl = stack.chains[0]!.rpcUrl;
  console.log(`bundler: ready ${stack.bundler.readyMs} ms after the chain (EntryPoint and factory deployed in ${stack.bundler.deployMs} ms; Alto bundle ${stack.bundler.bundleCached ? 'cached' : 'made now'})`);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
}, 30_000);

const publicClient = () => createPublicClient({ chain: foundry, transport: http(rpcUrl) });
const balance = (address: Address) => publicClient().getBalance({ address });
const randomAddress = () => privateKeyToAccount(generatePrivateKey()).address;

/** A fresh owner's smart account (not deployed yet) with 10 ETH, and a bundler client for it. */
async function freshAccount() {
  const client = publicClient();
  const account = await toSimpleAccount({ client, owner: privateKeyToAccount(generatePrivateKey()), factory: stack.bundler.factory });
  await client.request({ method: 'anvil_setBalance', params: [account.address, `0x${parseEther('10').toString(16)}`] } as never);
  const bundler = createBundlerClient({ account, client, transport: http(stack.bundler.url), pollingInterval: 50 });
  return { client, account, bundler };
}

describe('the ERC-4337 parts of the stack', () => {
  it('are the published v0.8 contracts at their public addresses, named in /config.json and served by the bundler', async () => {
    const config = (await (await fetch(stack.configUrl)).json()) as { bundler: { url: string; entryPoint: string; factory: string; chainId: number } };
    expect(config.bundler).toEqual({ url: stack.bundler.url, entryPoint: ENTRY_POINT_08, factory: SIMPLE_ACCOUNT_FACTORY_08, chainId: 31337 });
    expect(accountAbstractionAddresses(loadAccountAbstractionArtifacts())).toEqual({ entryPoint: entryPoint08Address, factory: SIMPLE_ACCOUNT_FACTORY_08 });
    const client = publicClient();
    // the runtime code the artifacts' constructors leave (same length: only immutables differ), and the factory wired to this EntryPoint
    const code = await client.getCode({ address: ENTRY_POINT_08 });
    const runtime = ((await import('@account-abstraction/contracts/artifacts/EntryPoint.json')) as unknown as { deployedBytecode: Hex }).deployedBytecode;
    expect(code?.length).toBe(runtime.length);
    const senderCreator = parseAbi(['function senderCreator() view returns (address)']);
    expect(await client.readContract({ address: SIMPLE_ACCOUNT_FACTORY_08, abi: senderCreator, functionName: 'senderCreator' })).toBe(
      await client.readContract({ address: ENTRY_POINT_08, abi: senderCreator, functionName: 'senderCreator' }),
    );
    expect(await client.getCode({ address: SIMPLE_ACCOUNT_FACTORY_08 })).toMatch(/^0x[0-9a-f]{100,}$/);
    const bundler = createBundlerClient({ client, transport: http(stack.bundler.url) });
    expect(await bundler.getSupportedEntryPoints()).toEqual([ENTRY_POINT_08]);
    expect(await bundler.getChainId()).toBe(31337);
  });

  it('creates a smart account with its first user operation, whose two calls land together', async () => {
    const { client, account, bundler } = await freshAccount();
    expect(await account.isDeployed()).toBe(false);
    const [a, b] = [randomAddress(), randomAddress()];
    const started = Date.now();
    const hash = await bundler.sendUserOperation({
      calls: [
        { to: a, value: parseEther('1') },
        { to: b, value: parseEther('2') },
      ],
    });
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 50 });
    console.log(`first user operation (account created + two calls): ${Date.now() - started} ms from send to receipt`);
    expect(receipt.success).toBe(true);
    expect(receipt.sender).toBe(account.address);
    expect(receipt.entryPoint.toLowerCase()).toBe(ENTRY_POINT_08.toLowerCase());
    expect(await balance(a)).toBe(parseEther('1'));
    expect(await balance(b)).toBe(parseEther('2'));
    // created on first use by the factory, and owned by the key
    expect(await client.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]+$/);
    expect(await client.readContract({ address: account.address, abi: account.abi, functionName: 'owner' })).toBe(account.owner.address);
    // one transaction of the bundler carried the operation
    const tx = await client.getTransactionReceipt({ hash: receipt.receipt.transactionHash });
    expect(tx.to?.toLowerCase()).toBe(ENTRY_POINT_08.toLowerCase());
    expect(tx.status).toBe('success');
    // the account paid for its gas: what it prepaid beyond the cost stays its deposit at the EntryPoint
    const deposit = await client.readContract({ address: ENTRY_POINT_08, abi: entryPoint08Abi, functionName: 'balanceOf', args: [account.address] });
    expect((await balance(account.address)) + deposit).toBe(parseEther('7') - receipt.actualGasCost);

    // a second operation goes to the deployed account (no init code)
    const again = await bundler.sendUserOperation({ calls: [{ to: a, value: 1n }] });
    expect((await bundler.waitForUserOperationReceipt({ hash: again, pollingInterval: 50 })).success).toBe(true);
    const op = await bundler.getUserOperation({ hash: again });
    expect(op.userOperation.factory ?? null).toBeNull();
    expect(await balance(a)).toBe(parseEther('1') + 1n);
  });

  it('lands neither call when one reverts (atomic)', async () => {
    const { client, account, bundler } = await freshAccount();
    const c = randomAddress();
    const lkd = stack.tokens[0]!.address;
    // the account holds no LKD: the token's transfer reverts, and takes the first call with it
    const hash = await bundler.sendUserOperation({
      calls: [
        { to: c, value: parseEther('1') },
        { to: lkd, abi: erc20Abi, functionName: 'transfer', args: [c, parseUnits('1', 18)] },
      ],
      // the bundler's estimate fails on the revert: the operation brings its own gas limits
      callGasLimit: 200_000n,
      verificationGasLimit: 600_000n,
      preVerificationGas: 100_000n,
    });
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 50 });
    expect(receipt.success).toBe(false);
    expect(await balance(c)).toBe(0n);
    expect(await client.readContract({ address: lkd, abi: erc20Abi, functionName: 'balanceOf', args: [c] })).toBe(0n);
    // the operation itself was included: the account exists and its nonce moved
    expect(await account.isDeployed()).toBe(true);
    expect(receipt.receipt.status).toBe('success');
  });
});
