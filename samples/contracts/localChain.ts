/**
 * What the deploy scripts (deploy.ts, exchange.ts, ens.ts, accountAbstraction.ts) do on a local
 * anvil chain before and after their own transactions: connect over HTTP (10 s timeout, no
 * retries), check the node is the chain they were told, list its unlocked dev accounts, record
 * every transaction they send, at the end wait for each receipt and refuse a reverted one, and
 * check that the contracts have code where they were expected.
 */
import { createPublicClient, createWalletClient, getAddress, http, TransactionReceiptNotFoundError, type Account, type Address, type Hash, type PublicClient, type TransactionReceipt } from 'viem';

/**
 * The receipt of `hash` once the node has mined it, asked every 20 ms (a local node has no
 * replacements or reorgs to watch for, so no more than the receipt is needed). When it is not
 * mined within `timeoutMs` the error says what the node knows of the transaction, its head and
 * its pool.
 */
export async function waitMined(client: PublicClient, hash: Hash, timeoutMs = 10_000): Promise<TransactionReceipt> {
  const end = Date.now() + timeoutMs;
  do {
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (err) {
      if (!(err instanceof TransactionReceiptNotFoundError)) throw err;
    }
    await new Promise((r) => setTimeout(r, 20));
  } while (Date.now() < end);
  const known = (method: string, params: unknown[] = []) =>
    client.request({ method, params } as never).then((x) => JSON.stringify(x), (err: Error) => `(${method} failed: ${err.message})`);
  const [tx, head, pool] = await Promise.all([known('eth_getTransactionByHash', [hash]), known('eth_blockNumber'), known('txpool_status')]);
  throw new Error(`transaction ${hash} was not mined in ${timeoutMs} ms; the node knows it as ${tx}, its head is ${head}, its pool ${pool}`);
}

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
  const hasCode = async (address: Address): Promise<boolean> => {
    const code = await client.getCode({ address });
    return Boolean(code && code !== '0x');
  };
  return {
    client,
    accounts,
    /** The hashes sent through `send`, in order. */
    hashes,
    /** A wallet client that signs as `account` (an unlocked account of the node, or a local account with a key). */
    wallet: (account: Address | Account) => createWalletClient({ account, chain, transport }),
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
        const receipt = await waitMined(client, hash);
        if (receipt.status !== 'success') throw fail(`${what} transaction ${hash} reverted`);
        if (receipt.blockNumber > lastBlock) lastBlock = receipt.blockNumber;
      }
      return lastBlock;
    },
    /** Whether there is code at `address`. */
    hasCode,
    /** `fail("no code at the <name> address <address>")` for the first of `addresses` (name → address) without code. */
    requireCode: async (addresses: Readonly<Record<string, Address>>): Promise<void> => {
      for (const [name, address] of Object.entries(addresses)) {
        if (!(await hasCode(address))) throw fail(`no code at the ${name} address ${address}`);
      }
    },
  };
}
