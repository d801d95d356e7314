import type { en } from './en';

export default {
  waiting: '{provider} 창에서 구매를 완료하세요.',
  inProgress: '구매 진행 중…',
  success: '구매 완료',
  failed: '구매에 실패했습니다. 자금은 전송되지 않았습니다.',
  timeout: '아직 구매가 확인되지 않았습니다. 지갑에 표시되기까지 몇 분 걸릴 수 있습니다.',
  untracked: '{provider}에서 자금을 보내면 지갑에 표시됩니다.',
  error: '구매를 확인할 수 없습니다. 자금이 도착하면 지갑에 표시됩니다.',
  received: '{provider}에서 {amount} {symbol}',
  back: '뒤로',
  done: '완료',
  loadingProviders: '제공업체 불러오는 중…',
  unsupported: '이 네트워크에서는 암호화폐를 구매할 수 없습니다.',
  disconnected: '암호화폐를 구매하려면 지갑을 연결하세요.',
  none: '이 네트워크에서 판매하는 제공업체가 없습니다.',
  buy: '{asset} 구매',
  preparing: '준비 중…',
  fee: '수수료 {fee}',
} satisfies Partial<Record<keyof typeof en, string>>;
