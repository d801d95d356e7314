import type { en } from './en';

export default {
  spam: 'Spam',
  nftsUnsupported: 'NFTs não estão disponíveis nesta rede.',
  nftsUnavailable: 'NFTs são exibidos quando uma API de blockchain está configurada.',
  loadingNfts: 'Carregando NFTs…',
  nftsError: 'Não foi possível carregar os NFTs.',
  noNfts: 'Ainda não há NFTs.',
  nfts: 'NFTs',
  hideSpam: 'Ocultar spam',
  showSpam: 'Mostrar {count} ocultos como spam',
  loadMore: 'Carregar mais',
  balancesUnsupported: 'Os saldos não estão disponíveis nesta rede.',
  loadingBalances: 'Carregando saldos…',
  balancesError: 'Não foi possível carregar os saldos. Uma nova tentativa será feita em instantes.',
  noTokens: 'Ainda não há tokens.',
  tokenBalances: 'Saldos de tokens',
  readFromNetwork: 'Lido da rede; sem preços sem uma API de blockchain.',
  balanceUnavailable: 'Saldo do token indisponível',
} satisfies Partial<Record<keyof typeof en, string>>;
