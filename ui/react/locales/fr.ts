import type { en } from './en';

export default {
  connectWallet: 'Connecter un portefeuille',
  selectNetwork: 'Choisir un réseau',
} satisfies Partial<Record<keyof typeof en, string>>;
