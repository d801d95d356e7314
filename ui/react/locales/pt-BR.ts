import type { en } from './en';

export default {
  connectWallet: 'Conectar carteira',
  selectNetwork: 'Selecionar rede',
} satisfies Partial<Record<keyof typeof en, string>>;
