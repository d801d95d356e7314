/**
 * Wallet-standard Solana chain ids ↔ the kernel's CAIP-2 networks.
 *
 * Wallets name clusters `solana:mainnet`, `solana:devnet`, `solana:testnet` and
 * `solana:localnet` (a local validator); some also list CAIP-2 ids (`solana:` + the first 32
 * characters of the genesis hash, e.g. the local chain `solana:BnAZyDyPdEZzajeAKFyfJg6h4CW6WGvu`).
 * The kernel names networks by CAIP-2 id only.
 */
import type { CaipNetwork } from 'latchkey';

/** Genesis references (CAIP-2) of the public clusters, by wallet-standard name. */
export const SOLANA_CLUSTERS: Readonly<Record<'mainnet' | 'devnet' | 'testnet', string>> = Object.freeze({
  mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
});

/** Older CAIP-2 references some wallets still use (the kernel's `deprecatedCaipNetworkId`s). */
const DEPRECATED: Readonly<Record<string, string>> = Object.freeze({
  '4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ': SOLANA_CLUSTERS.mainnet,
  '8E9rvCKLFQia2Y35HXjjpWzj8weVo44K': SOLANA_CLUSTERS.devnet,
});

export const SOLANA_LOCALNET = 'solana:localnet';

const LOCAL_HOST = /^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/|$)/i;

function refOf(id: string): string {
  return id.slice(id.indexOf(':') + 1);
}

function clusterName(network: CaipNetwork): string | undefined {
  const refs = [refOf(network.caipNetworkId), ...(network.deprecatedCaipNetworkId ? [refOf(network.deprecatedCaipNetworkId)] : [])].map((r) => DEPRECATED[r] ?? r);
  return (Object.keys(SOLANA_CLUSTERS) as (keyof typeof SOLANA_CLUSTERS)[]).find((k) => refs.includes(SOLANA_CLUSTERS[k]));
}

/** True for a network that is none of the public clusters (a local or private chain). */
function isCustomSolanaNetwork(network: CaipNetwork): boolean {
  return clusterName(network) === undefined;
}

/**
 * The wallet-standard chain id to hand `wallet` for `network`, from the ids the wallet lists:
 * the network's CAIP-2 id, its deprecated id, its cluster name, and for a chain that is no
 * public cluster `solana:localnet`. A wallet that lists no chains gets the cluster name (or
 * the CAIP-2 id of a custom chain).
 */
export function walletChainFor(network: CaipNetwork, walletChains: readonly string[]): string {
  const cluster = clusterName(network);
  const candidates = [
    network.caipNetworkId,
    ...(network.deprecatedCaipNetworkId ? [network.deprecatedCaipNetworkId] : []),
    cluster ? `solana:${cluster}` : SOLANA_LOCALNET,
  ];
  return candidates.find((c) => walletChains.includes(c)) ?? (cluster ? `solana:${cluster}` : network.caipNetworkId);
}

/**
 * The requested network a wallet-standard chain id stands for: a cluster name → that
 * cluster's network; `solana:localnet` → the host's custom network served from this machine
 * (else its first custom network); a CAIP-2 id → the network with that (or that deprecated) id.
 */
export function networkForWalletChain(chain: string, networks: readonly CaipNetwork[]): CaipNetwork | undefined {
  if (!chain.startsWith('solana:')) return undefined;
  const name = refOf(chain);
  if (chain === SOLANA_LOCALNET) {
    const custom = networks.filter(isCustomSolanaNetwork);
    return custom.find((n) => n.rpcUrls.default.http.some((u) => LOCAL_HOST.test(u))) ?? custom[0];
  }
  const ref = name in SOLANA_CLUSTERS ? SOLANA_CLUSTERS[name as keyof typeof SOLANA_CLUSTERS] : (DEPRECATED[name] ?? name);
  return networks.find((n) => [n.caipNetworkId, n.deprecatedCaipNetworkId].some((id) => id !== undefined && (DEPRECATED[refOf(id)] ?? refOf(id)) === ref));
}
