import type { en } from './en';

export default {
  spam: 'スパム',
  nftsUnsupported: 'このネットワークでは NFT を利用できません。',
  nftsUnavailable: 'ブロックチェーン API が設定されていると NFT が表示されます。',
  loadingNfts: 'NFT を読み込み中…',
  nftsError: 'NFT を読み込めませんでした。',
  noNfts: 'まだ NFT はありません。',
  nfts: 'NFT',
  hideSpam: 'スパムを隠す',
  showSpam: 'スパムとして非表示の {count} 件を表示',
  loadMore: 'さらに読み込む',
  balancesUnsupported: 'このネットワークでは残高を利用できません。',
  loadingBalances: '残高を読み込み中…',
  balancesError: '残高を読み込めませんでした。まもなく再試行します。',
  noTokens: 'まだトークンはありません。',
  tokenBalances: 'トークン残高',
  readFromNetwork: 'ネットワークから読み取りました。ブロックチェーン API がないと価格は表示されません。',
  balanceUnavailable: 'トークン残高を取得できません',
} satisfies Partial<Record<keyof typeof en, string>>;
