import type { en } from './en';

export default {
  qrLabel: 'WalletConnect QR kodu',
  openWallet: '{wallet} uygulamasını aç',
  declined: 'Bağlantı reddedildi',
  failed: 'Bağlantı başarısız',
  declinedDetail: 'İstek cüzdanda reddedildi.',
  retry: 'Tekrar dene',
  generating: 'WalletConnect bağlantısı oluşturuluyor…',
  scanBasic: 'Telefonunuzdaki bir WalletConnect cüzdanıyla tarayın.',
  scan: 'Bu QR kodunu telefonunuzla tarayın veya bağlantıyı cüzdanınıza kopyalayın.',
  copyLink: 'Bağlantıyı kopyala',
} satisfies Partial<Record<keyof typeof en, string>>;
