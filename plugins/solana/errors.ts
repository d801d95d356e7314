/** The solana plugin's own errors (the kernel's catalogue is on 'latchkey/errors'). */
import { LatchkeyError, errorClass, type LatchkeyErrorOptions } from 'latchkey/errors';

/** docs/account-features.md#send-form-rules: a Solana send needs an amount and a receiver. */
export class InvalidSolanaTransferError extends /*#__PURE__*/ errorClass('InvalidSolanaTransferError', 'SOLANA_INVALID_TRANSFER', 'Please enter a valid amount and receiver address') {}

/** docs/errors.md#plugin-errors: the Solana send failed (the wallet's or the node's error is the cause; a decline is still found by isUserRejection). */
export class SolanaTransactionFailedError extends /*#__PURE__*/ errorClass('SolanaTransactionFailedError', 'SOLANA_TRANSACTION_FAILED', 'Failed to send transaction. Please try again.') {}

/** The connector carries no wallet-standard Solana wallet. */
export class SolanaWalletNotFoundError extends /*#__PURE__*/ errorClass('SolanaWalletNotFoundError', 'PROVIDER_NOT_FOUND', 'Provider not found') {}

/** A wallet or node answered something that is not what the standard defines. */
export class UnexpectedSolanaResponseError extends LatchkeyError {
  override name = 'UnexpectedSolanaResponseError';
  constructor(what: string, options: Omit<LatchkeyErrorOptions, 'code'> = {}) {
    super(`Unexpected answer from ${what}`, { ...options, code: 'SOLANA_UNEXPECTED_RESPONSE' });
  }
}

/** A transaction request the adapter refuses before asking the wallet (not bytes, too large, bad options). */
export class InvalidSolanaTransactionError extends LatchkeyError {
  override name = 'InvalidSolanaTransactionError';
  constructor(details: string, options: Omit<LatchkeyErrorOptions, 'code' | 'details'> = {}) {
    super('Invalid Solana transaction', { ...options, details, code: 'SOLANA_INVALID_TRANSACTION' });
  }
}
