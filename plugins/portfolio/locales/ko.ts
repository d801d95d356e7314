import type { en } from './en';

export default {
  spam: '스팸',
  nftsUnsupported: '이 네트워크에서는 NFT를 사용할 수 없습니다.',
  nftsUnavailable: '블록체인 API가 설정되면 NFT가 표시됩니다.',
  loadingNfts: 'NFT 불러오는 중…',
  nftsError: 'NFT를 불러올 수 없습니다.',
  noNfts: '아직 NFT가 없습니다.',
  nfts: 'NFT',
  hideSpam: '스팸 숨기기',
  showSpam: '스팸으로 숨긴 {count}개 보기',
  loadMore: '더 불러오기',
  balancesUnsupported: '이 네트워크에서는 잔액을 볼 수 없습니다.',
  loadingBalances: '잔액 불러오는 중…',
  balancesError: '잔액을 불러올 수 없습니다. 잠시 후 다시 시도합니다.',
  noTokens: '아직 토큰이 없습니다.',
  tokenBalances: '토큰 잔액',
  readFromNetwork: '네트워크에서 읽음. 블록체인 API 없이는 가격이 없습니다.',
  balanceUnavailable: '토큰 잔액을 사용할 수 없음',
} satisfies Partial<Record<keyof typeof en, string>>;
