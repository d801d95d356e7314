/**
 * Icons of well-known chains: simple marks drawn for Latchkey (not the projects' logos),
 * as SVG data URIs, so they need no network and pass `img-src data:`. A chunk of its own,
 * loaded with the network list (see ./chainIcon.ts), never in the entry.
 */
import type { CaipNetwork } from '../../kernel/index';

import { disc, svg } from './svg';

/** The ethereum mark (tokens of that chain reuse it: ./tokens.ts). */
export const ETHEREUM_MARK = /* @__PURE__ */ svg(`${disc('#627EEA')}<path fill="#fff" d="M16 4l7.5 12.3L16 20.7l-7.5-4.4z"/><path fill="#fff" fill-opacity=".6" d="M16 22.2l7.5-4.4L16 28.4l-7.5-10.6z"/>`);

/** The solana mark (tokens of that chain reuse it: ./tokens.ts). */
export const SOLANA_MARK = /* @__PURE__ */ svg(
  `${disc('#000')}<defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#9945FF"/><stop offset="1" stop-color="#14F195"/></linearGradient></defs><path fill="url(#g)" d="M10.5 9.5h13.2l-2.2 2.6H8.3zM8.3 14.7h13.2l2.2 2.6H10.5zM10.5 19.9h13.2l-2.2 2.6H8.3z"/>`,
);

/** The bitcoin mark (tokens of that chain reuse it: ./tokens.ts). */
export const BITCOIN_MARK = /* @__PURE__ */ svg(
  `${disc('#F7931A')}<path fill="none" stroke="#fff" stroke-width="2.4" stroke-linejoin="round" d="M11.5 9h6a3.5 3.5 0 010 7h-6zM11.5 16h7a3.5 3.5 0 010 7h-7zM11.5 9v14M14 6.5V9M17 6.5V9M14 23v2.5M17 23v2.5"/>`,
);

/** Icon by chain family. */
export const CHAIN_ICONS = {
  ethereum: ETHEREUM_MARK,
  optimism: /* @__PURE__ */ svg(`${disc('#FF0420')}<ellipse cx="11.3" cy="16" rx="4.2" ry="5.2" fill="none" stroke="#fff" stroke-width="2.6"/><path fill="none" stroke="#fff" stroke-width="2.6" stroke-linejoin="round" d="M18.6 21.4V10.6h4.1a3.1 3.1 0 010 6.2h-4.1"/>`),
  arbitrum: /* @__PURE__ */ svg(`${disc('#213147')}<path fill="none" stroke="#12AAFF" stroke-width="2.8" stroke-linecap="round" d="M9.5 23.5L16 8l6.5 15.5"/><path fill="none" stroke="#fff" stroke-width="2.8" stroke-linecap="round" d="M12.5 18.5h7"/>`),
  polygon: /* @__PURE__ */ svg(`${disc('#8247E5')}<path fill="none" stroke="#fff" stroke-width="2.4" stroke-linejoin="round" d="M20.5 12.5l-4.5-2.6-4.5 2.6v5.2l4.5 2.6 4.5-2.6zM11.5 17.7l-4.5 2.6V15M20.5 12.5l4.5-2.6V15"/>`),
  base: /* @__PURE__ */ svg(`${disc('#0052FF')}<circle cx="16" cy="16" r="9" fill="#fff"/><rect x="6" y="14.6" width="10" height="2.8" fill="#0052FF"/>`),
  bnb: /* @__PURE__ */ svg(`${disc('#F0B90B')}<path fill="#fff" d="M16 7.5l3 3-3 3-3-3zM10.5 13l3 3-3 3-3-3zM21.5 13l3 3-3 3-3-3zM16 18.5l3 3-3 3-3-3zM16 14.2l1.8 1.8-1.8 1.8-1.8-1.8z"/>`),
  avalanche: /* @__PURE__ */ svg(`${disc('#E84142')}<path fill="#fff" d="M14.6 8.6a1.6 1.6 0 012.8 0l2 3.5-6.8 11.7H8.3a1.4 1.4 0 01-1.2-2.1zM20.7 15.3a1.5 1.5 0 012.6 0l3.6 6.3a1.4 1.4 0 01-1.2 2.1h-7.2a1.4 1.4 0 01-1.2-2.1z"/>`),
  gnosis: /* @__PURE__ */ svg(`${disc('#3E6957')}<circle cx="11.5" cy="17.5" r="4.5" fill="none" stroke="#fff" stroke-width="2.4"/><circle cx="20.5" cy="17.5" r="4.5" fill="none" stroke="#fff" stroke-width="2.4"/><path fill="#fff" d="M8 9l4 3.5H8zM24 9l-4 3.5h4z"/>`),
  zksync: /* @__PURE__ */ svg(`${disc('#1E1E1E')}<path fill="#fff" d="M21 9.5l6 6.5-6 6.5v-4.3l-6-2.2 6-2.2zM11 22.5L5 16l6-6.5v4.3l6 2.2-6 2.2z"/>`),
  celo: /* @__PURE__ */ svg(`${disc('#FCFF52')}<circle cx="13.5" cy="18.5" r="6" fill="none" stroke="#000" stroke-width="2.4"/><circle cx="18.5" cy="13.5" r="6" fill="none" stroke="#000" stroke-width="2.4"/>`),
  solana: SOLANA_MARK,
  bitcoin: BITCOIN_MARK,
  local: /* @__PURE__ */ svg(`${disc('#4B5563')}<path fill="#fff" d="M7 10.5h15.5c0 2.8 1.8 3.8 3.5 4v1.3h-6.4l-1.1 2.2 2.6 1.5V22H11.9v-2.5l2.6-1.5-1.2-2.7C10 15.2 7.9 13.4 7 10.5z"/>`),
} as const;

export type ChainFamily = keyof typeof CHAIN_ICONS;

/** EVM chain ids (mainnets and their main testnets) by family. */
const EVM_FAMILIES: Readonly<Record<number, ChainFamily>> = {
  1: 'ethereum', 11155111: 'ethereum', 17000: 'ethereum', 560048: 'ethereum',
  10: 'optimism', 11155420: 'optimism',
  42161: 'arbitrum', 42170: 'arbitrum', 421614: 'arbitrum',
  137: 'polygon', 80002: 'polygon', 1101: 'polygon',
  8453: 'base', 84532: 'base',
  56: 'bnb', 97: 'bnb', 204: 'bnb',
  43114: 'avalanche', 43113: 'avalanche',
  100: 'gnosis', 10200: 'gnosis',
  324: 'zksync', 300: 'zksync',
  42220: 'celo', 44787: 'celo', 11142220: 'celo',
  31337: 'local', 1337: 'local',
};

/** The family of `network`, from its namespace and chain id; undefined for a chain we have no mark for. */
export function chainFamily(network: Pick<CaipNetwork, 'id' | 'chainNamespace'>): ChainFamily | undefined {
  if (network.chainNamespace === 'solana') return 'solana';
  if (network.chainNamespace === 'bip122') return 'bitcoin';
  if (network.chainNamespace !== 'eip155') return undefined;
  const id = typeof network.id === 'number' ? network.id : Number(network.id);
  return Number.isInteger(id) ? EVM_FAMILIES[id] : undefined;
}

/** The bundled icon of `network`, or undefined. */
export function chainIcon(network: Pick<CaipNetwork, 'id' | 'chainNamespace'>): string | undefined {
  const family = chainFamily(network);
  return family ? CHAIN_ICONS[family] : undefined;
}
