/**
 * The Gas view's texts. English is inline (it ships in the view's chunk); each other language is
 * a chunk of its own behind `import()`, loaded only for a visitor who reads it (the kernel's
 * `locale` option, else the browser's languages). A language this file does not list shows English.
 */
import { defineMessages, type MessageBundle } from 'latchkey/ui';
import { en, type GasMessages } from './locales/en.js';

export type { GasMessages };

export const messages: MessageBundle<GasMessages> = defineMessages('latchkey-plugin-gas', en, {
  es: () => import('./locales/es.js'),
  fr: () => import('./locales/fr.js'),
  ar: () => import('./locales/ar.js'),
});
