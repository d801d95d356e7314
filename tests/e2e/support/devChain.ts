/**
 * The demo stack's first chain (anvil) as the e2e files read it with viem: a public client, its
 * unlocked accounts (the dev wallet's, checksummed) and the dev ERC-20 LKD with its balances.
 */
import { createPublicClient, erc20Abi, getAddress, http, type Address } from 'viem';
import type { StackToken, TestStack } from '../../support/stack';

export interface DevChain {
  readonly client: ReturnType<typeof createPublicClient>;
  /** eth_accounts: the dev wallet's accounts, account 0 first. */
  readonly accounts: readonly Address[];
  /** The dev ERC-20 (the stack's first token). */
  readonly lkd: StackToken;
  lkdBalance(who: Address): Promise<bigint>;
}

/** Reads the stack's first chain: its client, accounts and LKD. */
export async function readDevChain(stack: TestStack): Promise<DevChain> {
  const client = createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) });
  const accounts = ((await client.request({ method: 'eth_accounts' as never })) as string[]).map((a) => getAddress(a));
  const lkd = stack.tokens[0]!;
  return {
    client,
    accounts,
    lkd,
    lkdBalance: (who) => client.readContract({ address: lkd.address, abi: erc20Abi, functionName: 'balanceOf', args: [who] }),
  };
}
