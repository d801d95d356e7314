/** English, inline in the token chooser's chunk (the other locales are chunks of their own). */
export const en = {
  selectToken: 'Select token',
  selectAToken: 'Select a token',
  searchTokens: 'Search tokens',
  searchPlaceholder: 'Search name or paste address',
  suggestedTokens: 'Suggested tokens',
  tokens: 'Tokens',
  noTokensFound: 'No tokens found',
  cancel: 'Cancel',
};
