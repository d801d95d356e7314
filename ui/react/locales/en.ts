/** English, inline in the entry with the buttons (the other locales are chunks of their own). */
export const en = {
  connectWallet: 'Connect Wallet',
  selectNetwork: 'Select network',
};
