import type { en } from './en';

export default {
  connectWallet: '지갑 연결',
  selectNetwork: '네트워크 선택',
} satisfies Partial<Record<keyof typeof en, string>>;
