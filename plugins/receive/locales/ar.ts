import type { en } from './en';

export default {
  connectToReceive: 'اربط محفظة للاستلام.',
  failedToCopy: 'تعذّر النسخ',
  addressCopied: 'تم نسخ العنوان',
  qrLabel: 'رمز QR لعنوانك {address}',
  copyAddress: 'نسخ العنوان',
  sendOnly: 'أرسل إلى هذا العنوان أصولًا على هذه الشبكات فقط:',
  networksForAddress: 'شبكات هذا العنوان',
} satisfies Partial<Record<keyof typeof en, string>>;
