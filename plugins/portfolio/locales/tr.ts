import type { en } from './en';

export default {
  spam: 'Spam',
  nftsUnsupported: 'NFT’ler bu ağda kullanılamıyor.',
  nftsUnavailable: 'NFT’ler, bir blokzincir API’si yapılandırıldığında gösterilir.',
  loadingNfts: 'NFT’ler yükleniyor…',
  nftsError: 'NFT’ler yüklenemedi.',
  noNfts: 'Henüz NFT yok.',
  nfts: "NFT'ler",
  hideSpam: 'Spam’i gizle',
  showSpam: 'Spam olarak gizlenen {count} öğeyi göster',
  loadMore: 'Daha fazla yükle',
  balancesUnsupported: 'Bakiyeler bu ağda kullanılamıyor.',
  loadingBalances: 'Bakiyeler yükleniyor…',
  balancesError: 'Bakiyeler yüklenemedi. Birazdan yeniden denenecek.',
  noTokens: 'Henüz token yok.',
  tokenBalances: 'Token bakiyeleri',
  readFromNetwork: 'Ağdan okundu; blokzincir API’si olmadan fiyat yok.',
  balanceUnavailable: 'Token bakiyesi kullanılamıyor',
} satisfies Partial<Record<keyof typeof en, string>>;
