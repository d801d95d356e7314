/**
 * What the deploy scripts (deploy.ts, exchange.ts) do on a local anvil chain before and after
 * their own transactions: connect over HTTP (10 s timeout, no retries), check the node is the
 * chain they were told, list its unlocked dev accounts, record every transaction they send,
 * and at the end wait for each receipt and refuse a reverted one.
 */
import { createPublicClient, createWalletClient, getAddress, http, type Address, type Hash } from 'viem';

/**
 * Connects to the chain `chainId` at `rpcUrl`; `fail` makes the caller's typed error from a
 * message (a node on another chain, a reverted transaction).
 */
export async function openLocalChain(rpcUrl: string, chainId: number, fail: (message: string) => Error) {
  const transport = http(rpcUrl, { timeout: 10_000, retryCount: 0 });
  const chain = {
    id: chainId,
    name: `local ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  } as const;
  const client = createPublicClient({ chain, transport });
  const actual = await client.getChainId();
  if (actual !== chainId) throw fail(`${rpcUrl} is chain ${actual}, expected ${chainId}`);
  /** The node's unlocked accounts (anvil: its dev mnemonic's), checksummed. */
  const accounts = ((await client.request({ method: 'eth_accounts' } as never)) as string[]).map((a) => getAddress(a));
  const hashes: Hash[] = [];
  return {
    client,
    accounts,
    /** The hashes sent through `send`, in order. */
    hashes,
    /** A wallet client that signs as `account` (an unlocked account of the node). */
    wallet: (account: Address) => createWalletClient({ account, chain, transport }),
    /** Awaits a sent transaction and records its hash for `confirmAll`. */
    send: async (sent: Promise<Hash>): Promise<Hash> => {
      const hash = await sent;
      hashes.push(hash);
      return hash;
    },
    /** Waits for every recorded transaction; `fail("<what> transaction <hash> reverted")` for one that reverted. Returns the last block. */
    confirmAll: async (what: string): Promise<bigint> => {
      let lastBlock = 0n;
      for (const hash of hashes) {
        const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: 10_000 });
        if (receipt.status !== 'success') throw fail(`${what} transaction ${hash} reverted`);
        if (receipt.blockNumber > lastBlock) lastBlock = receipt.blockNumber;
      }
      return lastBlock;
    },
  };
}
