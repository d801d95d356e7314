import type { en } from './en';

export default {
  spam: 'Spam',
  nftsUnsupported: 'NFTs sind in diesem Netzwerk nicht verfügbar.',
  nftsUnavailable: 'NFTs werden angezeigt, wenn eine Blockchain-API konfiguriert ist.',
  loadingNfts: 'NFTs werden geladen…',
  nftsError: 'NFTs konnten nicht geladen werden.',
  noNfts: 'Noch keine NFTs.',
  nfts: 'NFTs',
  hideSpam: 'Spam ausblenden',
  showSpam: '{count} als Spam ausgeblendete anzeigen',
  loadMore: 'Mehr laden',
  balancesUnsupported: 'Guthaben sind in diesem Netzwerk nicht verfügbar.',
  loadingBalances: 'Guthaben werden geladen…',
  balancesError: 'Guthaben konnten nicht geladen werden. Gleich wird es erneut versucht.',
  noTokens: 'Noch keine Token.',
  tokenBalances: 'Token-Guthaben',
  readFromNetwork: 'Aus dem Netzwerk gelesen; ohne Blockchain-API keine Preise.',
  balanceUnavailable: 'Token-Guthaben nicht verfügbar',
} satisfies Partial<Record<keyof typeof en, string>>;
