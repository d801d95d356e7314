import type { en } from './en';

export default {
  titleSiwx: 'يحتاج {app} إلى الاتصال بمحفظتك',
  titleSiwe: 'يطلب منك {app} تسجيل الدخول بمحفظتك',
  thisApp: 'هذا التطبيق',
  hintRequired: 'اقبل طلب تسجيل الدخول في محفظتك لإثبات ملكيتك لها والمتابعة. الإلغاء يفصل المحفظة.',
  hint: 'اقبل طلب تسجيل الدخول في محفظتك لإثبات ملكيتك لها والمتابعة.',
  cancel: 'إلغاء',
  sign: 'توقيع',
  snackDeclined: 'تم رفض التوقيع',
  snackSmartAccount: 'قد لا يدعم هذا التطبيق الحسابات الذكية',
  snackInitFailed: 'حدثت مشكلة أثناء تهيئة المصادقة',
  snackAuthenticating: 'جارٍ المصادقة...',
} satisfies Partial<Record<keyof typeof en, string>>;
