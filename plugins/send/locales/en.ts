/** English, inline in the views' chunk (the other locales are chunks of their own). */
import { SEND_TEXTS } from '../validation';

export const en = {
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
  // a typed name that resolves to no address (NameNotResolvedError)
  nameNotResolved: 'No address found for {name}',
  // the form's problems and the snackbars: the texts of docs/account-features.md#send-form-rules, which the service and its rules use
  ...SEND_TEXTS,
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
