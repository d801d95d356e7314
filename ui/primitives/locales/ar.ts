import type { en } from './en';

export default {
  dismiss: 'تجاهل',
  NETWORK_NOT_FOUND: 'الشبكة غير موجودة',
  NETWORK_NOT_FOUND_LONG: 'تأكد من أن الشبكة موجودة في المصفوفة \'networks\' ضمن الخيارات.',
  ORIGIN_NOT_ALLOWED: 'إعدادات التطبيق غير صالحة',
  ORIGIN_NOT_ALLOWED_LONG: 'هذا المصدر غير موجود في قائمة السماح الخاصة بالمشروع. أضِفه في لوحة التحكم السحابية لدى المزوّد.',
  INVALID_APP_CONFIGURATION: 'إعدادات التطبيق غير صالحة',
  INVALID_APP_CONFIGURATION_LONG: 'معرّف المشروع غير صالح. تحقق من الخيار projectId.',
  SESSION_EXPIRED: 'انتهت صلاحية الجلسة',
  SESSION_EXPIRED_LONG: 'الجلسة غير صالحة. تحقق من إعدادات الوقت في جهازك، ثم أعد الاتصال.',
  PROJECT_ID_NOT_CONFIGURED: 'معرّف المشروع غير مُعدّ',
  SWITCH_NETWORK_NOT_FOUND: 'لم يتم العثور على الشبكة المطلوبة',
} satisfies Partial<Record<keyof typeof en, string>>;
