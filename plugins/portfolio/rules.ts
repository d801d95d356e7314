/**
 * The portfolio's rules, as plain functions (docs/account-features.md#portfolio): which namespaces have
 * balances, which tokens are shown, the retry block after a failed fetch, NFT spam.
 */
import type { ChainNamespace, NftHolding, TokenBalance } from 'latchkey';

/** docs/account-features.md#which-namespaces-have-what: balances for eip155 and solana only. */
const BALANCE_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana'];

/** docs/account-features.md#portfolio: after a failed balance fetch, no new one for 30 s. */
export const BALANCE_RETRY_WAIT_MS = 30_000;

/** docs/account-features.md#blockchain-api: the portfolio cache lives 30 s (the kernel's BlockchainApi keeps it under this name). */
export const PORTFOLIO_CACHE = { name: 'portfolio', ttlMs: 30_000 } as const;


export function hasBalances(namespace: ChainNamespace | undefined): boolean {
  return namespace !== undefined && BALANCE_NAMESPACES.includes(namespace);
}

/** docs/account-features.md#portfolio: tokens with zero decimals are filtered out as low quality. */
export function withoutLowQuality(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances.filter((b) => Number(b.quantity.decimals) !== 0);
}

/** True while a fetch that failed at `lastRetry` blocks a new one (docs/account-features.md#portfolio: no new read for 30 s). */
export function retryBlocked(lastRetry: number | undefined, now: number): boolean {
  return lastRetry !== undefined && now >= lastRetry && now - lastRetry < BALANCE_RETRY_WAIT_MS;
}

/** NFTs split for display: what is shown, and the spam-flagged ones (hidden unless asked for). */
export function splitSpam(items: readonly NftHolding[]): { readonly shown: NftHolding[]; readonly spam: NftHolding[] } {
  const shown: NftHolding[] = [];
  const spam: NftHolding[] = [];
  for (const n of items) (n.isSpam ? spam : shown).push(n);
  return { shown, spam };
}

/**
 * An image URL a view may put in `src`: absolute http(s), or a data: image. Anything else
 * (javascript:, relative paths, other data: types) gives undefined and the fallback shows.
 */
export function imageUrl(url: string | undefined): string | undefined {
  if (typeof url !== 'string' || url.length > 100_000) return undefined;
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(url)) return url;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}
