import type { en } from './en';

export default {
  qrLabel: 'WalletConnect 二维码',
  openWallet: '打开 {wallet}',
  declined: '连接被拒绝',
  failed: '连接失败',
  declinedDetail: '钱包拒绝了该请求。',
  retry: '重试',
  generating: '正在生成 WalletConnect 链接…',
  scanBasic: '请用手机上的 WalletConnect 钱包扫描。',
  scan: '用手机扫描此二维码，或将链接复制到你的钱包中。',
  copyLink: '复制链接',
} satisfies Partial<Record<keyof typeof en, string>>;
