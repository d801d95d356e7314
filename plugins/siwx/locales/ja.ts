import type { en } from './en';

export default {
  titleSiwx: '{app} がウォレットへの接続を求めています',
  titleSiwe: '{app} がウォレットでのサインインを求めています',
  thisApp: 'このアプリ',
  hintRequired: 'ウォレットでサインイン要求を承認し、所有者であることを証明して続行してください。キャンセルするとウォレットの接続が解除されます。',
  hint: 'ウォレットでサインイン要求を承認し、所有者であることを証明して続行してください。',
  cancel: 'キャンセル',
  sign: '署名',
  snackDeclined: '署名が拒否されました',
  snackSmartAccount: 'このアプリはスマートアカウントに対応していない可能性があります',
  snackInitFailed: '認証の初期化中に問題が発生しました',
  snackAuthenticating: '認証中...',
} satisfies Partial<Record<keyof typeof en, string>>;
