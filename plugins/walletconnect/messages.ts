/** The visible texts of this plugin's views: English inline, every other locale a chunk of its own. */
import { defineMessages, type MessageBundle } from 'latchkey';
import { en } from './locales/en';

export const messages: MessageBundle<typeof en> = defineMessages('walletconnect', en, {
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
