import { localUrl, PORTS } from '../shared/ports.mjs';

/** What the demo server tells the page at /config.json. */
export interface DemoChain {
  readonly chainId: number;
  readonly name: string;
  readonly rpcUrl: string;
}

/** The local Solana chain (samples/solana). */
export interface DemoSolana {
  readonly rpcUrl: string;
  readonly wsUrl: string;
  /** `solana:` + the first 32 characters of the genesis hash */
  readonly caipNetworkId: `solana:${string}`;
}

/** A token of the stack (the dev ERC-20 first). */
export interface DemoToken {
  readonly chainId: number;
  readonly address: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly name?: string;
}

/** The stack's Uniswap V2 exchange. */
export interface DemoExchange {
  readonly chainId: number;
  readonly router: string;
  readonly factory: string;
  readonly weth: string;
}

/** ENS on a chain of the stack (chain 31337): the published registry, public resolver and reverse registrar, and the dev names. */
export interface DemoEns {
  readonly chainId: number;
  readonly registry: `0x${string}`;
  readonly universalResolver?: `0x${string}`;
  readonly publicResolver?: string;
  readonly reverseRegistrar?: string;
  readonly names?: readonly { readonly name: string; readonly address: string }[];
}

export interface DemoConfig {
  readonly chains: readonly DemoChain[];
  /** The local Solana chain, when the stack runs one. */
  readonly solana?: DemoSolana;
  /** Set when the demo failed to build and the fallback page is served. */
  readonly buildErrors?: readonly string[];
  /** A local WalletConnect relay, when the stack runs one. */
  readonly relayUrl?: string;
  /** The embedded-wallet service (its frame page is `${walletServiceUrl}/frame`), when the stack runs one. */
  readonly walletServiceUrl?: string;
  /** The local OpenID provider that stands in for the social logins, when the stack runs one. */
  readonly oidcIssuer?: string;
  /** The data service (the blockchain API: balances, history, NFTs, names; the swap aggregator), when the stack runs one. */
  readonly dataServiceUrl?: string;
  /** The local payment provider (its checkout page is `${onrampUrl}/checkout`), when the stack runs one. */
  readonly onrampUrl?: string;
  /** The dev ERC-20s the stack deployed (LKD on chain 31337 first). */
  readonly tokens?: readonly DemoToken[];
  /** The dev ERC-721s the stack deployed. */
  readonly nfts?: readonly { readonly chainId: number; readonly address: string; readonly name: string; readonly symbol?: string }[];
  /** The stack's Uniswap V2 exchange (router, factory, WETH9). */
  readonly exchange?: DemoExchange;
  /** ENS on the dev chain: the network's `contracts` name it, so names and avatars resolve there. */
  readonly ens?: DemoEns;
}

/**
 * The `tokens` option (docs/account-features.md#portfolio: one token per network) from /config.json's list: the
 * first token of each chain. Only read when there is no blockchain API (balances from the chain).
 */
export function tokensOption(tokens: readonly DemoToken[] | undefined): Record<`eip155:${number}`, { address: string }> {
  const out: Record<`eip155:${number}`, { address: string }> = {};
  for (const t of tokens ?? []) out[`eip155:${t.chainId}`] ??= { address: t.address };
  return out;
}

/**
 * The blockchain API for the page: /config.json's `dataServiceUrl`, unless `?blockchainApi=off`
 * (balances are then read from the chain: native + the `tokens` option).
 */
export function blockchainApiUrlFor(config: DemoConfig, params: URLSearchParams): string | undefined {
  return params.get('blockchainApi') === 'off' ? undefined : config.dataServiceUrl;
}

export async function loadConfig(): Promise<DemoConfig> {
  const res = await fetch('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`/config.json answered HTTP ${res.status}`);
  const config = (await res.json()) as DemoConfig;
  if (!Array.isArray(config.chains) || config.chains.length === 0) throw new Error('/config.json lists no chains');
  return config;
}

/** The chain the dev wallet starts on (and the only one it knows at first). */
export const DEV_WALLET_CHAIN_ID = 31337;

/** The relay the stack runs when /config.json names none (`npm start` serves it there). */
export const DEFAULT_RELAY_URL = localUrl(PORTS.relay, 'ws');

/**
 * The WalletConnect relay for the page: `?relay=ws://…` (tests start their own),
 * else /config.json's `relayUrl`, else {@link DEFAULT_RELAY_URL}. Only ws(s) URLs count.
 */
export function relayUrlFor(config: DemoConfig, params: URLSearchParams): string {
  const fromQuery = params.get('relay');
  if (fromQuery && /^wss?:\/\//.test(fromQuery)) return fromQuery;
  return config.relayUrl ?? DEFAULT_RELAY_URL;
}
