import type { en } from './en';

export default {
  connectToReceive: '受け取るにはウォレットを接続してください。',
  failedToCopy: 'コピーできませんでした',
  addressCopied: 'アドレスをコピーしました',
  qrLabel: 'あなたのアドレス {address} の QR コード',
  copyAddress: 'アドレスをコピー',
  sendOnly: 'このアドレスには次のネットワークの資産のみを送ってください:',
  networksForAddress: 'このアドレスのネットワーク',
} satisfies Partial<Record<keyof typeof en, string>>;
