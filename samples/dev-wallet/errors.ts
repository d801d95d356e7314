/** The errors the wallet-standard dev wallets throw (EIP-1193 style codes) and their approval gate. */

/** An error a wallet throws: EIP-1193 style codes (4001 rejected, 4100 unauthorized, -32602 bad input). */
export interface WalletError extends Error {
  readonly code: number;
}

export function walletError(code: number, message: string): WalletError {
  const err = new Error(message) as Error & { code: number };
  err.name = 'WalletError';
  err.code = code;
  return err;
}

export const rejected = () => walletError(4001, 'User rejected the request.');
export const unauthorized = () => walletError(4100, 'The requested account and/or method has not been authorized by the user.');
export const invalidInput = (message: string) => walletError(-32602, message);

/** Approval gate shared by the dev wallets: `rejectNext` fails the next approval, `rejectAll` every one. */
export interface ApprovalControl {
  rejectNext: boolean;
  rejectAll: boolean;
}

export function approve(control: ApprovalControl): void {
  if (control.rejectAll || control.rejectNext) {
    control.rejectNext = false;
    throw rejected();
  }
}
