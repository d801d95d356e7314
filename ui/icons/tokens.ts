/**
 * Marks of tokens (the token chooser, the Tokens tab), chosen by what a token is, never by what
 * it calls itself: a network's native currency gets its network's mark (./chains.ts) by being
 * native, whatever its symbol; an ERC-20 or SPL token gets a brand's mark only when its network
 * and contract are one of the brand's own (KNOWN below); any other token gets its symbol's
 * monogram, so a token that names itself "USDC" at another address does not look like USDC.
 * A token's own icon (a host's or the data service's logo) is the caller's to put first.
 * SVG data URIs: no network, no third-party host.
 */
import { ETHEREUM_MARK, chainIcon } from './chains';
import { disc, letter, monogram, svg } from './svg';
import type { ChainNamespace } from '../../kernel/index';

/** What a token's mark is chosen by. */
export interface TokenMarkRef {
  readonly symbol: string;
  /** The token's CAIP-2 network ('eip155:1'); not needed when `address` is CAIP-10. Without a network, no brand mark. */
  readonly chainId?: string | undefined;
  /** The contract (mint) address, plain or CAIP-10; absent, empty or the namespace's placeholder for the native currency. */
  readonly address?: string | undefined;
}

const USDC = /* @__PURE__ */ svg(`${disc('#2775CA')}${letter('$', '#fff', 18)}<circle cx="16" cy="16" r="10.5" fill="none" stroke="#fff" stroke-width="1.6"/>`);
const USDT = /* @__PURE__ */ svg(`${disc('#26A17B')}<path fill="#fff" d="M9.5 9h13v3h-5v2c3 .2 5 .8 5 1.6s-2 1.4-5 1.6V24h-3v-6.8c-3-.2-5-.8-5-1.6s2-1.4 5-1.6v-2h-5z"/>`);
const DAI = /* @__PURE__ */ svg(`${disc('#F5AC37')}<path fill="none" stroke="#fff" stroke-width="2.4" d="M11 9.5h4.5a6.5 6.5 0 0 1 0 13H11zM8.5 14.5h15M8.5 17.5h15"/>`);

/** The native currency's placeholder address by namespace (docs/account-features.md#portfolio; lower case). */
const NATIVE: Readonly<Record<string, string>> = {
  eip155: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  solana: 'so11111111111111111111111111111111111111111',
};

/**
 * The brands' own contracts, `network:address` (EVM addresses in lower case, Solana mints as
 * written), from published lists, never guessed (ui/icons/tokens.test.ts checks USDC against
 * viem's `viem/tokens` list): USDC from Circle's list (developers.circle.com/stablecoins/usdc-contract-addresses,
 * the same as viem's `usdc.addresses`); USDT on Ethereum and OP Mainnet, WETH on Ethereum, OP
 * Mainnet and Base and DAI on Ethereum from the Superchain token list (ethereum-optimism.github.io
 * data/USDT, data/WETH, data/DAI); USDT and WETH on Polygon from Uniswap's default token list
 * (src/tokens/polygon.json); USDT on Arbitrum One as Reown AppKit lists it (arbitrumUSDT).
 * Not listed: USDT on Base (no Tether issue there, only a bridged token).
 */
const KNOWN: Readonly<Record<string, string>> = {
  'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': USDC,
  'eip155:10:0x0b2c639c533813f4aa9d7837caf62653d097ff85': USDC,
  'eip155:137:0x3c499c542cef5e3811e1192ce70d8cc03d5c3359': USDC,
  'eip155:8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913': USDC,
  'eip155:42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831': USDC,
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v': USDC,
  'eip155:1:0xdac17f958d2ee523a2206206994597c13d831ec7': USDT,
  'eip155:10:0x94b008aa00579c1307b0ef2c499ad98a8ce58e58': USDT,
  'eip155:137:0xc2132d05d31c914a87c6611c10748aeb04b58e8f': USDT,
  'eip155:42161:0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9': USDT,
  'eip155:1:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2': ETHEREUM_MARK,
  'eip155:10:0x4200000000000000000000000000000000000006': ETHEREUM_MARK,
  'eip155:8453:0x4200000000000000000000000000000000000006': ETHEREUM_MARK,
  'eip155:137:0x7ceb23fd6bc0add59e62ac25578270cff1b9f619': ETHEREUM_MARK,
  'eip155:1:0x6b175474e89094c44da98b954eedeac495271d0f': DAI,
};

/**
 * The mark of a token: its network's mark for the native currency, a brand's mark for the
 * brand's own contract on its own network, else the monogram of its symbol.
 */
export function tokenMark({ symbol, chainId, address = '' }: TokenMarkRef): string {
  const parts = address.split(':');
  const plain = parts.pop()!;
  const network = parts.length ? parts.join(':') : chainId;
  // no network, or a CAIP-10 address on another network than the token's: no brand
  if (!network || (chainId && network !== chainId)) return monogram(symbol);
  const [ns = '', ref = ''] = network.split(':');
  if (!plain || plain.toLowerCase() === NATIVE[ns]) return chainIcon({ chainNamespace: ns as ChainNamespace, id: ref }) ?? monogram(symbol);
  return KNOWN[`${network}:${ns === 'eip155' ? plain.toLowerCase() : plain}`] ?? monogram(symbol);
}
