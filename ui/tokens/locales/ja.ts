import type { en } from './en';

export default {
  selectToken: 'トークンを選択',
  selectAToken: 'トークンを選択してください',
  searchTokens: 'トークンを検索',
  searchPlaceholder: '名前を検索またはアドレスを貼り付け',
  suggestedTokens: 'おすすめのトークン',
  tokens: 'トークン',
  noTokensFound: 'トークンが見つかりません',
  cancel: 'キャンセル',
} satisfies Record<keyof typeof en, string>;
