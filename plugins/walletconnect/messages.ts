/** The visible texts of this plugin's views: English inline, every other locale a chunk of its own. */
import { defineMessages, type MessageBundle } from 'latchkey/ui';

const en = {
  qrLabel: 'QR code for WalletConnect',
  openWallet: 'Open {wallet}',
  declined: 'Connection declined',
  failed: 'Connection failed',
  declinedDetail: 'The request was declined in the wallet.',
  retry: 'Retry',
  generating: 'Generating the WalletConnect link…',
  scanBasic: 'Scan with a WalletConnect wallet on your phone.',
  scan: 'Scan this QR code with your phone, or copy the link into your wallet.',
  copyLink: 'Copy link',
};

// typed, so that the locale files' `satisfies` (which read this type) are no cycle
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
