/** The visible texts of this plugin's views: English inline, every other locale a chunk of its own. */
import { defineMessages, type MessageBundle } from 'latchkey/ui';

const en = {
  connectToSend: 'Connect a wallet to send.',
  loadingBalances: 'Loading balances…',
  formLabel: 'Send',
  token: 'Token',
  amount: 'Amount',
  useMax: 'Use the whole {symbol} balance',
  max: 'Max',
  balance: 'Balance: {amount} {symbol}',
  address: 'Address',
  addressPlaceholder: 'Address or name',
  selectToken: 'Select Token',
  addAmount: 'Add Amount',
  insufficientFunds: 'Insufficient Funds',
  addAddress: 'Add Address',
  invalidAddress: 'Invalid Address',
  insufficientGas: 'Insufficient Gas Funds',
  gasPrice: 'Getting gas price',
  decimals: 'Unknown token decimals',
  preview: 'Preview Send',
  nothingToSend: 'Nothing to send.',
  back: 'Back',
  review: 'Review',
  sending: 'Sending',
  to: 'To',
  network: 'Network',
  networkFee: 'Network fee',
  warning: 'Review the transaction carefully. Sent funds cannot be recovered.',
  cancel: 'Cancel',
  send: 'Send',
};

// typed, so that the locale files' `satisfies` (which read this type) are no cycle
export const messages: MessageBundle<typeof en> = defineMessages('send', en, {
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
