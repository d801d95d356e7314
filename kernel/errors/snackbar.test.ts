import { SnackbarMessages, SnackbarMessageVariants } from './snackbar';

describe('SnackbarMessages', () => {
  it('holds the exact texts of the spec', () => {
    expect(SnackbarMessages).toEqual({
      tokenBalanceUnavailable: 'Token Balance Unavailable',
      transactionStarted: 'Transaction started',
      somethingWentWrong: 'Something went wrong',
      solanaSendFailed: 'Failed to send transaction. Please try again.',
      fetchTransactionsFailed: 'Failed to fetch transactions',
      signatureDeclined: 'Signature declined',
      smartAccountsUnsupported: 'This application might not support Smart Accounts',
      authInitFailed: 'A problem occurred while trying initialize authentication',
      authenticating: 'Authenticating...',
      invalidSendParams: 'Please enter a valid amount and receiver address',
    });
  });

  it('is frozen', () => {
    expect(Object.isFrozen(SnackbarMessages)).toBe(true);
    expect(Object.isFrozen(SnackbarMessageVariants)).toBe(true);
  });

  it('gives every message a variant: success for a started transaction, loading while authenticating', () => {
    expect(Object.keys(SnackbarMessageVariants).sort()).toEqual(Object.keys(SnackbarMessages).sort());
    expect(SnackbarMessageVariants.transactionStarted).toBe('success');
    expect(SnackbarMessageVariants.authenticating).toBe('loading');
    expect(SnackbarMessageVariants.signatureDeclined).toBe('error');
  });
});
