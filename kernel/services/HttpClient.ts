import { Environment } from './Environment';
import { Options } from '../options/Options';

export const HttpClient = Symbol('HttpClient');

export interface HttpRequest {
  /** Absolute URL, or a path joined to `baseUrl`. */
  readonly path: string;
  readonly baseUrl?: string;
  readonly params?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  /** The whole request, body included, in ms (default 10000). */
  readonly timeout?: number;
  /** Most bytes of the response body read (default 4 MiB); past it: ResponseTooLargeError. */
  readonly maxBytes?: number;
}

/** Default timeout of an HttpClient request, ms. */
export const DEFAULT_HTTP_TIMEOUT = 10_000;
/**
 * Default byte limit of an HttpClient response (4 MiB): the JSON the kernel
 * fetches (a remote wallet directory page, an analytics acknowledgement) is a
 * few KiB to a few hundred KiB.
 */
export const DEFAULT_HTTP_MAX_BYTES = 4 * 1024 * 1024;

/** GET/POST/PUT/DELETE with a JSON body; non-2xx throws HttpRequestError ('HTTP status code: {status}'). */
export interface HttpClient {
  get<T = unknown>(req: HttpRequest): Promise<T>;
  post<T = unknown>(req: HttpRequest): Promise<T>;
  put<T = unknown>(req: HttpRequest): Promise<T>;
  delete<T = unknown>(req: HttpRequest): Promise<T>;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Joins `baseUrl` and `path` (unless `path` is absolute) and appends the defined query params. */
export function buildUrl(
  req: Pick<HttpRequest, 'path' | 'baseUrl' | 'params'>,
  extra: Readonly<Record<string, string | undefined>> = {},
): string {
  let url: string;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(req.path) || !req.baseUrl) url = req.path;
  else url = `${req.baseUrl.replace(/\/+$/, '')}/${req.path.replace(/^\/+/, '')}`;
  const query: string[] = [];
  for (const [k, v] of Object.entries({ ...req.params, ...extra })) {
    if (v === undefined) continue;
    query.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  }
  if (!query.length) return url;
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  return `${base}${base.includes('?') ? '&' : '?'}${query.join('&')}${hash}`;
}

/**
 * JSON over fetch (the Environment's). Adds `clientId` as a query parameter when
 * the options carry one. A non-2xx answer throws HttpRequestError (keeping a
 * prefix of the body), an aborted request RequestFailedError ('Something went
 * wrong'), a request past its timeout TimeoutError, a body past the byte limit
 * ResponseTooLargeError (the rest is not read), a failed fetch NetworkRequestError.
 */
export class HttpClientImpl implements HttpClient {
  constructor(
    private readonly env: Environment,
    private readonly options: Options,
  ) {}

  get<T = unknown>(req: HttpRequest): Promise<T> {
    return this.send<T>('GET', req);
  }

  post<T = unknown>(req: HttpRequest): Promise<T> {
    return this.send<T>('POST', req);
  }

  put<T = unknown>(req: HttpRequest): Promise<T> {
    return this.send<T>('PUT', req);
  }

  delete<T = unknown>(req: HttpRequest): Promise<T> {
    return this.send<T>('DELETE', req);
  }

  private clientId(): string | undefined {
    const id = (this.options.state as { clientId?: unknown }).clientId;
    return typeof id === 'string' && id !== '' ? id : undefined;
  }

  private async send<T>(method: HttpMethod, req: HttpRequest): Promise<T> {
    const url = buildUrl(req, { clientId: this.clientId() });
    const { timeout = DEFAULT_HTTP_TIMEOUT, maxBytes = DEFAULT_HTTP_MAX_BYTES } = req;
    // The request's code (fetch with limits, its errors, capped body reading) loads on the first request.
    const { send } = await import('./httpSend');
    return send<T>(this.env, method, url, { ...req, timeout, maxBytes });
  }
}
