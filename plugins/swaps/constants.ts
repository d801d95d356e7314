/**
 * The swap rules (docs/account-features.md#swaps) and the plugin's fixed figures.
 */
import type { CaipNetworkId, ChainNamespace } from 'latchkey';

/** docs/account-features.md#swaps: the eip155 chains swaps are offered on (hosts add theirs). */
export const SWAP_NETWORKS: readonly CaipNetworkId[] = [
  'eip155:1', // Ethereum
  'eip155:42161', // Arbitrum One
  'eip155:10', // Optimism
  'eip155:324', // zkSync Era
  'eip155:8453', // Base
  'eip155:56', // BNB Smart Chain
  'eip155:137', // Polygon
  'eip155:100', // Gnosis
  'eip155:43114', // Avalanche
  'eip155:250', // Fantom
  'eip155:8217', // Kaia (Klaytn)
  'eip155:1313161554', // Aurora
];

/**
 * Native token address placeholders per namespace (docs/account-features.md#portfolio). The address that
 * stands for a chain's own currency in token lists and quotes (the aggregators' convention for
 * EVM: 0xeeee…eeee; Solana's wrapped-SOL-like placeholder; none for the others).
 */
export const NATIVE_TOKEN_ADDRESS: Readonly<Record<ChainNamespace, string>> = {
  eip155: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  solana: 'So11111111111111111111111111111111111111111',
  bip122: '0x',
  polkadot: '0x',
};

/** docs/account-features.md#swaps: default slippage 1 (percent). */
export const DEFAULT_SLIPPAGE = 1;
/** Highest slippage accepted, percent. */
export const MAX_SLIPPAGE = 50;
/** Slippage choices offered next to a custom value. */
export const SLIPPAGE_PRESETS: readonly number[] = [0.1, 0.5, 1];

/** Symbols suggested first in the token chooser when the network lists them (our own pick of well-known tokens). */
export const SUGGESTED_SYMBOLS: readonly string[] = ['ETH', 'WETH', 'USDC', 'USDT', 'DAI', 'WBTC', 'UNI', 'LINK', 'AAVE', 'ARB', 'OP', 'MATIC', 'POL', 'BNB', 'AVAX'];

/** A quote is good for this long; the view then asks for a new one before swapping. */
export const QUOTE_TTL_MS = 30_000;
/** While the view is open and idle, the quote is refreshed this often. */
export const QUOTE_REFRESH_MS = 10_000;
/** Typing settles for this long before a quote is asked. */
export const QUOTE_DEBOUNCE_MS = 300;
/** Router deadline of a swap, seconds from sending (Uniswap's interface default). */
export const SWAP_DEADLINE_S = 1200;
/** How long a sent transaction is waited for (4 minutes). */
export const RECEIPT_TIMEOUT_MS = 240_000;
/**
 * After a swap, the blockchain API's balances (cached 30 s, docs/account-features.md#blockchain-api) are read again until
 * its index shows what the chain holds: at most this many reads, this far apart.
 */
export const API_SETTLE_READS = 6;
export const API_SETTLE_INTERVAL_MS = 500;
/** Gas given to the wallet: the node's estimate plus 25 % (a V2 pair writes its price accumulators only in a new second). */
export const GAS_HEADROOM_PERCENT = 25;
/** Gas assumed for a one-hop V2 swap before an estimate exists (shown as the network fee), and for each further hop. */
export const GAS_FIRST_HOP = 150_000n;
export const GAS_PER_EXTRA_HOP = 70_000n;
/** Most tokens kept from a source's list per network. */
export const MAX_TOKENS = 500;
/** Longest search text, characters. */
export const MAX_SEARCH_LENGTH = 64;
