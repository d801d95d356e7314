/**
 * The request itself, loaded on the first request (./HttpClient keeps the service small in the
 * entry: nothing fetches before the visitor acts or a lazily loaded feature asks).
 */
import { HttpRequestError, NetworkRequestError, RequestFailedError, ResponseTooLargeError, TimeoutError } from '../errors/transport';
import { ERROR_BODY_READ_BYTES, readCapped, type CappedBody } from '../transport/body';
import type { Environment } from './Environment';

/** What HttpClient hands over: its request with the limits settled (HttpRequest in ./HttpClient). */
interface SendRequest {
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  readonly timeout: number;
  readonly maxBytes: number;
}

/** One request to `url` (built by HttpClient: base, path, params and clientId). */
export async function send<T>(env: Environment, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, req: SendRequest): Promise<T> {
  const hasBody = method !== 'GET' && req.body !== undefined;
  const headers: Record<string, string> = { ...req.headers };
  if (hasBody && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = 'application/json';
  }
  const { timeout, maxBytes } = req;
  // (NaN fails both: an unchecked NaN limit would read without bound.)
  if (!(timeout >= 1 && timeout < 2 ** 31 && maxBytes >= 1)) {
    throw new RangeError(`HttpClient: timeout must be 1 to 2147483647 ms and maxBytes at least 1 (got ${timeout}, ${maxBytes})`);
  }
  if (req.signal?.aborted) throw new RequestFailedError({ details: `${method} ${url} was aborted` });
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  req.signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  let response: Response;
  let body: CappedBody;
  try {
    response = await env.fetch(url, {
      method,
      headers,
      ...(hasBody ? { body: JSON.stringify(req.body) } : {}),
      signal: controller.signal,
    });
    body = await readCapped(response, response.ok ? maxBytes : ERROR_BODY_READ_BYTES, controller.signal, response.ok);
  } catch (cause) {
    if (req.signal?.aborted) throw new RequestFailedError({ details: `${method} ${url} was aborted`, cause });
    if (timedOut) throw new TimeoutError({ timeout, url });
    throw new NetworkRequestError({ url, cause });
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
  }
  if (!response.ok) {
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((v, k) => {
      responseHeaders[k.toLowerCase()] = v;
    });
    throw new HttpRequestError({ status: response.status, url, body: body.text, bodyTruncated: !body.complete, headers: responseHeaders });
  }
  if (!body.complete) throw new ResponseTooLargeError({ limit: maxBytes, url, status: response.status, declared: body.declared });
  const text = body.text;
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    // Not JSON (e.g. text/plain): hand back the text itself.
    return text as T;
  }
}
