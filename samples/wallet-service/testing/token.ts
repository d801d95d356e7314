/**
 * Test support: the dev stack's ERC-20 (samples/contracts/LatchkeyDevToken.sol, "LKD", 18 decimals)
 * deployed on a test anvil by its first unlocked account, which holds the supply and can hand some
 * to a wallet under test. Compiled once per machine (the same on-disk cache as the dev stack).
 */
import { join, resolve } from 'node:path';
import { createPublicClient, createWalletClient, encodeFunctionData, getAddress, http, parseAbi, parseUnits, type Address, type Hex } from 'viem';
import { compileContracts } from '../../contracts/compile';

const REPO_ROOT = resolve(__dirname, '../../..');
export const TOKEN_ABI = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
]);

export interface TestToken {
  readonly address: Address;
  /** Sends `amount` whole tokens from the deployer to `to`. */
  give(to: Address, amount: string): Promise<void>;
  balanceOf(owner: Address): Promise<bigint>;
  allowance(owner: Address, spender: Address): Promise<bigint>;
}

export async function deployTestToken(rpcUrl: string): Promise<TestToken> {
  const { contracts } = await compileContracts({ sourcesDir: join(REPO_ROOT, 'samples/contracts'), cacheDir: join(REPO_ROOT, '.cache', 'contracts') });
  const artifact = contracts.LatchkeyDevToken!;
  const chain = createPublicClient({ transport: http(rpcUrl) });
  const wallet = createWalletClient({ transport: http(rpcUrl) });
  const [deployer] = await wallet.getAddresses();
  const account = deployer!;
  const hash = await wallet.deployContract({ account, abi: artifact.abi, bytecode: artifact.bytecode, args: [parseUnits('1000000', 18)], chain: null });
  const receipt = await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  const address = getAddress(receipt.contractAddress!);
  const read = (functionName: 'balanceOf' | 'allowance', args: readonly Address[]) =>
    chain.readContract({ address, abi: TOKEN_ABI, functionName, args } as never) as Promise<bigint>;
  return {
    address,
    async give(to, amount) {
      const data: Hex = encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [to, parseUnits(amount, 18)] });
      const h = await wallet.sendTransaction({ account, to: address, data, chain: null });
      await chain.waitForTransactionReceipt({ hash: h, pollingInterval: 50 });
    },
    balanceOf: (owner) => read('balanceOf', [owner]),
    allowance: (owner, spender) => read('allowance', [owner, spender]),
  };
}
