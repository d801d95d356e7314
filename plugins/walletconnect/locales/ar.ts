import type { en } from './en';

export default {
  qrLabel: 'رمز QR لـ WalletConnect',
  openWallet: 'فتح {wallet}',
  declined: 'تم رفض الاتصال',
  failed: 'فشل الاتصال',
  declinedDetail: 'تم رفض الطلب في المحفظة.',
  retry: 'إعادة المحاولة',
  generating: 'جارٍ إنشاء رابط WalletConnect…',
  scanBasic: 'امسح الرمز بمحفظة تدعم WalletConnect على هاتفك.',
  scan: 'امسح رمز QR هذا بهاتفك، أو انسخ الرابط إلى محفظتك.',
  copyLink: 'نسخ الرابط',
} satisfies Partial<Record<keyof typeof en, string>>;
