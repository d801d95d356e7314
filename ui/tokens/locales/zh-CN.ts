import type { en } from './en';

export default {
  selectToken: '选择代币',
  selectAToken: '选择一个代币',
  searchTokens: '搜索代币',
  searchPlaceholder: '搜索名称或粘贴地址',
  suggestedTokens: '推荐代币',
  tokens: '代币',
  noTokensFound: '未找到代币',
  cancel: '取消',
} satisfies Record<keyof typeof en, string>;
