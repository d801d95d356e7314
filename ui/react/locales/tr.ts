import type { en } from './en';

export default {
  connectWallet: 'Cüzdan Bağla',
  selectNetwork: 'Ağ seç',
} satisfies Partial<Record<keyof typeof en, string>>;
