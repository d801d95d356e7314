import type { en } from './en';

export default {
  connectToReceive: 'Almak için bir cüzdan bağlayın.',
  failedToCopy: 'Kopyalanamadı',
  addressCopied: 'Adres kopyalandı',
  qrLabel: '{address} adresinizin QR kodu',
  copyAddress: 'Adresi kopyala',
  sendOnly: 'Bu adrese yalnızca şu ağlardaki varlıkları gönderin:',
  networksForAddress: 'Bu adresin ağları',
} satisfies Partial<Record<keyof typeof en, string>>;
