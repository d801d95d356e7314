import type { en } from './en';

export default {
  waiting: '请在 {provider} 窗口中完成购买。',
  inProgress: '正在购买…',
  success: '购买完成',
  failed: '购买失败。未发送任何资金。',
  timeout: '尚未看到购买记录。可能需要几分钟才会显示在你的钱包中。',
  untracked: '{provider} 发送资金后，你的钱包将显示这些资金。',
  error: '无法检查购买状态。资金到账后会显示在你的钱包中。',
  received: '来自 {provider} 的 {amount} {symbol}',
  back: '返回',
  done: '完成',
  loadingProviders: '正在加载服务商…',
  unsupported: '此网络不支持购买加密货币。',
  disconnected: '请连接钱包以购买加密货币。',
  none: '没有服务商在此网络上销售。',
  buy: '购买 {asset}',
  preparing: '准备中…',
  fee: '费用 {fee}',
} satisfies Partial<Record<keyof typeof en, string>>;
