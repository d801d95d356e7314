import type { en } from './en';

export default {
  spam: 'غير مرغوب',
  nftsUnsupported: 'الرموز NFT غير متاحة على هذه الشبكة.',
  nftsUnavailable: 'تظهر الرموز NFT عند إعداد واجهة برمجة لسلسلة الكتل.',
  loadingNfts: 'جارٍ تحميل الرموز NFT…',
  nftsError: 'تعذّر تحميل الرموز NFT.',
  noNfts: 'لا توجد رموز NFT بعد.',
  nfts: 'الرموز NFT',
  hideSpam: 'إخفاء غير المرغوب',
  showSpam: 'إظهار {count} مخفية كغير مرغوب',
  loadMore: 'تحميل المزيد',
  balancesUnsupported: 'الأرصدة غير متاحة على هذه الشبكة.',
  loadingBalances: 'جارٍ تحميل الأرصدة…',
  balancesError: 'تعذّر تحميل الأرصدة. ستتم إعادة المحاولة بعد قليل.',
  noTokens: 'لا توجد رموز بعد.',
  tokenBalances: 'أرصدة الرموز',
  readFromNetwork: 'مقروءة من الشبكة؛ لا أسعار دون واجهة برمجة لسلسلة الكتل.',
  balanceUnavailable: 'رصيد الرمز غير متاح',
} satisfies Partial<Record<keyof typeof en, string>>;
