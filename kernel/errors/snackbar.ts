/**
 * Snackbar texts of spec section 8, as plain data. Show them with the
 * Snackbar service, using the variant of `SnackbarMessageVariants`.
 */
export const SnackbarMessages = /*#__PURE__*/ Object.freeze({
  /** Balance fetch failed; retry is blocked for 30 s. */
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  transactionStarted: 'Transaction started',
  /** Send failed (also an aborted non-RPC request). */
  somethingWentWrong: 'Something went wrong',
  /** Solana send failed. */
  solanaSendFailed: 'Failed to send transaction. Please try again.',
  /** The activity list is then marked empty. */
  fetchTransactionsFailed: 'Failed to fetch transactions',
  signatureDeclined: 'Signature declined',
  /** Signing with a smart account failed. */
  smartAccountsUnsupported: 'This application might not support Smart Accounts',
  /** Then disconnect and go back to Connect. */
  authInitFailed: 'A problem occurred while trying initialize authentication',
  authenticating: 'Authenticating...',
  invalidSendParams: 'Please enter a valid amount and receiver address',
} as const);

export type SnackbarMessageKey = keyof typeof SnackbarMessages;

/** The variant each message is shown with. */
export const SnackbarMessageVariants: Readonly<Record<SnackbarMessageKey, 'success' | 'error' | 'loading'>> =
  /*#__PURE__*/ Object.freeze({
    tokenBalanceUnavailable: 'error',
    transactionStarted: 'success',
    somethingWentWrong: 'error',
    solanaSendFailed: 'error',
    fetchTransactionsFailed: 'error',
    signatureDeclined: 'error',
    smartAccountsUnsupported: 'error',
    authInitFailed: 'error',
    authenticating: 'loading',
    invalidSendParams: 'error',
  });
