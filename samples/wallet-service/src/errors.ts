/** An error the HTTP layer answers as `{ error: { code, message, … } }` with its status. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request') => new HttpError(400, code, message);
export const unauthorized = (message = 'Session expired or revoked: log in again', code = 'session_invalid') => new HttpError(401, code, message);
export const forbidden = (message: string, code = 'forbidden') => new HttpError(403, code, message);
export const notFound = (message = 'Not found', code = 'not_found') => new HttpError(404, code, message);
export const tooMany = (message: string, retryAfterSeconds: number, code = 'rate_limited') =>
  new HttpError(429, code, message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });

/** A bad setting of the service's configuration (config.ts): stops the start with a message naming it (one bad value: its subclass EnvError). */
export { ConfigError } from '../../shared/env.mjs';
