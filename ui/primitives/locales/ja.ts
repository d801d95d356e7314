import type { en } from './en';

export default {
  dismiss: '閉じる',
  NETWORK_NOT_FOUND: 'ネットワークが見つかりません',
  NETWORK_NOT_FOUND_LONG: 'ネットワークがオプションの \'networks\' 配列に含まれているか確認してください。',
  ORIGIN_NOT_ALLOWED: 'アプリの設定が無効です',
  ORIGIN_NOT_ALLOWED_LONG: 'このオリジンはプロジェクトの許可リストにありません。プロバイダーのクラウドダッシュボードで追加してください。',
  INVALID_APP_CONFIGURATION: 'アプリの設定が無効です',
  INVALID_APP_CONFIGURATION_LONG: 'プロジェクトIDが無効です。projectId オプションを確認してください。',
  SESSION_EXPIRED: 'セッションの有効期限が切れました',
  SESSION_EXPIRED_LONG: 'セッションが無効です。デバイスの時刻設定を確認してから再接続してください。',
  PROJECT_ID_NOT_CONFIGURED: 'プロジェクトIDが設定されていません',
  SWITCH_NETWORK_NOT_FOUND: '切り替え先のネットワークが見つかりません',
} satisfies Partial<Record<keyof typeof en, string>>;
