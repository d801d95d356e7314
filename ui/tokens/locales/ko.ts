import type { en } from './en';

export default {
  selectToken: '토큰 선택',
  selectAToken: '토큰을 선택하세요',
  searchTokens: '토큰 검색',
  searchPlaceholder: '이름 검색 또는 주소 붙여넣기',
  suggestedTokens: '추천 토큰',
  tokens: '토큰',
  noTokensFound: '토큰을 찾을 수 없습니다',
  cancel: '취소',
} satisfies Record<keyof typeof en, string>;
