import type { en } from './en';

export default {
  connectWallet: 'Conectar billetera',
  selectNetwork: 'Seleccionar red',
} satisfies Partial<Record<keyof typeof en, string>>;
