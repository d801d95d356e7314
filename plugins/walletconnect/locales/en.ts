/** English, inline in the views' chunk (the other locales are chunks of their own). */
export const en = {
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
