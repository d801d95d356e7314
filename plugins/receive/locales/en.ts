/** English, inline in the views' chunk (the other locales are chunks of their own). */
export const en = {
  connectToReceive: 'Connect a wallet to receive.',
  failedToCopy: 'Failed to copy',
  addressCopied: 'Address copied',
  qrLabel: 'QR code of your address {address}',
  copyAddress: 'Copy address',
  sendOnly: 'Send only assets on these networks to this address:',
  networksForAddress: 'Networks for this address',
};
