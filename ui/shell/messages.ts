/**
 * The core texts in the entry chunk: the host buttons (shown before the modal opens), the modal's
 * header and core view titles, the view outlet's states, the Connect view and its wallet list.
 * One bundle, so the entry holds one set of locale loaders and the visitor's language arrives
 * with the buttons, before the modal opens. English inline, every other locale a chunk of its own.
 */
import { defineMessages, type MessageBundle } from '../i18n/messages';
import { en } from './locales/en';

export const messages: MessageBundle<typeof en> = defineMessages('latchkey-core', en, {
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
