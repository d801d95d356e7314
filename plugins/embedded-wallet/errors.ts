/**
 * The embedded wallet's typed errors. Frame answers become RpcErrors with the frame's own text as
 * their short message, so the EVM adapter (which maps what a provider throws) passes them through
 * unchanged and the UI shows the service's words ('Invalid code: 4 attempts left', …).
 */
import { LatchkeyError, RpcError, UserRejectedRequestError } from 'latchkey/errors';

/** The frame answered a request with an error, or a request through it failed. */
export class EmbeddedWalletError extends RpcError {
  override name = 'EmbeddedWalletError';
  /** The request it answers (CONNECT_EMAIL, RPC_REQUEST, …), when there is one. */
  readonly request: string | undefined;
  constructor(message: string, options: { readonly code?: number; readonly request?: string; readonly cause?: unknown } = {}) {
    super(message, options.code ?? -32603, options.cause === undefined ? {} : { cause: options.cause });
    this.request = options.request;
  }
}

/** 'Unable to load email login dependency' (docs/embedded-wallet.md#errors): the wallet frame did not load. */
export class FrameLoadError extends LatchkeyError {
  override name = 'FrameLoadError';
  constructor(details?: string) {
    super('Unable to load email login dependency', { code: 'FRAME_LOAD_FAILED', ...(details ? { details } : {}) });
  }
}

/** Codes of errors the client makes itself. */
export const CODES = {
  /** EIP-1193 4001: the user said no (or closed the modal on a pending request). */
  rejected: 4001,
  /** EIP-1193 4100: not logged in. */
  unauthorized: 4100,
  /** EIP-1193 4200: a method outside the safe and not-safe lists. */
  unsupported: 4200,
  /** EIP-1193 4902: the wallet cannot switch to the chain. */
  unrecognizedChain: 4902,
} as const;

export const REQUEST_ABORTED = 'Request was aborted';
export const SOMETHING_WENT_WRONG = 'Something went wrong';

/** The frame's answer as a typed error: a user rejection stays one (isUserRejection), the rest keep the frame's text. */
export function frameError(message: string, request: string): RpcError {
  if (/^user rejected/i.test(message)) return new UserRejectedRequestError({ details: message });
  return new EmbeddedWalletError(message, { request });
}
