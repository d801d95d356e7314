import { LatchkeyError, walkError } from './base';

/** A non-2xx HTTP answer. Message: 'HTTP status code: {status}' (spec section 7). */
export class HttpRequestError extends LatchkeyError {
  override name = 'HttpRequestError';
  readonly status: number;
  readonly url: string;
  /** The response body as text (may be empty). */
  readonly body: string;
  /** Response headers, names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(args: {
    status: number;
    url: string;
    body?: string;
    headers?: Readonly<Record<string, string>>;
    details?: string;
    cause?: unknown;
  }) {
    super(`HTTP status code: ${args.status}`, {
      code: args.status,
      details: args.details ?? (args.body ? args.body.slice(0, 500) : undefined),
      cause: args.cause,
      data: { status: args.status, url: args.url },
    });
    this.status = args.status;
    this.url = args.url;
    this.body = args.body ?? '';
    this.headers = args.headers ?? {};
  }
}

/** The JSON-RPC error object a node answered with. */
export interface RpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** A JSON-RPC error answer; the message is the node's own. */
export class RpcResponseError extends LatchkeyError {
  override name = 'RpcResponseError';
  readonly error: RpcErrorObject;
  declare readonly code: number;

  constructor(error: RpcErrorObject, options: { url?: string; method?: string } = {}) {
    const message = typeof error.message === 'string' && error.message ? error.message : 'Unknown error';
    super(message, {
      code: typeof error.code === 'number' ? error.code : -32603,
      data: error.data,
      details: options.method ? `method: ${options.method}${options.url ? `, url: ${options.url}` : ''}` : undefined,
    });
    this.error = { code: this.code, message, ...(error.data === undefined ? {} : { data: error.data }) };
  }
}

/** The request did not complete within `timeout` ms. */
export class TimeoutError extends LatchkeyError {
  override name = 'TimeoutError';
  readonly timeout: number;
  readonly url: string | undefined;

  constructor(args: { timeout: number; url?: string }) {
    super(`Request timed out after ${args.timeout} ms`, {
      code: 'TIMEOUT',
      details: args.url ? `url: ${args.url}` : undefined,
      data: { timeout: args.timeout, url: args.url },
    });
    this.timeout = args.timeout;
    this.url = args.url;
  }
}

/** An RPC request whose AbortSignal fired (or whose transport was disposed). */
export class RequestAbortedError extends LatchkeyError {
  override name = 'RequestAbortedError';
  constructor(options: { details?: string; cause?: unknown } = {}) {
    super('Request was aborted', { code: 'ABORTED', ...options });
  }
}

/** An aborted non-RPC request (HttpClient). */
export class RequestFailedError extends LatchkeyError {
  override name = 'RequestFailedError';
  constructor(options: { details?: string; cause?: unknown } = {}) {
    super('Something went wrong', { code: 'REQUEST_FAILED', ...options });
  }
}

/** A network has no RPC URL at all (custom, service or its own). */
export class MissingRpcUrlError extends LatchkeyError {
  override name = 'MissingRpcUrlError';
  constructor(caipNetworkId: string) {
    super(`No RPC URL for network ${caipNetworkId}`, { code: 'NO_RPC_URL', data: { caipNetworkId } });
  }
}

/**
 * Error codes (Node/undici) that mean the connection was never established, so
 * not a single byte of the request reached the server.
 */
export const CONNECT_PHASE_ERROR_CODES: ReadonlySet<string> = /*#__PURE__*/ new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Collects `code` strings from an error, its causes and AggregateError members. */
export function errorCodesOf(err: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number): void => {
    if (!e || typeof e !== 'object' || seen.has(e) || depth > 8) return;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1);
    visit((e as { cause?: unknown }).cause, depth + 1);
  };
  visit(err, 0);
  return codes;
}

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
    const codes = errorCodesOf(args.cause);
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
