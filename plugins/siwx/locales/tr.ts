import type { en } from './en';

export default {
  titleSiwx: '{app} cüzdanınıza bağlanmak istiyor',
  titleSiwe: '{app} cüzdanınızla oturum açmanızı istiyor',
  thisApp: 'Bu uygulama',
  hintRequired: 'Bu cüzdanın size ait olduğunu kanıtlayıp devam etmek için cüzdanınızdaki oturum açma isteğini onaylayın. İptal etmek cüzdanın bağlantısını keser.',
  hint: 'Bu cüzdanın size ait olduğunu kanıtlayıp devam etmek için cüzdanınızdaki oturum açma isteğini onaylayın.',
  cancel: 'İptal',
  sign: 'İmzala',
  snackDeclined: 'İmza reddedildi',
  snackSmartAccount: 'Bu uygulama Akıllı Hesapları desteklemiyor olabilir',
  snackInitFailed: 'Kimlik doğrulama başlatılırken bir sorun oluştu',
  snackAuthenticating: 'Kimlik doğrulanıyor...',
} satisfies Partial<Record<keyof typeof en, string>>;
