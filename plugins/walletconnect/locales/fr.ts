import type { en } from './en';

export default {
  qrLabel: 'Code QR WalletConnect',
  openWallet: 'Ouvrir {wallet}',
  declined: 'Connexion refusée',
  failed: 'Échec de la connexion',
  declinedDetail: 'La demande a été refusée dans le portefeuille.',
  retry: 'Réessayer',
  generating: 'Génération du lien WalletConnect…',
  scanBasic: 'Scannez avec un portefeuille WalletConnect sur votre téléphone.',
  scan: 'Scannez ce code QR avec votre téléphone, ou copiez le lien dans votre portefeuille.',
  copyLink: 'Copier le lien',
} satisfies Partial<Record<keyof typeof en, string>>;
