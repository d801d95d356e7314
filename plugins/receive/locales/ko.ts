import type { en } from './en';

export default {
  connectToReceive: '받으려면 지갑을 연결하세요.',
  failedToCopy: '복사하지 못했습니다',
  addressCopied: '주소가 복사되었습니다',
  qrLabel: '내 주소 {address}의 QR 코드',
  copyAddress: '주소 복사',
  sendOnly: '이 주소로는 다음 네트워크의 자산만 보내세요:',
  networksForAddress: '이 주소의 네트워크',
} satisfies Partial<Record<keyof typeof en, string>>;
