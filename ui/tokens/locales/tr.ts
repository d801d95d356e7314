import type { en } from './en';

export default {
  selectToken: 'Token seç',
  selectAToken: 'Bir token seçin',
  searchTokens: 'Token ara',
  searchPlaceholder: 'Ad arayın veya adres yapıştırın',
  suggestedTokens: 'Önerilen tokenlar',
  tokens: 'Tokenlar',
  noTokensFound: 'Token bulunamadı',
  cancel: 'İptal',
} satisfies Record<keyof typeof en, string>;
