import type { en } from './en';

export default {
  connectToReceive: 'Connectez un portefeuille pour recevoir.',
  failedToCopy: 'Échec de la copie',
  addressCopied: 'Adresse copiée',
  qrLabel: 'Code QR de votre adresse {address}',
  copyAddress: 'Copier l’adresse',
  sendOnly: 'N’envoyez à cette adresse que des actifs de ces réseaux :',
  networksForAddress: 'Réseaux de cette adresse',
} satisfies Partial<Record<keyof typeof en, string>>;
