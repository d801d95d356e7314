import type { en } from './en';

export default {
  connectToReceive: 'Verbinde eine Wallet, um zu empfangen.',
  failedToCopy: 'Kopieren fehlgeschlagen',
  addressCopied: 'Adresse kopiert',
  qrLabel: 'QR-Code deiner Adresse {address}',
  copyAddress: 'Adresse kopieren',
  sendOnly: 'Sende an diese Adresse nur Werte aus diesen Netzwerken:',
  networksForAddress: 'Netzwerke für diese Adresse',
} satisfies Partial<Record<keyof typeof en, string>>;
