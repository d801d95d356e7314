import { errorCodes } from './predicates';
import { LatchkeyError, walkError } from './base';
import { RequestAbortedError } from './request';

// The two the kernel's entry throws itself, in a module of their own (this one loads with the
// request code that throws the rest).
export { MissingRpcUrlError, RequestAbortedError } from './request';

/** Most characters of a response body an error keeps (the rest is dropped, never held). */
export const ERROR_BODY_PREFIX_CHARS = 512;

/** Most characters of a node's error message kept in RpcResponseError. */
export const RPC_MESSAGE_MAX_CHARS = 1000;

/** A non-2xx HTTP answer. Message: 'HTTP status code: {status}' (docs/errors.md#transport-errors). */
export class HttpRequestError extends LatchkeyError {
  override name = 'HttpRequestError';
  readonly status: number;
  readonly url: string;
  /** The start of the response body as text (at most 512 characters, `ERROR_BODY_PREFIX_CHARS`; may be empty). */
  readonly body: string;
  /** True when the body was longer than what {@link body} keeps. */
  readonly bodyTruncated: boolean;
  /** Response headers, names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(args: {
    status: number;
    url: string;
    body?: string;
    /** The caller read only part of the body. */
    bodyTruncated?: boolean;
    headers?: Readonly<Record<string, string>>;
    details?: string;
    cause?: unknown;
  }) {
    const full = args.body ?? '';
    const body = full.length > ERROR_BODY_PREFIX_CHARS ? full.slice(0, ERROR_BODY_PREFIX_CHARS) : full;
    super(`HTTP status code: ${args.status}`, {
      code: args.status,
      details: args.details ?? (body || undefined),
      cause: args.cause,
      data: { status: args.status, url: args.url },
    });
    this.status = args.status;
    this.url = args.url;
    this.body = body;
    this.bodyTruncated = full.length > body.length || args.bodyTruncated === true;
    this.headers = args.headers ?? {};
  }
}

/** A response body longer than the limit: reading stopped there and the rest was discarded. */
export class ResponseTooLargeError extends LatchkeyError {
  override name = 'ResponseTooLargeError';
  readonly limit: number;
  readonly url: string;
  readonly status: number;

  constructor(args: { limit: number; url: string; status: number; declared?: number }) {
    super(`Response body exceeds ${args.limit} bytes`, {
      code: 'RESPONSE_TOO_LARGE',
      details: `url: ${args.url}${args.declared === undefined ? '' : ` (Content-Length: ${args.declared})`}`,
      data: { limit: args.limit, url: args.url, status: args.status },
    });
    this.limit = args.limit;
    this.url = args.url;
    this.status = args.status;
  }
}

/** The JSON-RPC error object a node answered with. */
export interface RpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** A JSON-RPC error answer; the message is the node's own (at most 1,000 characters, `RPC_MESSAGE_MAX_CHARS`). */
export class RpcResponseError extends LatchkeyError {
  override name = 'RpcResponseError';
  readonly error: RpcErrorObject;
  declare readonly code: number;

  constructor(error: RpcErrorObject, options: { url?: string; method?: string; details?: string } = {}) {
    const text = typeof error.message === 'string' && error.message ? error.message : 'Unknown error';
    const message = text.length > RPC_MESSAGE_MAX_CHARS ? `${text.slice(0, RPC_MESSAGE_MAX_CHARS)}…` : text;
    const where = options.method ? `method: ${options.method}${options.url ? `, url: ${options.url}` : ''}` : undefined;
    super(message, {
      code: typeof error.code === 'number' ? error.code : -32603,
      data: error.data,
      details: options.details ? (where ? `${options.details} (${where})` : options.details) : where,
    });
    this.error = { code: this.code, message, ...(error.data === undefined ? {} : { data: error.data }) };
  }
}

/**
 * The request did not complete within `timeout` ms: one attempt's timeout
 * (`scope: 'attempt'`), or the whole call's deadline, retries and fallback
 * members included (`scope: 'call'`).
 */
export class TimeoutError extends LatchkeyError {
  override name = 'TimeoutError';
  readonly timeout: number;
  readonly url: string | undefined;
  readonly scope: 'attempt' | 'call';

  constructor(args: { timeout: number; url?: string; scope?: 'attempt' | 'call' }) {
    super(`Request timed out after ${args.timeout} ms`, {
      code: 'TIMEOUT',
      details: args.url ? `url: ${args.url}` : undefined,
      data: args,
    });
    this.timeout = args.timeout;
    this.url = args.url;
    this.scope = args.scope ?? 'attempt';
  }
}

/** An aborted non-RPC request (HttpClient). */
export class RequestFailedError extends LatchkeyError {
  override name = 'RequestFailedError';
  constructor(options: { details?: string; cause?: unknown } = {}) {
    super('Something went wrong', { code: 'REQUEST_FAILED', ...options });
  }
}

/**
 * Error codes (Node/undici) that mean the connection was never established, so
 * not a single byte of the request reached the server.
 */
const CONNECT_PHASE_ERROR_CODES: ReadonlySet<string> = /*#__PURE__*/ new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * `fetch` itself failed (connection refused or reset, DNS, CORS…): no HTTP answer.
 * `reachedServer` is false only when the failure is known to have happened while
 * connecting; browsers never say, so there it is conservatively true.
 */
export class NetworkRequestError extends LatchkeyError {
  override name = 'NetworkRequestError';
  readonly url: string;
  readonly reachedServer: boolean;

  constructor(args: { url: string; cause?: unknown }) {
    const codes = errorCodes(args.cause);
    const connectPhase = codes.length > 0 && codes.every((c) => CONNECT_PHASE_ERROR_CODES.has(c));
    super('Network request failed', {
      code: codes[0] ?? 'NETWORK_ERROR',
      details: `url: ${args.url}${codes.length ? ` (${codes.join(', ')})` : ''}`,
      cause: args.cause,
      data: { url: args.url },
    });
    this.url = args.url;
    this.reachedServer = !connectPhase;
  }
}

/** True for RequestAbortedError anywhere in the cause chain. */
export function isAbortError(err: unknown): boolean {
  return walkError(err, (e) => e instanceof RequestAbortedError) !== null;
}

/**
 * Whether a failed attempt may have reached the server, i.e. may have had an
 * effect (a transaction landed). Only a connect-phase network failure is known
 * not to have; every HTTP answer, timeout or reset is treated as delivered.
 */
export function mayHaveReachedServer(err: unknown): boolean {
  return err instanceof NetworkRequestError ? err.reachedServer : true;
}
