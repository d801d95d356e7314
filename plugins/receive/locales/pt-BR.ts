import type { en } from './en';

export default {
  connectToReceive: 'Conecte uma carteira para receber.',
  failedToCopy: 'Falha ao copiar',
  addressCopied: 'Endereço copiado',
  qrLabel: 'Código QR do seu endereço {address}',
  copyAddress: 'Copiar endereço',
  sendOnly: 'Envie para este endereço apenas ativos destas redes:',
  networksForAddress: 'Redes deste endereço',
} satisfies Partial<Record<keyof typeof en, string>>;
