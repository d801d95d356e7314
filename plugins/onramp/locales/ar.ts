import type { en } from './en';

export default {
  waiting: 'أكمل الشراء في نافذة {provider}.',
  inProgress: 'الشراء قيد التنفيذ…',
  success: 'اكتمل الشراء',
  failed: 'فشل الشراء. لم يتم إرسال أي أموال.',
  timeout: 'لم يظهر أي شراء بعد. قد يستغرق ظهوره في محفظتك بضع دقائق.',
  untracked: 'ستعرض محفظتك الأموال بمجرد أن يرسلها {provider}.',
  error: 'تعذّر التحقق من الشراء. ستعرض محفظتك الأموال عند وصولها.',
  received: '{amount} {symbol} من {provider}',
  back: 'رجوع',
  done: 'تم',
  loadingProviders: 'جارٍ تحميل المزوّدين…',
  unsupported: 'شراء العملات المشفرة غير متاح على هذه الشبكة.',
  disconnected: 'اربط محفظة لشراء العملات المشفرة.',
  none: 'لا يوجد مزوّد يبيع على هذه الشبكة.',
  buy: 'شراء {asset}',
  preparing: 'جارٍ التحضير…',
  fee: 'الرسوم {fee}',
} satisfies Partial<Record<keyof typeof en, string>>;
