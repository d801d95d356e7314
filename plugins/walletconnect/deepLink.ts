/**
 * Wallet links for a pairing URI (mobile). The URI must be ready before the
 * visitor taps, so the link opens inside the user gesture.
 */

/** The parts of a wallet directory entry a link needs. */
export interface WalletLinks {
  /** Custom scheme ('metamask://') or universal link ('https://metamask.app.link/'). */
  readonly mobileLink?: string;
  /** A universal link (https), preferred by iOS where a custom scheme may prompt. */
  readonly universalLink?: string;
}

/** `base` ending in exactly one '/' for https links; custom schemes keep their '://'. */
function normalizeBase(base: string): string {
  if (/^https?:\/\//i.test(base)) return base.endsWith('/') ? base : `${base}/`;
  if (base.includes('://')) return base.endsWith('/') ? base : `${base}/`;
  // 'metamask:' → 'metamask://'
  return base.endsWith(':') ? `${base}//` : `${base}://`;
}

/**
 * The link that opens `wallet` with the pairing `uri`:
 * universal links as `https://host/path/wc?uri=…`, custom schemes as `scheme://wc?uri=…`
 * (the URI percent-encoded). Undefined when the wallet has no mobile link.
 */
export function deepLink(wallet: WalletLinks, uri: string): string | undefined {
  const base = wallet.universalLink ?? wallet.mobileLink;
  if (!base) return undefined;
  return `${normalizeBase(base)}wc?uri=${encodeURIComponent(uri)}`;
}

/** True for http(s) universal links (open in the same tab), false for custom schemes. */
export function isUniversalLink(link: string): boolean {
  return /^https?:\/\//i.test(link);
}
