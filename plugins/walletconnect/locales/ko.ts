import type { en } from './en';

export default {
  qrLabel: 'WalletConnect QR 코드',
  openWallet: '{wallet} 열기',
  declined: '연결 거부됨',
  failed: '연결 실패',
  declinedDetail: '지갑에서 요청이 거부되었습니다.',
  retry: '다시 시도',
  generating: 'WalletConnect 링크 생성 중…',
  scanBasic: '휴대폰의 WalletConnect 지갑으로 스캔하세요.',
  scan: '휴대폰으로 이 QR 코드를 스캔하거나 링크를 지갑에 복사하세요.',
  copyLink: '링크 복사',
} satisfies Partial<Record<keyof typeof en, string>>;
