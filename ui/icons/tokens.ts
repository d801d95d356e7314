/**
 * Marks of well-known tokens (the token chooser, the Tokens tab): a chain's own mark for its
 * native currency, simple marks in the brand's colour for the common stablecoins, and the
 * monogram for any other symbol. SVG data URIs: no network, no third-party host.
 */
import { BITCOIN_MARK, ETHEREUM_MARK, SOLANA_MARK } from './chains';
import { disc, letter, monogram, svg } from './svg';

const TOKEN_MARKS: Readonly<Record<string, string>> = {
  ETH: ETHEREUM_MARK,
  WETH: ETHEREUM_MARK,
  SOL: SOLANA_MARK,
  BTC: BITCOIN_MARK,
  USDC: /* @__PURE__ */ svg(`${disc('#2775CA')}${letter('$', '#fff', 18)}<circle cx="16" cy="16" r="10.5" fill="none" stroke="#fff" stroke-width="1.6"/>`),
  USDT: /* @__PURE__ */ svg(`${disc('#26A17B')}<path fill="#fff" d="M9.5 9h13v3h-5v2c3 .2 5 .8 5 1.6s-2 1.4-5 1.6V24h-3v-6.8c-3-.2-5-.8-5-1.6s2-1.4 5-1.6v-2h-5z"/>`),
  DAI: /* @__PURE__ */ svg(`${disc('#F5AC37')}<path fill="none" stroke="#fff" stroke-width="2.4" d="M11 9.5h4.5a6.5 6.5 0 0 1 0 13H11zM8.5 14.5h15M8.5 17.5h15"/>`),
};

/** The mark of a token by its symbol: a well-known token's, else its monogram. */
export function tokenMark(symbol: string): string {
  return TOKEN_MARKS[symbol.toUpperCase()] ?? monogram(symbol);
}
