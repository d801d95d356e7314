/**
 * Token and network rules: native placeholders, CAIP-10 addresses, which networks swap, the
 * suggested list and search. Pure functions.
 */
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from 'latchkey';
import { MAX_SEARCH_LENGTH, NATIVE_TOKEN_ADDRESS, SUGGESTED_SYMBOLS, SWAP_NETWORKS } from './constants';
import type { SwapToken, SwapsConfig } from './types';

/** The placeholder address of `namespace`'s native currency (docs/account-features.md#portfolio). */
export function nativeTokenAddress(namespace: ChainNamespace): string {
  return NATIVE_TOKEN_ADDRESS[namespace];
}

/** The network's own currency as a swap token (CAIP-10 address with the namespace's placeholder). */
export function nativeToken(network: CaipNetwork): SwapToken {
  const { name, symbol, decimals } = network.nativeCurrency;
  return { address: `${network.caipNetworkId}:${nativeTokenAddress(network.chainNamespace)}`, symbol, name, decimals };
}

/** The address part of a CAIP-10 address (or the address itself). */
export function plainAddress(address: string): string {
  const i = address.lastIndexOf(':');
  return i >= 0 ? address.slice(i + 1) : address;
}

/** The CAIP-2 network of a CAIP-10 address. */
export function networkOf(address: string): string {
  const i = address.lastIndexOf(':');
  return i >= 0 ? address.slice(0, i) : '';
}

/** True for the native currency's placeholder (any case). */
export function isNative(token: Pick<SwapToken, 'address'>): boolean {
  const ns = networkOf(token.address).split(':')[0] as ChainNamespace;
  const placeholder = NATIVE_TOKEN_ADDRESS[ns];
  return placeholder !== undefined && plainAddress(token.address).toLowerCase() === placeholder.toLowerCase();
}

export const tokenKey = (address: string): string => address.toLowerCase();
export const sameToken = (a: SwapToken | undefined, b: SwapToken | undefined): boolean => Boolean(a && b && tokenKey(a.address) === tokenKey(b.address));

/**
 * Whether swaps are offered on `network`: an eip155 network of the default list (docs/account-features.md#swaps), one the host
 * adds (`config.networks`), or one the host gives an exchange for.
 */
export function isSwapNetwork(network: Pick<CaipNetwork, 'caipNetworkId' | 'chainNamespace'> | undefined, config: SwapsConfig): boolean {
  if (!network || network.chainNamespace !== 'eip155') return false;
  const id = network.caipNetworkId;
  return SWAP_NETWORKS.includes(id) || Boolean(config.networks?.includes(id)) || Boolean(config.exchanges?.[id]);
}

/** Which quote source serves `network`: the aggregator when configured (unless told otherwise), else the network's exchange. */
export function sourceFor(networkId: CaipNetworkId, config: SwapsConfig, apiUrl: string | undefined): 'api' | 'onchain' | undefined {
  const hasApi = Boolean(apiUrl);
  const hasExchange = Boolean(config.exchanges?.[networkId]);
  switch (config.source ?? 'auto') {
    case 'api':
      return hasApi ? 'api' : undefined;
    case 'onchain':
      return hasExchange ? 'onchain' : undefined;
    default:
      return hasApi ? 'api' : hasExchange ? 'onchain' : undefined;
  }
}

/** Merges token lists: first occurrence of an address wins, at most `max`. */
export function mergeTokens(lists: readonly (readonly SwapToken[])[], max: number): SwapToken[] {
  const seen = new Set<string>();
  const out: SwapToken[] = [];
  for (const list of lists) {
    for (const t of list) {
      const key = tokenKey(t.address);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(t);
      if (out.length >= max) return out;
    }
  }
  return out;
}

/**
 * The token `ref` names in `tokens`: a CAIP-10 address, a plain address, or a symbol (any case;
 * the first match). What `open({ view: 'Swap', data: { fromToken, toToken } })` accepts.
 */
export function findToken(tokens: readonly SwapToken[], ref: string | undefined): SwapToken | undefined {
  if (!ref) return undefined;
  const r = ref.trim().toLowerCase();
  if (r.includes(':')) return tokens.find((t) => tokenKey(t.address) === r);
  if (/^0x[0-9a-f]{40}$/.test(r)) return tokens.find((t) => plainAddress(t.address).toLowerCase() === r);
  return tokens.find((t) => t.symbol.toLowerCase() === r);
}

/** The suggested quick picks: the host's tokens first, then well-known symbols, at most `max`. */
export function suggestedTokens(tokens: readonly SwapToken[], hostAddresses: readonly string[], max = 6): SwapToken[] {
  const host = hostAddresses.map((a) => a.toLowerCase());
  const byHost = tokens.filter((t) => host.includes(plainAddress(t.address).toLowerCase()) || host.includes(tokenKey(t.address)));
  const bySymbol = SUGGESTED_SYMBOLS.flatMap((s) => tokens.filter((t) => t.symbol.toUpperCase() === s));
  return mergeTokens([byHost, bySymbol], max);
}

/** Tokens whose symbol or name contains `query` (symbol prefix matches first), or whose address is `query`. */
export function searchTokens(tokens: readonly SwapToken[], query: string): SwapToken[] {
  const q = query.trim().slice(0, MAX_SEARCH_LENGTH).toLowerCase();
  if (!q) return [...tokens];
  if (/^0x[0-9a-f]{40}$/.test(q)) return tokens.filter((t) => plainAddress(t.address).toLowerCase() === q);
  const rank = (t: SwapToken) => {
    const s = t.symbol.toLowerCase();
    if (s === q) return 0;
    if (s.startsWith(q)) return 1;
    if (s.includes(q)) return 2;
    return t.name.toLowerCase().includes(q) ? 3 : -1;
  };
  return tokens
    .map((t) => [t, rank(t)] as const)
    .filter(([, r]) => r >= 0)
    .sort((a, b) => a[1] - b[1])
    .map(([t]) => t);
}
