import type { en } from './en';

export default {
  waiting: 'Satın alma işlemini {provider} penceresinde tamamlayın.',
  inProgress: 'Satın alma sürüyor…',
  success: 'Satın alma tamamlandı',
  failed: 'Satın alma başarısız oldu. Hiç fon gönderilmedi.',
  timeout: 'Henüz satın alma görünmüyor. Cüzdanınızda görünmesi birkaç dakika sürebilir.',
  untracked: '{provider} fonları gönderdiğinde cüzdanınızda görünür.',
  error: 'Satın alma kontrol edilemedi. Fonlar geldiğinde cüzdanınızda görünür.',
  received: '{provider} üzerinden {amount} {symbol}',
  back: 'Geri',
  done: 'Tamam',
  loadingProviders: 'Sağlayıcılar yükleniyor…',
  unsupported: 'Bu ağda kripto satın alınamaz.',
  disconnected: 'Kripto satın almak için bir cüzdan bağlayın.',
  none: 'Bu ağda satış yapan sağlayıcı yok.',
  buy: '{asset} satın al',
  preparing: 'Hazırlanıyor…',
  fee: 'Ücret {fee}',
} satisfies Partial<Record<keyof typeof en, string>>;
