/**
 * Errors of the data service. Every client-visible error has the blockchain API's error shape:
 *   { "status": "FAILED", "reasons": [{ "field": "name", "description": "…" }] }
 * Clients show `reasons[0].description` (docs/errors.md#blockchain-api-errors).
 */

export interface ErrorReason {
  readonly field: string;
  readonly description: string;
}

export interface ErrorBody {
  readonly status: 'FAILED';
  readonly reasons: readonly ErrorReason[];
}

/** An error answered to the client with `status` and the reasons shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly field: string;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, field: string, description: string, headers: Record<string, string> = {}) {
    super(description);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
    this.headers = headers;
  }

  body(): ErrorBody {
    return errorBody(this.field, this.message);
  }
}

export function errorBody(field: string, description: string): ErrorBody {
  return { status: 'FAILED', reasons: [{ field, description }] };
}

export const badRequest = (field: string, description: string) => new ApiError(400, field, description);
export const notFound = (field: string, description: string) => new ApiError(404, field, description);
export const unauthorized = (field: string, description: string) => new ApiError(401, field, description);
export const forbidden = (field: string, description: string) => new ApiError(403, field, description);
export const unavailable = (field: string, description: string) => new ApiError(503, field, description);

/** A JSON-RPC node answered an error or could not be reached. */
export class RpcError extends Error {
  readonly code: number | undefined;
  constructor(message: string, code?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RpcError';
    this.code = code;
  }
}

/** Invalid configuration (env or options): the service refuses to start (one bad value: its subclass EnvError). */
export { ConfigError } from '../../shared/env.mjs';
