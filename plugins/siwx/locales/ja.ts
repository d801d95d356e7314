import type { en } from './en';

export default {
  titleSiwx: '{app} がウォレットへの接続を求めています',
  titleSiwe: '{app} がウォレットでのサインインを求めています',
  thisApp: 'このアプリ',
  hintRequired: 'ウォレットでサインイン要求を承認し、所有者であることを証明して続行してください。キャンセルするとウォレットの接続が解除されます。',
  hint: 'ウォレットでサインイン要求を承認し、所有者であることを証明して続行してください。',
  cancel: 'キャンセル',
  sign: '署名',
} satisfies Partial<Record<keyof typeof en, string>>;
