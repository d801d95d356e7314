import type { en } from './en';

export default {
  connectWallet: 'ربط المحفظة',
  selectNetwork: 'اختر الشبكة',
} satisfies Partial<Record<keyof typeof en, string>>;
