import type { en } from './en';

export default {
  spam: 'Spam',
  nftsUnsupported: 'Les NFT ne sont pas disponibles sur ce réseau.',
  nftsUnavailable: 'Les NFT s’affichent lorsqu’une API blockchain est configurée.',
  loadingNfts: 'Chargement des NFT…',
  nftsError: 'Impossible de charger les NFT.',
  noNfts: 'Pas encore de NFT.',
  nfts: 'NFT',
  hideSpam: 'Masquer le spam',
  showSpam: 'Afficher {count} masqués comme spam',
  loadMore: 'Charger plus',
  balancesUnsupported: 'Les soldes ne sont pas disponibles sur ce réseau.',
  loadingBalances: 'Chargement des soldes…',
  balancesError: 'Impossible de charger les soldes. Nouvel essai dans un instant.',
  noTokens: 'Pas encore de jetons.',
  tokenBalances: 'Soldes des jetons',
  readFromNetwork: 'Lu sur le réseau ; pas de prix sans API blockchain.',
  balanceUnavailable: 'Solde du jeton indisponible',
} satisfies Partial<Record<keyof typeof en, string>>;
