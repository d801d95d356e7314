import type { en } from './en';

export default {
  connectWallet: 'ウォレットを接続',
  selectNetwork: 'ネットワークを選択',
} satisfies Partial<Record<keyof typeof en, string>>;
