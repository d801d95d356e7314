import type { en } from './en';

export default {
  qrLabel: 'QR-Code für WalletConnect',
  openWallet: '{wallet} öffnen',
  declined: 'Verbindung abgelehnt',
  failed: 'Verbindung fehlgeschlagen',
  declinedDetail: 'Die Anfrage wurde in der Wallet abgelehnt.',
  retry: 'Erneut versuchen',
  generating: 'WalletConnect-Link wird erstellt…',
  scanBasic: 'Mit einer WalletConnect-Wallet auf deinem Handy scannen.',
  scan: 'Scanne diesen QR-Code mit deinem Handy oder kopiere den Link in deine Wallet.',
  copyLink: 'Link kopieren',
} satisfies Partial<Record<keyof typeof en, string>>;
