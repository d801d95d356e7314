import type { en } from './en';

export default {
  titleSiwx: '{app} 需要连接你的钱包',
  titleSiwe: '{app} 请你使用钱包登录',
  thisApp: '此应用',
  hintRequired: '请在钱包中接受登录请求，以证明你拥有此钱包并继续。取消将断开钱包连接。',
  hint: '请在钱包中接受登录请求，以证明你拥有此钱包并继续。',
  cancel: '取消',
  sign: '签名',
} satisfies Partial<Record<keyof typeof en, string>>;
