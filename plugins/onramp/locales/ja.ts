import type { en } from './en';

export default {
  waiting: '{provider} のウィンドウで購入を完了してください。',
  inProgress: '購入処理中…',
  success: '購入完了',
  failed: '購入に失敗しました。資金は送られていません。',
  timeout: 'まだ購入が確認できません。ウォレットに表示されるまで数分かかることがあります。',
  untracked: '{provider} が送金すると、ウォレットに資金が表示されます。',
  error: '購入を確認できませんでした。資金が届くとウォレットに表示されます。',
  received: '{provider} から {amount} {symbol}',
  back: '戻る',
  done: '完了',
  loadingProviders: 'プロバイダーを読み込み中…',
  unsupported: 'このネットワークでは暗号資産を購入できません。',
  disconnected: '暗号資産を購入するにはウォレットを接続してください。',
  none: 'このネットワークで販売しているプロバイダーはありません。',
  buy: '{asset} を購入',
  preparing: '準備中…',
  fee: '手数料 {fee}',
} satisfies Partial<Record<keyof typeof en, string>>;
