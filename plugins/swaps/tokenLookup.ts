/**
 * The tokens a swap offers besides its source's list: the plugin config's tokens for a network,
 * the host's `tokens` option entry, and any ERC-20 looked up on the chain by address (a pasted
 * address, a `fromToken`/`toToken` argument): symbol(), name() and decimals() read through the
 * kernel's RPC transport.
 */
import type { CaipNetwork, Options } from 'latchkey';
import { MAX_TOKENS } from './constants';
import type { ChainReader } from './rpc';
import { plainAddress } from './tokens';
import type { SwapToken, SwapsConfig } from './types';

/** An ERC-20 by address: symbol(), name() and decimals() from the chain; undefined when it does not answer like one. */
export async function lookupToken(ref: string, network: CaipNetwork, reader: ChainReader): Promise<SwapToken | undefined> {
  const address = plainAddress(ref);
  if (!/^0x[0-9a-fA-F]{40}$/.test(address) || (ref.includes(':') && !ref.toLowerCase().startsWith(`${network.caipNetworkId}:`))) return undefined;
  // Not an ERC-20 (no code, a revert, an answer that does not decode): no symbol or decimals.
  const { symbol, name, decimals } = await reader.token(address);
  if (!symbol || decimals === undefined || decimals > 36) return undefined;
  return { address: `${network.caipNetworkId}:${address.toLowerCase()}`, symbol, name: name || symbol, decimals };
}

/** The plugin config's tokens for the network (symbol and decimals read from the chain when missing). */
export async function configTokens(config: SwapsConfig, network: CaipNetwork, reader: ChainReader): Promise<SwapToken[]> {
  const list = config.tokens?.[network.caipNetworkId] ?? [];
  const out = await Promise.all(
    list.slice(0, MAX_TOKENS).map(async (t) => {
      const address = t.address.includes(':') ? t.address : `${network.caipNetworkId}:${t.address}`;
      if (t.symbol && t.decimals !== undefined) return { address, symbol: t.symbol, name: t.name ?? t.symbol, decimals: t.decimals, ...(t.logoUri ? { logoUri: t.logoUri } : {}) };
      return lookupToken(address, network, reader);
    }),
  );
  return out.filter((t): t is SwapToken => t !== undefined);
}

/** The host's `tokens` option entry for the network (docs/account-features.md#portfolio), looked up on the chain. */
export async function hostTokens(options: Options, network: CaipNetwork, reader: ChainReader): Promise<SwapToken[]> {
  const entry = options.state.tokens?.[network.caipNetworkId];
  if (!entry) return [];
  const token = await lookupToken(entry.address, network, reader);
  return token ? [{ ...token, ...(entry.image ? { logoUri: entry.image } : {}) }] : [];
}
