import type { en } from './en';

export default {
  spam: 'Spam',
  nftsUnsupported: 'Los NFT no están disponibles en esta red.',
  nftsUnavailable: 'Los NFT se muestran cuando hay una API de blockchain configurada.',
  loadingNfts: 'Cargando NFT…',
  nftsError: 'No se pudieron cargar los NFT.',
  noNfts: 'Aún no hay NFT.',
  nfts: 'NFT',
  hideSpam: 'Ocultar spam',
  showSpam: 'Mostrar {count} ocultos como spam',
  loadMore: 'Cargar más',
  balancesUnsupported: 'Los saldos no están disponibles en esta red.',
  loadingBalances: 'Cargando saldos…',
  balancesError: 'No se pudieron cargar los saldos. Se volverá a intentar en un momento.',
  noTokens: 'Aún no hay tokens.',
  tokenBalances: 'Saldos de tokens',
  readFromNetwork: 'Leído de la red; sin precios sin una API de blockchain.',
  balanceUnavailable: 'Saldo del token no disponible',
} satisfies Partial<Record<keyof typeof en, string>>;
