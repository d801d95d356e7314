import type { en } from './en';

export default {
  connectToReceive: 'Conecta una billetera para recibir.',
  failedToCopy: 'No se pudo copiar',
  addressCopied: 'Dirección copiada',
  qrLabel: 'Código QR de tu dirección {address}',
  copyAddress: 'Copiar dirección',
  sendOnly: 'Envía a esta dirección solo activos de estas redes:',
  networksForAddress: 'Redes de esta dirección',
} satisfies Partial<Record<keyof typeof en, string>>;
