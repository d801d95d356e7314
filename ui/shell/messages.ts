/** What the modal shows from the entry chunk: its header, the view outlet's states, the Connect view and its wallet list: English inline, every other locale a chunk of its own. */
import { defineMessages, type MessageBundle } from '../i18n/messages';
import { en } from './locales/en';

export const messages: MessageBundle<typeof en> = defineMessages('latchkey-modal', en, {
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
