import { errorCodes } from './predicates';
import { LatchkeyError } from './base';
import {
  ERROR_BODY_PREFIX_CHARS,
  HttpRequestError,
  RPC_MESSAGE_MAX_CHARS,
  ResponseTooLargeError,
  MissingRpcUrlError,
  NetworkRequestError,
  RequestAbortedError,
  RequestFailedError,
  RpcResponseError,
  TimeoutError,
  isAbortError,
  mayHaveReachedServer,
} from './transport';
import { InvalidRpcResponseError, RetryAfterError } from './rpcTransport';

describe('transport errors', () => {
  it("HttpRequestError: 'HTTP status code: {status}' with status, url, body and headers", () => {
    const e = new HttpRequestError({ status: 429, url: 'https://x/', body: 'slow down', headers: { 'retry-after': '1' } });
    expect(e).toBeInstanceOf(LatchkeyError);
    expect(e.name).toBe('HttpRequestError');
    expect(e.message).toBe('HTTP status code: 429');
    expect(e.shortMessage).toBe('HTTP status code: 429');
    expect([e.status, e.url, e.body, e.headers['retry-after']]).toEqual([429, 'https://x/', 'slow down', '1']);
    expect(e.details).toBe('slow down');
  });

  it("RpcResponseError carries the node's code, message and data", () => {
    const e = new RpcResponseError({ code: -32000, message: 'nonce too low', data: { x: 1 } }, { method: 'eth_sendRawTransaction' });
    expect(e.name).toBe('RpcResponseError');
    expect(e.message).toBe('nonce too low');
    expect(e.code).toBe(-32000);
    expect(e.data).toEqual({ x: 1 });
    expect(e.error).toEqual({ code: -32000, message: 'nonce too low', data: { x: 1 } });
    expect(e.details).toContain('eth_sendRawTransaction');
  });

  it('TimeoutError names the timeout in ms', () => {
    const e = new TimeoutError({ timeout: 1234, url: 'u' });
    expect(e.message).toBe('Request timed out after 1234 ms');
    expect(e.timeout).toBe(1234);
    expect(e.name).toBe('TimeoutError');
  });

  it("uses the spec's texts for aborted requests", () => {
    expect(new RequestAbortedError().message).toBe('Request was aborted');
    expect(new RequestAbortedError().name).toBe('RequestAbortedError');
    expect(new RequestFailedError().message).toBe('Something went wrong');
    expect(new RequestFailedError().name).toBe('RequestFailedError');
    expect(new MissingRpcUrlError('eip155:9').message).toBe('No RPC URL for network eip155:9');
  });

  it('finds socket codes in causes and AggregateError members', () => {
    const agg = new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })], 'x');
    const top = new TypeError('fetch failed', { cause: agg });
    expect(errorCodes(top)).toEqual(['ECONNREFUSED']);
  });

  it('knows which network failures cannot have reached the server', () => {
    const refused = new NetworkRequestError({ url: 'u', cause: new TypeError('fetch failed', { cause: Object.assign(new Error(), { code: 'ECONNREFUSED' }) }) });
    const reset = new NetworkRequestError({ url: 'u', cause: new TypeError('fetch failed', { cause: Object.assign(new Error(), { code: 'UND_ERR_SOCKET' }) }) });
    const browser = new NetworkRequestError({ url: 'u', cause: new TypeError('Failed to fetch') });
    expect(refused.reachedServer).toBe(false);
    expect(refused.code).toBe('ECONNREFUSED');
    expect(reset.reachedServer).toBe(true);
    expect(browser.reachedServer).toBe(true);
    expect(mayHaveReachedServer(refused)).toBe(false);
    expect(mayHaveReachedServer(new HttpRequestError({ status: 500, url: 'u' }))).toBe(true);
    expect(mayHaveReachedServer(new TimeoutError({ timeout: 1 }))).toBe(true);
  });

  it('spots an abort anywhere in the cause chain', () => {
    expect(isAbortError(new LatchkeyError('x', { cause: new RequestAbortedError() }))).toBe(true);
    expect(isAbortError(new RequestFailedError())).toBe(false);
  });

  it('HttpRequestError keeps only a prefix of a long body', () => {
    const e = new HttpRequestError({ status: 500, url: 'u', body: 'x'.repeat(200 * 1024) });
    expect(e.body).toHaveLength(ERROR_BODY_PREFIX_CHARS);
    expect(e.bodyTruncated).toBe(true);
    expect(e.details).toHaveLength(ERROR_BODY_PREFIX_CHARS);
    const short = new HttpRequestError({ status: 500, url: 'u', body: 'short' });
    expect([short.body, short.bodyTruncated]).toEqual(['short', false]);
    expect(new HttpRequestError({ status: 500, url: 'u', body: 'pre', bodyTruncated: true }).bodyTruncated).toBe(true);
  });

  it("RpcResponseError caps a node's overlong message", () => {
    const e = new RpcResponseError({ code: -32000, message: 'm'.repeat(100_000) });
    expect(e.message).toHaveLength(RPC_MESSAGE_MAX_CHARS + 1);
    expect(e.message.endsWith('…')).toBe(true);
  });

  it('InvalidRpcResponseError is an RpcResponseError (-32603) that says what was wrong', () => {
    const e = new InvalidRpcResponseError('the answer has no "id"', { method: 'eth_sendRawTransaction', url: 'https://n/' });
    expect(e).toBeInstanceOf(RpcResponseError);
    expect([e.name, e.message, e.code, e.reason]).toEqual(['InvalidRpcResponseError', 'Invalid JSON-RPC response', -32603, 'the answer has no "id"']);
    expect(e.details).toBe('the answer has no "id" (method: eth_sendRawTransaction, url: https://n/)');
    expect(mayHaveReachedServer(e)).toBe(true);
  });

  it('ResponseTooLargeError, RetryAfterError and a call-scoped TimeoutError name their figures', () => {
    const big = new ResponseTooLargeError({ limit: 8, url: 'u', status: 200, declared: 9 });
    expect([big.name, big.message, big.code, big.details]).toEqual(['ResponseTooLargeError', 'Response body exceeds 8 bytes', 'RESPONSE_TOO_LARGE', 'url: u (Content-Length: 9)']);
    const cause = new HttpRequestError({ status: 429, url: 'u' });
    const ra = new RetryAfterError({ retryAfter: 3_600_000, remaining: 19_000, url: 'u', cause });
    expect(ra.message).toBe('The server asked to retry after 3600000 ms, beyond the request deadline (19000 ms left)');
    expect(ra.cause).toBe(cause);
    const t = new TimeoutError({ timeout: 20_000, scope: 'call' });
    expect([t.message, t.scope]).toEqual(['Request timed out after 20000 ms', 'call']);
    expect(new TimeoutError({ timeout: 1 }).scope).toBe('attempt');
  });
});
