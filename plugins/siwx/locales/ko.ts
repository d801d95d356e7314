import type { en } from './en';

export default {
  titleSiwx: '{app}에서 지갑 연결이 필요합니다',
  titleSiwe: '{app}에서 지갑으로 로그인하도록 요청합니다',
  thisApp: '이 앱',
  hintRequired: '지갑에서 로그인 요청을 수락해 지갑 소유를 증명하고 계속하세요. 취소하면 지갑 연결이 해제됩니다.',
  hint: '지갑에서 로그인 요청을 수락해 지갑 소유를 증명하고 계속하세요.',
  cancel: '취소',
  sign: '서명',
  snackDeclined: '서명이 거부되었습니다',
  snackSmartAccount: '이 애플리케이션은 스마트 계정을 지원하지 않을 수 있습니다',
  snackInitFailed: '인증을 초기화하는 중 문제가 발생했습니다',
  snackAuthenticating: '인증 중...',
} satisfies Partial<Record<keyof typeof en, string>>;
