import { LatchkeyError } from './base';
import {
  HttpRequestError,
  MissingRpcUrlError,
  NetworkRequestError,
  RequestAbortedError,
  RequestFailedError,
  RpcResponseError,
  TimeoutError,
  errorCodesOf,
  isAbortError,
  mayHaveReachedServer,
} from './transport';

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
    expect(errorCodesOf(top)).toEqual(['ECONNREFUSED']);
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
});
