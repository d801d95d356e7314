import type { en } from './en';

export default {
  spam: '垃圾',
  nftsUnsupported: '此网络不支持 NFT。',
  nftsUnavailable: '配置区块链 API 后会显示 NFT。',
  loadingNfts: '正在加载 NFT…',
  nftsError: '无法加载 NFT。',
  noNfts: '暂无 NFT。',
  nfts: 'NFT',
  hideSpam: '隐藏垃圾内容',
  showSpam: '显示 {count} 个被隐藏的垃圾内容',
  loadMore: '加载更多',
  balancesUnsupported: '此网络不支持余额。',
  loadingBalances: '正在加载余额…',
  balancesError: '无法加载余额，稍后将重试。',
  noTokens: '暂无代币。',
  tokenBalances: '代币余额',
  readFromNetwork: '从网络读取；没有区块链 API 则不显示价格。',
  balanceUnavailable: '代币余额不可用',
} satisfies Partial<Record<keyof typeof en, string>>;
