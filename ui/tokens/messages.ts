/** The token chooser's texts (Send and Swap share them): English inline, every other locale a chunk of its own. */
import { defineMessages, type MessageBundle } from '../i18n/messages';
import { en } from './locales/en';

export const messages: MessageBundle<typeof en> = defineMessages('latchkey-tokens', en, {
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
