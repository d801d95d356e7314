import type { en } from './en';

export default {
  titleSiwx: '{app} cüzdanınıza bağlanmak istiyor',
  titleSiwe: '{app} cüzdanınızla oturum açmanızı istiyor',
  thisApp: 'Bu uygulama',
  hintRequired: 'Bu cüzdanın size ait olduğunu kanıtlayıp devam etmek için cüzdanınızdaki oturum açma isteğini onaylayın. İptal etmek cüzdanın bağlantısını keser.',
  hint: 'Bu cüzdanın size ait olduğunu kanıtlayıp devam etmek için cüzdanınızdaki oturum açma isteğini onaylayın.',
  cancel: 'İptal',
  sign: 'İmzala',
} satisfies Partial<Record<keyof typeof en, string>>;
