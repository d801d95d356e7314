import type { en } from './en';

export default {
  qrLabel: 'WalletConnect の QR コード',
  openWallet: '{wallet} を開く',
  declined: '接続が拒否されました',
  failed: '接続に失敗しました',
  declinedDetail: 'ウォレットでリクエストが拒否されました。',
  retry: '再試行',
  generating: 'WalletConnect のリンクを生成中…',
  scanBasic: 'スマートフォンの WalletConnect 対応ウォレットでスキャンしてください。',
  scan: 'この QR コードをスマートフォンでスキャンするか、リンクをウォレットにコピーしてください。',
  copyLink: 'リンクをコピー',
} satisfies Partial<Record<keyof typeof en, string>>;
