/**
 * The sample wallet's anvil chains through viem: a viem Chain for each chain of the config,
 * the account's balance on each, and waiting for a transaction's receipt.
 */
import { createPublicClient, defineChain, http, type Chain, type Hex } from 'viem';
import { formatEth, type WalletChain } from './logic';

/** chainId → the viem Chain for each chain the wallet is configured with. */
export function viemChainsOf(chains: readonly WalletChain[]): Map<number, Chain> {
  const viemChains = new Map<number, Chain>();
  for (const c of chains) {
    viemChains.set(
      c.chainId,
      defineChain({
        id: c.chainId,
        name: c.name,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [c.rpcUrl] } },
      }),
    );
  }
  return viemChains;
}

/** chainId → the balance of `address` in ETH (text), or '?' where it could not be read. */
export async function readBalances(chains: readonly WalletChain[], viemChains: ReadonlyMap<number, Chain>, address: Hex): Promise<Record<number, string>> {
  const entries = await Promise.all(
    chains.map(async (c) => {
      try {
        const client = createPublicClient({ chain: viemChains.get(c.chainId)!, transport: http() });
        return [c.chainId, formatEth(await client.getBalance({ address }))] as const;
      } catch {
        return [c.chainId, '?'] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

/** The receipt of `hash` once mined (polled every 250 ms, at most 30 s). */
export async function waitForReceipt(chain: Chain, hash: Hex) {
  const client = createPublicClient({ chain, transport: http(), pollingInterval: 250 });
  return client.waitForTransactionReceipt({ hash, timeout: 30_000 });
}
