import type { en } from './en';

export default {
  connectToReceive: '连接钱包以接收。',
  failedToCopy: '复制失败',
  addressCopied: '地址已复制',
  qrLabel: '你的地址 {address} 的二维码',
  copyAddress: '复制地址',
  sendOnly: '仅向此地址发送以下网络上的资产：',
  networksForAddress: '此地址适用的网络',
} satisfies Partial<Record<keyof typeof en, string>>;
