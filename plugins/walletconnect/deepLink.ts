/**
 * Wallet links for a pairing URI (mobile). The URI must be ready before the
 * visitor taps, so the link opens inside the user gesture. Every link goes
 * through the UI's one URL gate ({@link sanitizeUrl}, use 'deepLink'): a wallet
 * whose link is `javascript:…`, `data:…` or any other scheme a browser runs or
 * reads locally gets no link at all.
 */
import { sanitizeUrl } from 'latchkey/ui';

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
 * (the URI percent-encoded). The universal link is preferred; a link the URL gate refuses
 * is skipped. Undefined when the wallet has no safe mobile link.
 */
export function deepLink(wallet: WalletLinks, uri: string): string | undefined {
  for (const base of [wallet.universalLink, wallet.mobileLink]) {
    if (typeof base !== 'string' || !base.trim()) continue;
    const link = sanitizeUrl(`${normalizeBase(base.trim())}wc?uri=${encodeURIComponent(uri)}`, 'deepLink');
    if (link) return link;
  }
  return undefined;
}

/** True when `wallet` has a mobile link that can open it (a safe universal link or wallet scheme). */
export function hasDeepLink(wallet: WalletLinks): boolean {
  return deepLink(wallet, 'wc:') !== undefined;
}
