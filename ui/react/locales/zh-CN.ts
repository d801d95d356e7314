import type { en } from './en';

export default {
  connectWallet: '连接钱包',
  selectNetwork: '选择网络',
} satisfies Partial<Record<keyof typeof en, string>>;
