import type { GasMessages } from './en.js';

export default {
  networkFees: 'رسوم الشبكة',
  speed: 'السرعة',
  tip: 'الإكرامية (gwei)',
  transfer: 'تحويل',
  Slow: 'بطيء',
  Normal: 'عادي',
  Fast: 'سريع',
  evmOnly: 'تظهر رسوم الشبكة لشبكات EVM.',
  legacy: 'تسعير الغاز القديم',
  baseFee: 'الرسوم الأساسية {fee} gwei',
  block: 'الكتلة {number}',
  tryAgain: 'أعد المحاولة',
} satisfies GasMessages;
