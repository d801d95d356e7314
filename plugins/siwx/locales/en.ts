/** English, inline in the views' chunk (the other locales are chunks of their own). */
export const en = {
  titleSiwx: '{app} needs to connect to your wallet',
  titleSiwe: '{app} wants you to sign in with your wallet',
  thisApp: 'This app',
  hintRequired: 'Accept the sign-in request in your wallet to prove you own this wallet and proceed. Cancelling disconnects the wallet.',
  hint: 'Accept the sign-in request in your wallet to prove you own this wallet and proceed.',
  cancel: 'Cancel',
  sign: 'Sign',
  snackDeclined: 'Signature declined',
  snackSmartAccount: 'This application might not support Smart Accounts',
  snackInitFailed: 'A problem occurred while trying initialize authentication',
  snackAuthenticating: 'Authenticating...',
};
