/**
 * The Gas view's texts. English is inline (it ships in the view's chunk); each other language is
 * a chunk of its own behind `import()`, loaded only for a visitor who reads it (the kernel's
 * `locale` option, else the browser's languages). A language this file does not list shows English.
 */
import { defineMessages, type MessageBundle } from 'latchkey/ui';

const en = {
  networkFees: 'Network fees',
  speed: 'Speed',
  tip: 'Tip (gwei)',
  transfer: 'Transfer',
  Slow: 'Slow',
  Normal: 'Normal',
  Fast: 'Fast',
  evmOnly: 'Network fees are shown for EVM networks.',
  legacy: 'Legacy gas pricing',
  baseFee: 'Base fee {fee} gwei',
  block: 'Block {number}',
  tryAgain: 'Try again',
};

export type GasMessages = typeof en;

export const messages: MessageBundle<GasMessages> = defineMessages('latchkey-plugin-gas', en, {
  es: () => import('./locales/es.js'),
  fr: () => import('./locales/fr.js'),
  ar: () => import('./locales/ar.js'),
});
