/** The visible texts of this plugin's views: English inline, every other locale a chunk of its own. */
import { defineMessages, type MessageBundle } from 'latchkey/ui';

const en = {
  waiting: 'Complete the purchase in the {provider} window.',
  inProgress: 'Purchase in progress…',
  success: 'Purchase complete',
  failed: 'The purchase failed. No funds were sent.',
  timeout: 'No purchase seen yet. It can take a few minutes to show in your wallet.',
  untracked: 'Your wallet shows the funds once {provider} sends them.',
  error: 'Could not check the purchase. Your wallet shows the funds once they arrive.',
  received: '{amount} {symbol} from {provider}',
  back: 'Back',
  done: 'Done',
  loadingProviders: 'Loading providers…',
  unsupported: 'Buying crypto is not available on this network.',
  disconnected: 'Connect a wallet to buy crypto.',
  none: 'No provider sells on this network.',
  buy: 'Buy {asset}',
  preparing: 'Preparing…',
  fee: 'Fee {fee}',
};

// typed, so that the locale files' `satisfies` (which read this type) are no cycle
export const messages: MessageBundle<typeof en> = defineMessages('onramp', en, {
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
