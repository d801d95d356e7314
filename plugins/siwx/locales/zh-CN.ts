import type { en } from './en';

export default {
  titleSiwx: '{app} 需要连接你的钱包',
  titleSiwe: '{app} 请你使用钱包登录',
  thisApp: '此应用',
  hintRequired: '请在钱包中接受登录请求，以证明你拥有此钱包并继续。取消将断开钱包连接。',
  hint: '请在钱包中接受登录请求，以证明你拥有此钱包并继续。',
  cancel: '取消',
  sign: '签名',
  snackDeclined: '签名被拒绝',
  snackSmartAccount: '此应用可能不支持智能账户',
  snackInitFailed: '初始化身份验证时出现问题',
  snackAuthenticating: '正在验证...',
} satisfies Partial<Record<keyof typeof en, string>>;
