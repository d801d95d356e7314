import type { en } from './en';

export default {
  dismiss: '关闭',
  NETWORK_NOT_FOUND: '未找到网络',
  NETWORK_NOT_FOUND_LONG: '请确保该网络在选项的 \'networks\' 数组中。',
  ORIGIN_NOT_ALLOWED: '应用配置无效',
  ORIGIN_NOT_ALLOWED_LONG: '此来源不在项目的允许列表中。请在提供商的云控制台中添加。',
  INVALID_APP_CONFIGURATION: '应用配置无效',
  INVALID_APP_CONFIGURATION_LONG: '项目 ID 无效。请检查 projectId 选项。',
  SESSION_EXPIRED: '会话已过期',
  SESSION_EXPIRED_LONG: '会话无效。请检查设备的时间设置，然后重新连接。',
  PROJECT_ID_NOT_CONFIGURED: '未配置项目 ID',
  SWITCH_NETWORK_NOT_FOUND: '未找到要切换的网络',
} satisfies Partial<Record<keyof typeof en, string>>;
