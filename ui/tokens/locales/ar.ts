import type { en } from './en';

export default {
  selectToken: 'اختر رمزًا',
  selectAToken: 'اختر رمزًا',
  searchTokens: 'ابحث عن الرموز',
  searchPlaceholder: 'ابحث بالاسم أو الصق عنوانًا',
  suggestedTokens: 'رموز مقترحة',
  tokens: 'الرموز',
  noTokensFound: 'لم يتم العثور على رموز',
  cancel: 'إلغاء',
} satisfies Record<keyof typeof en, string>;
