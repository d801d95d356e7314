/** English, inline in the views' chunk (the other locales are chunks of their own). */
export const en = {
  spam: 'Spam',
  nftsUnsupported: 'NFTs are not available on this network.',
  nftsUnavailable: 'NFTs are shown when a blockchain API is configured.',
  loadingNfts: 'Loading NFTs…',
  nftsError: 'NFTs could not be loaded.',
  noNfts: 'No NFTs yet.',
  nfts: 'NFTs',
  hideSpam: 'Hide spam',
  showSpam: 'Show {count} hidden as spam',
  loadMore: 'Load more',
  balancesUnsupported: 'Balances are not available on this network.',
  loadingBalances: 'Loading balances…',
  balancesError: 'Balances could not be loaded. They are tried again in a moment.',
  noTokens: 'No tokens yet.',
  tokenBalances: 'Token balances',
  readFromNetwork: 'Read from the network; no prices without a blockchain API.',
};
