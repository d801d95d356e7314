import type { en } from './en';

export default {
  connectWallet: 'Wallet verbinden',
  selectNetwork: 'Netzwerk wählen',
} satisfies Partial<Record<keyof typeof en, string>>;
