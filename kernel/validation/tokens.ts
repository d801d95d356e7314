/** Token-list filters (spec section 5). */

/** Anything with a `quantity.decimals` (TokenBalance and similar). */
export interface HasDecimals {
  readonly quantity?: { readonly decimals?: string | number } | null;
}

/**
 * Drops low-quality tokens: those whose decimals are zero. Tokens without
 * decimals information are kept.
 */
export function filterLowQualityTokens<T extends HasDecimals>(tokens: readonly T[]): T[] {
  return tokens.filter((token) => {
    const decimals = token.quantity?.decimals;
    if (decimals === undefined || decimals === null || decimals === '') return true;
    return Number(decimals) !== 0;
  });
}
