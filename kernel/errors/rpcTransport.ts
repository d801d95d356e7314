/**
 * Errors only the HTTP RPC transport raises (kernel/transport/http.ts). Kept
 * apart from ./transport so that they load with the transport, on the first
 * RPC request, instead of with the kernel's entry.
 */
import { LatchkeyError } from './base';
import { RpcResponseError } from './transport';

/**
 * An answer that breaks the JSON-RPC 2.0 envelope: not an object, "jsonrpc" not
 * "2.0", an id other than the request's (or none), both or neither of result and
 * error, a malformed error; for a batch, an id answered twice or one nobody sent.
 * Never taken as the answer. Code -32603; `reason` says what was wrong.
 */
export class InvalidRpcResponseError extends RpcResponseError {
  override name = 'InvalidRpcResponseError';
  readonly reason: string;

  constructor(reason: string, options: { url?: string; method?: string } = {}) {
    super({ code: -32603, message: 'Invalid JSON-RPC response' }, { ...options, details: reason });
    this.reason = reason;
  }
}

/**
 * The server asked for a pause (Retry-After) longer than what is left of the
 * call's deadline, so the call failed at once instead of waiting. `cause` is the
 * HttpRequestError that carried the header.
 */
export class RetryAfterError extends LatchkeyError {
  override name = 'RetryAfterError';
  /** The pause the server asked for, ms. */
  readonly retryAfter: number;
  /** What was left of the call's deadline, ms. */
  readonly remaining: number;
  readonly url: string;

  constructor(args: { retryAfter: number; remaining: number; url: string; cause?: unknown }) {
    super(`The server asked to retry after ${args.retryAfter} ms, beyond the request deadline (${args.remaining} ms left)`, {
      code: 'RETRY_AFTER_EXCEEDS_DEADLINE',
      details: `url: ${args.url}`,
      cause: args.cause,
      data: { retryAfter: args.retryAfter, remaining: args.remaining, url: args.url },
    });
    this.retryAfter = args.retryAfter;
    this.remaining = args.remaining;
    this.url = args.url;
  }
}
