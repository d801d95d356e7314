/** The visible texts of this plugin's views: English inline, every other locale a chunk of its own. */
import { defineMessages, type MessageBundle } from 'latchkey/ui';

const en = {
  titleSiwx: '{app} needs to connect to your wallet',
  titleSiwe: '{app} wants you to sign in with your wallet',
  thisApp: 'This app',
  hintRequired: 'Accept the sign-in request in your wallet to prove you own this wallet and proceed. Cancelling disconnects the wallet.',
  hint: 'Accept the sign-in request in your wallet to prove you own this wallet and proceed.',
  cancel: 'Cancel',
  sign: 'Sign',
};

// typed, so that the locale files' `satisfies` (which read this type) are no cycle
export const messages: MessageBundle<typeof en> = defineMessages('siwx', en, {
  es: () => import('./locales/es'),
  'pt-BR': () => import('./locales/pt-BR'),
  fr: () => import('./locales/fr'),
  de: () => import('./locales/de'),
  ja: () => import('./locales/ja'),
  ko: () => import('./locales/ko'),
  'zh-CN': () => import('./locales/zh-CN'),
  ar: () => import('./locales/ar'),
  tr: () => import('./locales/tr'),
});
