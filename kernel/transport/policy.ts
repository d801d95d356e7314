/**
 * The http transport's policy, as pure functions (kernel/transport/http.ts runs it): which failures
 * are retried, the backoff between attempts, and the key under which identical reads share a call.
 */
import { HttpRequestError, NetworkRequestError, TimeoutError } from '../errors/transport';
import { InvalidRpcResponseError } from '../errors/rpcTransport';
import { isSendMethod } from './methods';
import type { RpcRequest } from './types';

/** HTTP statuses worth another attempt. */
export const RETRY_STATUS_CODES: ReadonlySet<number> = /*#__PURE__*/ new Set([403, 408, 413, 429, 500, 502, 503, 504]);

/**
 * Whether a failed attempt deserves a retry. Sign/send calls only when nothing
 * reached the server; reads after a retryable status, a network failure, an
 * attempt's timeout or an answer that broke the JSON-RPC envelope.
 */
export function shouldRetry(err: unknown, method: string | undefined): boolean {
  if (method !== undefined && isSendMethod(method)) {
    return err instanceof NetworkRequestError && !err.reachedServer;
  }
  if (err instanceof HttpRequestError) return RETRY_STATUS_CODES.has(err.status);
  if (err instanceof InvalidRpcResponseError) return true;
  if (err instanceof TimeoutError) return err.scope === 'attempt';
  return err instanceof NetworkRequestError;
}

/** Backoff before retry number `attempt` (0-based): retryDelay * 2^attempt. */
export function backoffDelay(attempt: number, retryDelay: number): number {
  return retryDelay * 2 ** attempt;
}

/** Stable key for dedupe: method plus JSON params (bigints as strings). */
export function requestKey(request: RpcRequest): string {
  return `${request.method}:${JSON.stringify(request.params ?? null, (_k, v: unknown) =>
    typeof v === 'bigint' ? `${v.toString()}n` : v,
  )}`;
}
