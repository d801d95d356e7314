import {
  ERROR_BODY_PREFIX_CHARS,
  HttpRequestError,
  NetworkRequestError,
  RequestAbortedError,
  ResponseTooLargeError,
  RpcResponseError,
  TimeoutError,
} from '../errors/transport';
import { InvalidRpcResponseError, RetryAfterError } from '../errors/rpcTransport';
import {
  DEDUPE_CACHE_SIZE,
  DEFAULT_BATCH_SIZE,
  DEFAULT_RETRY_COUNT,
  DEFAULT_RETRY_DELAY,
  DEFAULT_TIMEOUT,
  RETRY_STATUS_CODES,
  DEFAULT_MAX_BATCH_RESPONSE_BYTES,
  DEFAULT_MAX_RESPONSE_BYTES,
  backoffDelay,
  http,
  requestKey,
} from './http';
import { checkEnvelope } from './envelope';
import { parseHttpDate, parseRetryAfter } from './retryAfter';
import { SEND_METHODS, isSendMethod } from './methods';
import { HANG, fakeFetch, json, networkError, rpcEcho, rpcResult, type FakeCall } from './testing/fakeFetch';
import { settle } from '../testing/settle';

const URL_ = 'https://rpc.test/';

const status = (code: number, headers: Record<string, string> = {}) => () =>
  new Response(`status ${code} body`, { status: code, headers });

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('constants (HTTP RPC, docs/connection.md#rpc-transport)', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_TIMEOUT).toBe(10_000);
    expect(DEFAULT_RETRY_COUNT).toBe(3);
    expect(DEFAULT_RETRY_DELAY).toBe(150);
    expect(DEFAULT_BATCH_SIZE).toBe(1000);
    expect(DEDUPE_CACHE_SIZE).toBe(8192);
    expect([...RETRY_STATUS_CODES].sort((a, b) => a - b)).toEqual([403, 408, 413, 429, 500, 502, 503, 504]);
  });

  it('backs off exponentially from the base delay', () => {
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, 150))).toEqual([150, 300, 600, 1200]);
  });
});

describe('http(): single calls', () => {
  it('POSTs a JSON-RPC 2.0 body and returns the result', async () => {
    const f = fakeFetch((call) => rpcResult(call, '0x10'));
    const t = http(URL_, { fetch: f.fetch, headers: { 'X-Test': '1' } });
    await expect(t.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10');
    expect(f.calls).toHaveLength(1);
    const [call] = f.calls;
    expect(call!.url).toBe(URL_);
    expect(call!.init.method).toBe('POST');
    expect(call!.init.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-Test': '1' });
    expect(call!.body).toEqual({ jsonrpc: '2.0', id: expect.any(Number), method: 'eth_blockNumber', params: [] });
    expect(t.kind).toBe('http');
  });

  it('uses globalThis.fetch looked up at call time by default', async () => {
    const t = http(URL_);
    const original = globalThis.fetch;
    const f = fakeFetch((call) => rpcResult(call, 'late-bound'));
    globalThis.fetch = f.fetch as typeof fetch;
    try {
      await expect(t.request({ method: 'eth_chainId' })).resolves.toBe('late-bound');
      expect(f.calls).toHaveLength(1);
    } finally {
      globalThis.fetch = original;
    }
  });

  it('turns a JSON-RPC error into RpcResponseError with the node message, and does not retry it', async () => {
    const f = fakeFetch((call) =>
      json({ jsonrpc: '2.0', id: call.body.id, error: { code: 3, message: 'execution reverted: nope', data: '0x08c379a0' } }),
    );
    const t = http(URL_, { fetch: f.fetch });
    const r = await settle(t.request({ method: 'eth_call', params: [{}] }));
    expect(r.ok).toBe(false);
    const err = (r as { error: RpcResponseError }).error;
    expect(err).toBeInstanceOf(RpcResponseError);
    expect(err.message).toBe('execution reverted: nope');
    expect(err.code).toBe(3);
    expect(err.data).toBe('0x08c379a0');
    expect(f.calls).toHaveLength(1);
  });

  it('treats a 200 that is not JSON as an HttpRequestError, without retrying', async () => {
    const f = fakeFetch(() => new Response('<html>', { status: 200 }));
    const t = http(URL_, { fetch: f.fetch });
    const r = await settle(t.request({ method: 'eth_chainId' }));
    expect((r as { error: HttpRequestError }).error).toBeInstanceOf(HttpRequestError);
    expect((r as { error: HttpRequestError }).error.details).toBe('The response is not valid JSON');
    expect(f.calls).toHaveLength(1);
  });
});

describe('http(): retries', () => {
  it.each([403, 408, 413, 429, 500, 502, 503, 504])('retries status %i three times, then throws HttpRequestError', async (code) => {
    const f = fakeFetch(status(code, { 'x-node': 'a' }));
    const t = http(URL_, { fetch: f.fetch });
    const p = settle(t.request({ method: 'eth_blockNumber' }));
    await jest.advanceTimersByTimeAsync(5000);
    const r = await p;
    expect(f.calls).toHaveLength(4);
    const err = (r as { error: HttpRequestError }).error;
    expect(err).toBeInstanceOf(HttpRequestError);
    expect(err.message).toBe(`HTTP status code: ${code}`);
    expect(err.status).toBe(code);
    expect(err.url).toBe(URL_);
    expect(err.body).toBe(`status ${code} body`);
    expect(err.headers['x-node']).toBe('a');
  });

  it.each([400, 401, 404])('does not retry status %i', async (code) => {
    const f = fakeFetch(status(code));
    const t = http(URL_, { fetch: f.fetch });
    const p = settle(t.request({ method: 'eth_blockNumber' }));
    await jest.advanceTimersByTimeAsync(5000);
    expect(((await p) as { error: Error }).error.message).toBe(`HTTP status code: ${code}`);
    expect(f.calls).toHaveLength(1);
  });

  it('waits 150, 300 then 600 ms between attempts', async () => {
    const f = fakeFetch(status(503));
    const t = http(URL_, { fetch: f.fetch });
    const p = settle(t.request({ method: 'eth_blockNumber' }));
    await jest.advanceTimersByTimeAsync(149);
    expect(f.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(f.calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(2000);
    await p;
    const gaps = f.calls.slice(1).map((c, i) => c.at - f.calls[i]!.at);
    expect(gaps).toEqual([150, 300, 600]);
  });

  it('honours retryCount and retryDelay options', async () => {
    const f = fakeFetch(status(500));
    const t = http(URL_, { fetch: f.fetch, retryCount: 1, retryDelay: 40 });
    const p = settle(t.request({ method: 'eth_blockNumber' }));
    await jest.advanceTimersByTimeAsync(1000);
    await p;
    expect(f.calls.map((c) => c.at - f.calls[0]!.at)).toEqual([0, 40]);
  });

  it('succeeds when a later attempt succeeds', async () => {
    const f = fakeFetch((call, i) => (i < 2 ? new Response('', { status: 502 }) : rpcResult(call, 'ok')));
    const t = http(URL_, { fetch: f.fetch });
    const p = t.request({ method: 'eth_blockNumber' });
    await jest.advanceTimersByTimeAsync(1000);
    await expect(p).resolves.toBe('ok');
    expect(f.calls).toHaveLength(3);
  });

  it('honours Retry-After in seconds instead of the backoff', async () => {
    const f = fakeFetch((call, i) => (i === 0 ? status(429, { 'Retry-After': '2' })() : rpcResult(call, 'ok')));
    const t = http(URL_, { fetch: f.fetch });
    const p = t.request({ method: 'eth_blockNumber' });
    await jest.advanceTimersByTimeAsync(1999);
    expect(f.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toBe('ok');
    expect(f.calls[1]!.at - f.calls[0]!.at).toBe(2000);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const at = new Date(Date.now() + 5000).toUTCString();
    const f = fakeFetch((call, i) => (i === 0 ? status(503, { 'Retry-After': at })() : rpcResult(call, 'ok')));
    const t = http(URL_, { fetch: f.fetch });
    const p = t.request({ method: 'eth_blockNumber' });
    await jest.advanceTimersByTimeAsync(4999);
    expect(f.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toBe('ok');
  });

  it('parses Retry-After values', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0.5 ', now)).toBe(500);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Mon, 31 Dec 2029 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
  });

  it('reads the three HTTP-date forms and rejects anything else', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('Tuesday, 01-Jan-30 00:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Tue Jan  1 00:00:09 2030', now)).toBe(9000);
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(Date.UTC(1994, 10, 6, 8, 49, 37));
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(Date.UTC(1994, 10, 6, 8, 49, 37));
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(Date.UTC(1994, 10, 6, 8, 49, 37));
    for (const bad of [
      '-5',
      '-0',
      '+5',
      '1e3',
      '0x10',
      'Infinity',
      'NaN',
      '5 s',
      '2030-01-01T00:00:10Z',
      'Tue, 31 Feb 2030 00:00:00 GMT',
      'Tue, 01 Jan 2030 24:00:00 GMT',
      'Tue, 01 Jan 2030 00:00:10 PST',
      'tomorrow',
    ]) {
      expect([bad, parseRetryAfter(bad, now)]).toEqual([bad, undefined]);
    }
    // Delta-seconds too large for any deadline stay finite (and are refused by the deadline, not a timer).
    expect(parseRetryAfter('9'.repeat(400), now)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('retries a read after a network failure (connection reset)', async () => {
    const f = fakeFetch((call, i) => (i === 0 ? networkError('ECONNRESET') : rpcResult(call, 'ok')));
    const t = http(URL_, { fetch: f.fetch });
    const p = t.request({ method: 'eth_getBalance', params: ['0x1', 'latest'] });
    await jest.advanceTimersByTimeAsync(150);
    await expect(p).resolves.toBe('ok');
    expect(f.calls).toHaveLength(2);
  });

  it('throws NetworkRequestError once network retries are spent', async () => {
    const f = fakeFetch(() => networkError('ECONNREFUSED'));
    const t = http(URL_, { fetch: f.fetch });
    const p = settle(t.request({ method: 'eth_blockNumber' }));
    await jest.advanceTimersByTimeAsync(2000);
    const err = ((await p) as { error: NetworkRequestError }).error;
    expect(err).toBeInstanceOf(NetworkRequestError);
    expect(err.reachedServer).toBe(false);
    expect(f.calls).toHaveLength(4);
  });
});

describe('http(): timeout and abort', () => {
  it('times out after 10000 ms by default with TimeoutError', async () => {
    const f = fakeFetch(() => HANG);
    const t = http(URL_, { fetch: f.fetch, retryCount: 0 });
    let done = false;
    const p = settle(t.request({ method: 'eth_blockNumber' })).finally(() => (done = true));
    await jest.advanceTimersByTimeAsync(9999);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const err = ((await p) as { error: TimeoutError }).error;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.timeout).toBe(10_000);
    expect(err.message).toBe('Request timed out after 10000 ms');
    expect((f.calls[0]!.init.signal as AbortSignal).aborted).toBe(true);
  });

  it('honours the timeout option and retries a timed-out read', async () => {
    const f = fakeFetch((call, i) => (i === 0 ? HANG : rpcResult(call, 'ok')));
    const t = http(URL_, { fetch: f.fetch, timeout: 500 });
    const p = t.request({ method: 'eth_blockNumber' });
    await jest.advanceTimersByTimeAsync(650);
    await expect(p).resolves.toBe('ok');
    expect(f.calls[1]!.at - f.calls[0]!.at).toBe(650);
  });

  it("rejects with 'Request was aborted' on abort and does not retry", async () => {
    const f = fakeFetch(() => HANG);
    const t = http(URL_, { fetch: f.fetch });
    const ac = new AbortController();
    const p = settle(t.request({ method: 'eth_blockNumber' }, { signal: ac.signal }));
    await jest.advanceTimersByTimeAsync(10);
    ac.abort();
    const err = ((await p) as { error: Error }).error;
    expect(err).toBeInstanceOf(RequestAbortedError);
    expect(err.message).toBe('Request was aborted');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(f.calls).toHaveLength(1);
  });

  it('stops waiting for a retry when aborted during the backoff', async () => {
    const f = fakeFetch(status(503));
    const t = http(URL_, { fetch: f.fetch });
    const ac = new AbortController();
    const p = settle(t.request({ method: 'eth_blockNumber' }, { signal: ac.signal }));
    await jest.advanceTimersByTimeAsync(100);
    ac.abort();
    expect(((await p) as { error: Error }).error).toBeInstanceOf(RequestAbortedError);
    await jest.advanceTimersByTimeAsync(5000);
    expect(f.calls).toHaveLength(1);
  });

  it('does not call fetch for an already aborted signal', async () => {
    const f = fakeFetch((call) => rpcResult(call, 1));
    const t = http(URL_, { fetch: f.fetch });
    await expect(t.request({ method: 'eth_blockNumber' }, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(RequestAbortedError);
    expect(f.calls).toHaveLength(0);
  });
});

describe('http(): send and sign methods', () => {
  it('lists the send/sign methods and recognises them', () => {
    for (const m of ['eth_sendTransaction', 'eth_sendRawTransaction', 'wallet_sendCalls', 'personal_sign', 'eth_signTypedData_v4', 'eth_sendUserOperation', 'sendTransaction']) {
      expect(isSendMethod(m)).toBe(true);
    }
    expect(SEND_METHODS.has('eth_sendRawTransaction')).toBe(true);
    expect(isSendMethod('eth_signSomethingNew')).toBe(true);
    for (const m of ['eth_call', 'eth_blockNumber', 'eth_getBalance', 'getBalance', 'wallet_getCallsStatus']) {
      expect(isSendMethod(m)).toBe(false);
    }
  });

  it.each([500, 503, 429])('never retries a send after status %i (the tx may have landed)', async (code) => {
    const f = fakeFetch(status(code));
    const t = http(URL_, { fetch: f.fetch });
    const p = settle(t.request({ method: 'eth_sendRawTransaction', params: ['0xdead'] }));
    await jest.advanceTimersByTimeAsync(5000);
    expect(((await p) as { error: HttpRequestError }).error.status).toBe(code);
    expect(f.calls).toHaveLength(1);
  });

  it('never retries a send after a timeout or a reset connection', async () => {
    const f1 = fakeFetch(() => HANG);
    const t1 = http(URL_, { fetch: f1.fetch });
    const p1 = settle(t1.request({ method: 'eth_sendTransaction', params: [{}] }));
    await jest.advanceTimersByTimeAsync(60_000);
    expect(((await p1) as { error: Error }).error).toBeInstanceOf(TimeoutError);
    expect(f1.calls).toHaveLength(1);

    const f2 = fakeFetch(() => networkError('ECONNRESET'));
    const t2 = http(URL_, { fetch: f2.fetch });
    const p2 = settle(t2.request({ method: 'personal_sign', params: ['0x', '0x'] }));
    await jest.advanceTimersByTimeAsync(5000);
    expect(((await p2) as { error: NetworkRequestError }).error.reachedServer).toBe(true);
    expect(f2.calls).toHaveLength(1);

    const f3 = fakeFetch(() => new TypeError('Failed to fetch'));
    const t3 = http(URL_, { fetch: f3.fetch });
    const p3 = settle(t3.request({ method: 'wallet_sendCalls', params: [{}] }));
    await jest.advanceTimersByTimeAsync(5000);
    await p3;
    expect(f3.calls).toHaveLength(1);
  });

  it('retries a send refused before connecting (ECONNREFUSED)', async () => {
    const f = fakeFetch((call, i) => (i === 0 ? networkError('ECONNREFUSED') : rpcResult(call, '0xhash')));
    const t = http(URL_, { fetch: f.fetch });
    const p = t.request({ method: 'eth_sendRawTransaction', params: ['0xdead'] });
    await jest.advanceTimersByTimeAsync(150);
    await expect(p).resolves.toBe('0xhash');
    expect(f.calls).toHaveLength(2);
  });
});

describe('http(): batching', () => {
  it('sends calls made in the same tick as one JSON array and matches answers by id', async () => {
    const f = fakeFetch(rpcEcho((m, p) => `${m}:${JSON.stringify(p)}`));
    const t = http(URL_, { fetch: f.fetch, batch: true });
    const all = Promise.all([
      t.request({ method: 'eth_blockNumber' }),
      t.request({ method: 'eth_chainId' }),
      t.request({ method: 'eth_getBalance', params: ['0xa', 'latest'] }),
    ]);
    await jest.advanceTimersByTimeAsync(0);
    await expect(all).resolves.toEqual(['eth_blockNumber:[]', 'eth_chainId:[]', 'eth_getBalance:["0xa","latest"]']);
    expect(f.calls).toHaveLength(1);
    expect(Array.isArray(f.calls[0]!.body)).toBe(true);
    expect(f.calls[0]!.body.map((b: any) => b.method)).toEqual(['eth_blockNumber', 'eth_chainId', 'eth_getBalance']);
    expect(new Set(f.calls[0]!.body.map((b: any) => b.id)).size).toBe(3);
  });

  it('matches answers that come back out of order', async () => {
    const f = fakeFetch((call: FakeCall) =>
      json([...call.body].reverse().map((b: any) => ({ jsonrpc: '2.0', id: b.id, result: b.params[0] }))),
    );
    const t = http(URL_, { fetch: f.fetch, batch: true });
    const all = Promise.all(['a', 'b', 'c', 'd'].map((x) => t.request({ method: 'eth_getCode', params: [x] })));
    await jest.advanceTimersByTimeAsync(0);
    await expect(all).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it('splits at batchSize', async () => {
    const f = fakeFetch(rpcEcho((_m, p) => (p as string[])[0]));
    const t = http(URL_, { fetch: f.fetch, batch: { batchSize: 2 } });
    const all = Promise.all([1, 2, 3, 4, 5].map((n) => t.request({ method: 'eth_getCode', params: [`0x${n}`] })));
    await jest.advanceTimersByTimeAsync(0);
    await expect(all).resolves.toEqual(['0x1', '0x2', '0x3', '0x4', '0x5']);
    expect(f.calls.map((c) => (Array.isArray(c.body) ? c.body.length : 1))).toEqual([2, 2, 1]);
  });

  it('puts at most 1000 calls in one POST by default', async () => {
    const f = fakeFetch(rpcEcho((_m, p) => (p as number[])[0]));
    const t = http(URL_, { fetch: f.fetch, batch: true });
    const all = Promise.all(Array.from({ length: 1001 }, (_, n) => t.request({ method: 'eth_getCode', params: [n] })));
    await jest.advanceTimersByTimeAsync(0);
    const results = await all;
    expect(results[1000]).toBe(1000);
    expect(f.calls.map((c) => (Array.isArray(c.body) ? c.body.length : 1))).toEqual([1000, 1]);
  });

  it('collects calls within `wait` ms', async () => {
    const f = fakeFetch(rpcEcho());
    const t = http(URL_, { fetch: f.fetch, batch: { wait: 10 } });
    const a = t.request({ method: 'eth_chainId' });
    await jest.advanceTimersByTimeAsync(5);
    const b = t.request({ method: 'eth_blockNumber' });
    await jest.advanceTimersByTimeAsync(4);
    expect(f.calls).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    await Promise.all([a, b]);
    expect(f.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(20);
    const c = t.request({ method: 'eth_gasPrice' });
    await jest.advanceTimersByTimeAsync(10);
    await c;
    expect(f.calls).toHaveLength(2);
  });

  it('rejects only the call whose item carries a JSON-RPC error', async () => {
    const f = fakeFetch((call) =>
      json(
        call.body.map((b: any) =>
          b.method === 'eth_call'
            ? { jsonrpc: '2.0', id: b.id, error: { code: -32000, message: 'execution reverted' } }
            : { jsonrpc: '2.0', id: b.id, result: 'fine' },
        ),
      ),
    );
    const t = http(URL_, { fetch: f.fetch, batch: true });
    const a = settle(t.request({ method: 'eth_blockNumber' }));
    const b = settle(t.request({ method: 'eth_call', params: [{}] }));
    await jest.advanceTimersByTimeAsync(0);
    expect(await a).toEqual({ ok: true, value: 'fine' });
    const r = (await b) as { error: RpcResponseError };
    expect(r.error).toBeInstanceOf(RpcResponseError);
    expect(r.error.message).toBe('execution reverted');
    expect(r.error.code).toBe(-32000);
  });

  it('rejects an item the server left unanswered', async () => {
    const f = fakeFetch((call) => json([{ jsonrpc: '2.0', id: call.body[0].id, result: 1 }]));
    const t = http(URL_, { fetch: f.fetch, batch: true });
    const a = t.request({ method: 'eth_blockNumber' });
    const b = settle(t.request({ method: 'eth_chainId' }));
    await jest.advanceTimersByTimeAsync(0);
    await expect(a).resolves.toBe(1);
    expect(((await b) as { error: Error }).error).toBeInstanceOf(RpcResponseError);
  });

  it('retries the whole batch on a retryable status, and rejects every item when retries are spent', async () => {
    const f = fakeFetch(status(503));
    const t = http(URL_, { fetch: f.fetch, batch: true });
    const a = settle(t.request({ method: 'eth_blockNumber' }));
    const b = settle(t.request({ method: 'eth_chainId' }));
    await jest.advanceTimersByTimeAsync(2000);
    expect(((await a) as { error: Error }).error.message).toBe('HTTP status code: 503');
    expect(((await b) as { error: Error }).error.message).toBe('HTTP status code: 503');
    expect(f.calls).toHaveLength(4);
  });

  it('never batches send methods', async () => {
    const f = fakeFetch(rpcEcho());
    const t = http(URL_, { fetch: f.fetch, batch: true });
    const all = Promise.all([
      t.request({ method: 'eth_blockNumber' }),
      t.request({ method: 'eth_sendRawTransaction', params: ['0x1'] }),
      t.request({ method: 'eth_chainId' }),
    ]);
    await jest.advanceTimersByTimeAsync(0);
    await all;
    expect(f.calls).toHaveLength(2);
    const single = f.calls.find((c) => !Array.isArray(c.body))!;
    expect(single.body.method).toBe('eth_sendRawTransaction');
  });

  it('drops an aborted call from the queue before sending', async () => {
    const f = fakeFetch(rpcEcho());
    const t = http(URL_, { fetch: f.fetch, batch: true });
    const ac = new AbortController();
    const a = settle(t.request({ method: 'eth_blockNumber' }, { signal: ac.signal }));
    const b = t.request({ method: 'eth_chainId' });
    const c = t.request({ method: 'eth_gasPrice' });
    ac.abort();
    await jest.advanceTimersByTimeAsync(0);
    expect(((await a) as { error: Error }).error.message).toBe('Request was aborted');
    await Promise.all([b, c]);
    expect(f.calls[0]!.body.map((x: any) => x.method)).toEqual(['eth_chainId', 'eth_gasPrice']);
  });
});

describe('http(): dedupe', () => {
  it('shares one network call between identical in-flight reads', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const f = fakeFetch(async (call) => {
      await gate;
      return rpcResult(call, '0xbal');
    });
    const t = http(URL_, { fetch: f.fetch });
    const a = t.request({ method: 'eth_getBalance', params: ['0xa', 'latest'] });
    const b = t.request({ method: 'eth_getBalance', params: ['0xa', 'latest'] });
    const c = t.request({ method: 'eth_getBalance', params: ['0xb', 'latest'] });
    release();
    await expect(Promise.all([a, b, c])).resolves.toEqual(['0xbal', '0xbal', '0xbal']);
    expect(f.calls).toHaveLength(2);
    // Once settled, the same read goes to the network again.
    await t.request({ method: 'eth_getBalance', params: ['0xa', 'latest'] });
    expect(f.calls).toHaveLength(3);
  });

  it('never shares send calls', async () => {
    const f = fakeFetch((call) => rpcResult(call, '0xhash'));
    const t = http(URL_, { fetch: f.fetch });
    await Promise.all([
      t.request({ method: 'eth_sendRawTransaction', params: ['0x1'] }),
      t.request({ method: 'eth_sendRawTransaction', params: ['0x1'] }),
    ]);
    expect(f.calls).toHaveLength(2);
  });

  it('can be turned off', async () => {
    const f = fakeFetch((call) => rpcResult(call, 1));
    const t = http(URL_, { fetch: f.fetch, dedupe: false });
    await Promise.all([t.request({ method: 'eth_blockNumber' }), t.request({ method: 'eth_blockNumber' })]);
    expect(f.calls).toHaveLength(2);
  });

  it('lets one sharer abort without cancelling the call for the others; the call stops when all left', async () => {
    const f = fakeFetch(() => HANG);
    const t = http(URL_, { fetch: f.fetch });
    const a1 = new AbortController();
    const a2 = new AbortController();
    const p1 = settle(t.request({ method: 'eth_blockNumber' }, { signal: a1.signal }));
    const p2 = settle(t.request({ method: 'eth_blockNumber' }, { signal: a2.signal }));
    await jest.advanceTimersByTimeAsync(0);
    expect(f.calls).toHaveLength(1);
    a1.abort();
    expect(((await p1) as { error: Error }).error).toBeInstanceOf(RequestAbortedError);
    const signal = f.calls[0]!.init.signal as AbortSignal;
    expect(signal.aborted).toBe(false);
    a2.abort();
    expect(((await p2) as { error: Error }).error).toBeInstanceOf(RequestAbortedError);
    expect(signal.aborted).toBe(true);
  });

  it('keys on method and params', () => {
    expect(requestKey({ method: 'a', params: [1n] })).toBe(requestKey({ method: 'a', params: [1n] }));
    expect(requestKey({ method: 'a', params: [1] })).not.toBe(requestKey({ method: 'b', params: [1] }));
    expect(requestKey({ method: 'a', params: [1] })).not.toBe(requestKey({ method: 'a', params: [2] }));
  });

  it(`keeps at most ${DEDUPE_CACHE_SIZE} in-flight keys (least recently used evicted)`, async () => {
    // Real timers: each of the 8193 hanging calls holds its attempt's timer, and the fake clock
    // walks all of them on every advance (seconds of CPU for nothing this test looks at).
    // The default 8192 calls are about 1 s of CPU on an idle core (two AbortControllers, two timers
    // and a promise chain each); the 20 s limit is for a core shared with a busy suite, not a wait.
    // The attempts outlive the test (timeout and deadline past its 20 s): with the default 10 s, on
    // a loaded machine the first calls timed out while the last were still being made, left the
    // in-flight map, and key 1 was asked again (npm test at load average 9: 8194 calls, not 8193).
    jest.useRealTimers();
    const turn = () => new Promise((r) => setImmediate(r));
    const f = fakeFetch(() => HANG);
    const t = http(URL_, { fetch: f.fetch, retryCount: 0, timeout: 60_000, deadline: 60_000 });
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i <= DEDUPE_CACHE_SIZE; i++) pending.push(settle(t.request({ method: 'eth_getCode', params: [i] })));
    await turn();
    expect(f.calls).toHaveLength(DEDUPE_CACHE_SIZE + 1);
    // Key 1 is still within the bound: shared.
    pending.push(settle(t.request({ method: 'eth_getCode', params: [1] })));
    await turn();
    expect(f.calls).toHaveLength(DEDUPE_CACHE_SIZE + 1);
    // Key 0 was the oldest and was evicted when key 8192 arrived: a new call.
    pending.push(settle(t.request({ method: 'eth_getCode', params: [0] })));
    await turn();
    expect(f.calls).toHaveLength(DEDUPE_CACHE_SIZE + 2);
    t.dispose();
    await Promise.all(pending);
  }, 20_000);
});

describe('http(): dispose', () => {
  it('rejects queued and in-flight calls and refuses new ones', async () => {
    const f = fakeFetch(() => HANG);
    const t = http(URL_, { fetch: f.fetch, batch: { wait: 50 } });
    const single = settle(t.request({ method: 'eth_sendRawTransaction', params: ['0x'] }));
    const queued = settle(t.request({ method: 'eth_blockNumber' }));
    await jest.advanceTimersByTimeAsync(0);
    t.dispose();
    expect(((await single) as { error: Error }).error.message).toBe('Request was aborted');
    expect(((await queued) as { error: Error }).error.message).toBe('Request was aborted');
    await expect(t.request({ method: 'eth_chainId' })).rejects.toBeInstanceOf(RequestAbortedError);
    await jest.advanceTimersByTimeAsync(100);
    expect(f.calls).toHaveLength(1);
  });
});

describe('http(): Retry-After within the deadline', () => {
  const once429 = (value: string) => (call: FakeCall, i: number) =>
    i === 0 ? status(429, { 'Retry-After': value })() : rpcResult(call, 'ok');

  it.each(['3600', 'Fri, 31 Dec 9999 23:59:59 GMT', '99999999999', '9'.repeat(40)])(
    'fails at once with RetryAfterError when Retry-After %s is beyond the deadline (no pending read, no timer burst)',
    async (value) => {
      const f = fakeFetch(once429(value));
      const t = http(URL_, { fetch: f.fetch });
      const r = await settle(t.request({ method: 'eth_blockNumber' }));
      expect(r.ok).toBe(false);
      const err = (r as { error: RetryAfterError }).error;
      expect(err).toBeInstanceOf(RetryAfterError);
      expect(err.retryAfter).toBeGreaterThanOrEqual(3_600_000);
      expect(err.remaining).toBe(20_000);
      expect(err.message).toContain(`retry after ${err.retryAfter} ms`);
      expect(err.cause).toBeInstanceOf(HttpRequestError);
      expect((err.cause as HttpRequestError).status).toBe(429);
      await jest.advanceTimersByTimeAsync(60_000);
      expect(f.calls).toHaveLength(1);
    },
  );

  it.each(['-5', 'soon', '1e3', 'NaN', '0', 'Mon, 31 Dec 2029 00:00:00 GMT'])(
    'ignores Retry-After %s (invalid, or no later than now) and waits the backoff instead',
    async (value) => {
      const f = fakeFetch(status(429, { 'Retry-After': value }));
      const t = http(URL_, { fetch: f.fetch });
      const p = settle(t.request({ method: 'eth_blockNumber' }));
      await jest.advanceTimersByTimeAsync(5000);
      expect(((await p) as { error: HttpRequestError }).error.status).toBe(429);
      expect(f.calls.slice(1).map((c, i) => c.at - f.calls[i]!.at)).toEqual([150, 300, 600]);
    },
  );

  it('honours a Retry-After that fits, and refuses the next one that no longer does', async () => {
    const f = fakeFetch(status(503, { 'Retry-After': '3' }));
    const t = http(URL_, { fetch: f.fetch, deadline: 5000 });
    const p = settle(t.request({ method: 'eth_blockNumber' }));
    await jest.advanceTimersByTimeAsync(2999);
    expect(f.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(f.calls).toHaveLength(2);
    const err = ((await p) as { error: RetryAfterError }).error;
    expect(err).toBeInstanceOf(RetryAfterError);
    expect([err.retryAfter, err.remaining]).toEqual([3000, 2000]);
  });

  it('never waits less than the backoff when Retry-After asks for less', async () => {
    const f = fakeFetch((call, i) => (i === 0 ? status(429, { 'Retry-After': '0.01' })() : rpcResult(call, 'ok')));
    const t = http(URL_, { fetch: f.fetch });
    const p = t.request({ method: 'eth_blockNumber' });
    await jest.advanceTimersByTimeAsync(150);
    await expect(p).resolves.toBe('ok');
    expect(f.calls[1]!.at - f.calls[0]!.at).toBe(150);
  });
});

describe('http(): one deadline per call', () => {
  it('defaults to 2 × the attempt timeout (20 s): a hung node fails the call at 20 s, not after 4 attempts', async () => {
    const f = fakeFetch(() => HANG);
    const t = http(URL_, { fetch: f.fetch });
    expect([t.timeout, t.deadline]).toEqual([10_000, 20_000]);
    let done = false;
    const p = settle(t.request({ method: 'eth_blockNumber' })).finally(() => (done = true));
    await jest.advanceTimersByTimeAsync(19_999);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const err = ((await p) as { error: TimeoutError }).error;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.scope).toBe('call');
    expect(err.message).toBe('Request timed out after 20000 ms');
    // First attempt to its 10 s timeout, 150 ms backoff, the second cut at the deadline.
    expect(f.calls.map((c) => c.at - f.calls[0]!.at)).toEqual([0, 10_150]);
    expect((f.calls[1]!.init.signal as AbortSignal).aborted).toBe(true);
  });

  it('reports the deadline when it ends an attempt together with the attempt timeout', async () => {
    const f = fakeFetch(() => HANG);
    const t = http(URL_, { fetch: f.fetch, timeout: 500, deadline: 500 });
    const p = settle(t.request({ method: 'eth_blockNumber' }));
    await jest.advanceTimersByTimeAsync(500);
    const err = ((await p) as { error: TimeoutError }).error;
    expect([err.scope, err.timeout]).toEqual(['call', 500]);
    expect(f.calls).toHaveLength(1);
  });

  it('takes a deadline option, and a shorter one per call (never a longer one)', async () => {
    const f = fakeFetch(() => HANG);
    const t = http(URL_, { fetch: f.fetch, deadline: 3000 });
    const a = settle(t.request({ method: 'eth_blockNumber' }));
    const b = settle(t.request({ method: 'eth_chainId' }, { deadline: 1000 }));
    const c = settle(t.request({ method: 'eth_gasPrice' }, { deadline: 60_000 }));
    await jest.advanceTimersByTimeAsync(1000);
    expect(((await b) as { error: TimeoutError }).error.timeout).toBe(1000);
    await jest.advanceTimersByTimeAsync(2000);
    expect(((await a) as { error: TimeoutError }).error.timeout).toBe(3000);
    expect(((await c) as { error: TimeoutError }).error.timeout).toBe(3000);
  });

  it('does not start a backoff that ends past the deadline: the last error comes at once', async () => {
    const f = fakeFetch(status(503));
    const t = http(URL_, { fetch: f.fetch, deadline: 200 });
    let at = -1;
    const start = Date.now();
    const p = settle(t.request({ method: 'eth_blockNumber' })).finally(() => (at = Date.now() - start));
    await jest.advanceTimersByTimeAsync(1000);
    expect(((await p) as { error: HttpRequestError }).error.status).toBe(503);
    expect(f.calls).toHaveLength(2);
    expect(at).toBe(150);
  });

  it('applies each batched caller its own deadline, and stops the POST when none is left waiting', async () => {
    const f = fakeFetch(() => HANG);
    const t = http(URL_, { fetch: f.fetch, batch: true });
    const short = settle(t.request({ method: 'eth_blockNumber' }, { deadline: 500 }));
    const long = settle(t.request({ method: 'eth_chainId' }, { deadline: 900 }));
    await jest.advanceTimersByTimeAsync(500);
    expect(((await short) as { error: TimeoutError }).error.timeout).toBe(500);
    const signal = f.calls[0]!.init.signal as AbortSignal;
    expect(signal.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(400);
    expect(((await long) as { error: TimeoutError }).error.timeout).toBe(900);
    expect(signal.aborted).toBe(true);
    expect(f.calls).toHaveLength(1);
  });

  it('gives each caller of a shared (deduplicated) read its own deadline', async () => {
    const f = fakeFetch(async (call) => {
      await new Promise((r) => setTimeout(r, 800));
      return rpcResult(call, '0x5');
    });
    const t = http(URL_, { fetch: f.fetch });
    const a = settle(t.request({ method: 'eth_blockNumber' }));
    const b = settle(t.request({ method: 'eth_blockNumber' }, { deadline: 300 }));
    await jest.advanceTimersByTimeAsync(300);
    expect(((await b) as { error: TimeoutError }).error).toBeInstanceOf(TimeoutError);
    await jest.advanceTimersByTimeAsync(500);
    expect(await a).toEqual({ ok: true, value: '0x5' });
    expect(f.calls).toHaveLength(1);
  });

  it('refuses invalid durations and counts with a RangeError naming the option', async () => {
    expect(() => http(URL_, { timeout: -1 })).toThrow(/timeout/);
    expect(() => http(URL_, { timeout: 0 })).toThrow(RangeError);
    expect(() => http(URL_, { deadline: Number.NaN })).toThrow(/deadline/);
    expect(() => http(URL_, { retryDelay: Number.POSITIVE_INFINITY })).toThrow(/retryDelay/);
    expect(() => http(URL_, { timeout: 2 ** 31 })).toThrow(RangeError);
    expect(() => http(URL_, { retryCount: 1.5 })).toThrow(/retryCount/);
    expect(() => http(URL_, { maxResponseBytes: 0 })).toThrow(/maxResponseBytes/);
    expect(() => http(URL_, { batch: { batchSize: 0 } })).toThrow(/batchSize/);
    const f = fakeFetch((call) => rpcResult(call, 1));
    const t = http(URL_, { fetch: f.fetch });
    await expect(t.request({ method: 'eth_chainId' }, { deadline: -5 })).rejects.toThrow(RangeError);
    expect(f.calls).toHaveLength(0);
  });
});

/** A Response whose body is `total` bytes of JSON, produced in 64 KiB pulls that are counted. */
function bigResponse(total: number, init: { status?: number; declare?: boolean; id?: number } = {}) {
  const head = new TextEncoder().encode(`{"jsonrpc":"2.0","id":${init.id ?? 1},"result":"`);
  const tail = new TextEncoder().encode('"}');
  const state = { pulled: 0, sent: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled++;
      if (state.sent === 0) {
        state.sent += head.length;
        controller.enqueue(head);
        return;
      }
      const left = total - tail.length - state.sent;
      if (left <= 0) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      const n = Math.min(left, 64 * 1024);
      state.sent += n;
      controller.enqueue(new Uint8Array(n).fill(0x61));
    },
  });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.declare) headers['content-length'] = String(total);
  return { response: new Response(stream, { status: init.status ?? 200, headers }), state };
}

describe('http(): response size', () => {
  it('has the documented byte limits', () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(8 * 1024 * 1024);
    expect(DEFAULT_MAX_BATCH_RESPONSE_BYTES).toBe(32 * 1024 * 1024);
  });

  it('stops reading past maxResponseBytes with ResponseTooLargeError, and does not retry', async () => {
    const made: ReturnType<typeof bigResponse>[] = [];
    const f = fakeFetch(() => {
      made.push(bigResponse(10 * 1024 * 1024));
      return made[made.length - 1]!.response;
    });
    const t = http(URL_, { fetch: f.fetch, maxResponseBytes: 1024 * 1024 });
    const err = ((await settle(t.request({ method: 'eth_getLogs', params: [{}] }))) as { error: ResponseTooLargeError }).error;
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(err.message).toBe('Response body exceeds 1048576 bytes');
    expect(err.limit).toBe(1024 * 1024);
    expect(f.calls).toHaveLength(1);
    // About 1 MiB was pulled from a 10 MiB body, not the whole of it.
    expect(made[0]!.state.sent).toBeLessThan(1024 * 1024 + 3 * 64 * 1024);
  });

  it('does not read a body whose Content-Length is already over the limit', async () => {
    const big = bigResponse(2 * 1024 * 1024, { declare: true });
    const f = fakeFetch(() => big.response);
    const t = http(URL_, { fetch: f.fetch, maxResponseBytes: 1024 * 1024, retryCount: 0 });
    const err = ((await settle(t.request({ method: 'eth_getLogs' }))) as { error: ResponseTooLargeError }).error;
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(err.details).toContain('Content-Length: 2097152');
    expect(big.state.sent).toBeLessThanOrEqual(64 * 1024 + 64);
  });

  it('accepts an answer of exactly the limit', async () => {
    const f = fakeFetch((call) => bigResponse(4096, { id: call.body.id }).response);
    const t = http(URL_, { fetch: f.fetch, maxResponseBytes: 4096 });
    const v = await t.request<string>({ method: 'eth_getLogs' });
    expect(v).toHaveLength(4096 - `{"jsonrpc":"2.0","id":1,"result":""}`.length);
  });

  it('keeps only a short prefix of an error body, reading a few KiB of it at most', async () => {
    const big = bigResponse(50 * 1024 * 1024, { status: 500 });
    const f = fakeFetch(() => big.response);
    const t = http(URL_, { fetch: f.fetch, retryCount: 0 });
    const err = ((await settle(t.request({ method: 'eth_blockNumber' }))) as { error: HttpRequestError }).error;
    expect(err).toBeInstanceOf(HttpRequestError);
    expect(err.status).toBe(500);
    expect(err.body).toHaveLength(ERROR_BODY_PREFIX_CHARS);
    expect(err.body.startsWith('{"jsonrpc":"2.0"')).toBe(true);
    expect(err.bodyTruncated).toBe(true);
    expect(big.state.sent).toBeLessThan(200 * 1024);
  });

  it('applies the batch limit to batch answers', async () => {
    const f = fakeFetch((call) => json(call.body.map((b: any) => ({ jsonrpc: '2.0', id: b.id, result: 'x'.repeat(3000) }))));
    const t = http(URL_, { fetch: f.fetch, maxResponseBytes: 1000, batch: { maxResponseBytes: 5000 }, retryCount: 0 });
    const tooBig = settle(Promise.all([t.request({ method: 'eth_getCode', params: [1] }), t.request({ method: 'eth_getCode', params: [2] })]));
    await jest.advanceTimersByTimeAsync(0);
    const err = ((await tooBig) as { error: ResponseTooLargeError }).error;
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(err.limit).toBe(5000);
    const t2 = http(URL_, { fetch: f.fetch, maxResponseBytes: 1000, batch: { maxResponseBytes: 7000 } });
    const fits = Promise.all([t2.request({ method: 'eth_getCode', params: [1] }), t2.request({ method: 'eth_getCode', params: [2] })]);
    await jest.advanceTimersByTimeAsync(0);
    await expect(fits).resolves.toHaveLength(2);
  });

  it('times out a body that trickles, as part of the attempt', async () => {
    const stream = new ReadableStream<Uint8Array>({ start(c) { c.enqueue(new TextEncoder().encode('{"jsonrpc":')); } });
    const f = fakeFetch(() => new Response(stream, { status: 200 }));
    const t = http(URL_, { fetch: f.fetch, timeout: 100, retryCount: 0 });
    const p = settle(t.request({ method: 'eth_blockNumber' }));
    await jest.advanceTimersByTimeAsync(100);
    const err = ((await p) as { error: TimeoutError }).error;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.timeout).toBe(100);
  });
});

describe('http(): the JSON-RPC envelope', () => {
  const answer = (fn: (call: FakeCall) => unknown) => (call: FakeCall) => json(fn(call));
  const cases: [string, (call: FakeCall) => unknown][] = [
    ['another id', (c) => ({ jsonrpc: '2.0', id: c.body.id + 1, result: '0xhash' })],
    ['no id', () => ({ jsonrpc: '2.0', result: '0xhash' })],
    ['id null with a result', () => ({ jsonrpc: '2.0', id: null, result: '0xhash' })],
    ['the id as a string', (c) => ({ jsonrpc: '2.0', id: String(c.body.id), result: '0xhash' })],
    ['no "jsonrpc"', (c) => ({ id: c.body.id, result: '0xhash' })],
    ['"jsonrpc": "1.0"', (c) => ({ jsonrpc: '1.0', id: c.body.id, result: '0xhash' })],
    ['both result and error', (c) => ({ jsonrpc: '2.0', id: c.body.id, result: '0xhash', error: { code: 1, message: 'x' } })],
    ['neither result nor error', (c) => ({ jsonrpc: '2.0', id: c.body.id })],
    ['a malformed error', (c) => ({ jsonrpc: '2.0', id: c.body.id, error: { code: 'bad', message: 1 } })],
    ['an array', (c) => [{ jsonrpc: '2.0', id: c.body.id, result: '0xhash' }]],
    ['a bare value', () => '0xhash'],
    ['null', () => null],
  ];

  it.each(cases)('rejects an answer with %s and never re-sends a send', async (_name, fn) => {
    const f = fakeFetch(answer(fn));
    const t = http(URL_, { fetch: f.fetch });
    const p = settle(t.request({ method: 'eth_sendRawTransaction', params: ['0x02'] }));
    await jest.advanceTimersByTimeAsync(5000);
    const err = ((await p) as { error: InvalidRpcResponseError }).error;
    expect(err).toBeInstanceOf(InvalidRpcResponseError);
    expect(err).toBeInstanceOf(RpcResponseError);
    expect(err.message).toBe('Invalid JSON-RPC response');
    expect(err.code).toBe(-32603);
    expect(err.details).toContain('eth_sendRawTransaction');
    expect(f.calls).toHaveLength(1);
  });

  it.each(cases.slice(0, 4))('retries a read answered with %s, then rejects it', async (_name, fn) => {
    const f = fakeFetch(answer(fn));
    const t = http(URL_, { fetch: f.fetch });
    const p = settle(t.request({ method: 'eth_blockNumber' }));
    await jest.advanceTimersByTimeAsync(5000);
    expect(((await p) as { error: Error }).error).toBeInstanceOf(InvalidRpcResponseError);
    expect(f.calls).toHaveLength(4);
  });

  it('recovers when a retried read gets a valid answer', async () => {
    const f = fakeFetch((call, i) => (i === 0 ? json({ jsonrpc: '2.0', id: 999, result: 'stale' }) : rpcResult(call, 'fresh')));
    const t = http(URL_, { fetch: f.fetch });
    const p = t.request({ method: 'eth_blockNumber' });
    await jest.advanceTimersByTimeAsync(150);
    await expect(p).resolves.toBe('fresh');
  });

  it("takes an error with id null as the node's error (it could not read the request)", async () => {
    const f = fakeFetch(() => json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
    const t = http(URL_, { fetch: f.fetch });
    const err = ((await settle(t.request({ method: 'eth_sendRawTransaction', params: ['0x02'] }))) as { error: RpcResponseError }).error;
    expect(err).toBeInstanceOf(RpcResponseError);
    expect(err).not.toBeInstanceOf(InvalidRpcResponseError);
    expect([err.message, err.code]).toEqual(['Parse error', -32700]);
    expect(f.calls).toHaveLength(1);
  });

  it('rejects an error answer carrying another id', async () => {
    const f = fakeFetch((call) => json({ jsonrpc: '2.0', id: call.body.id + 7, error: { code: 3, message: 'execution reverted' } }));
    const t = http(URL_, { fetch: f.fetch, retryCount: 0 });
    await expect(t.request({ method: 'eth_call' })).rejects.toBeInstanceOf(InvalidRpcResponseError);
  });

  it('checkEnvelope says what is wrong', () => {
    expect(checkEnvelope({ jsonrpc: '2.0', id: 1, result: null })).toEqual({ id: 1, result: null });
    expect(checkEnvelope({ jsonrpc: '2.0', id: 1, error: { code: 1, message: 'm', data: '0x' } })).toEqual({
      id: 1,
      error: { code: 1, message: 'm', data: '0x' },
    });
    expect(checkEnvelope({ jsonrpc: '2.0', result: 1 })).toBe('the answer has no "id"');
    expect(checkEnvelope({ jsonrpc: 2, id: 1, result: 1 })).toBe('"jsonrpc" is 2, not "2.0"');
    expect(checkEnvelope({ jsonrpc: '2.0', id: 1, error: { code: 1.5, message: 'm' } })).toMatch(/^malformed "error"/);
    expect((checkEnvelope('x'.repeat(10_000)) as string).length).toBeLessThan(80);
  });
});

describe('http(): batch answers', () => {
  const batchOf = (fn: (items: any[]) => unknown) => (call: FakeCall) => json(fn(call.body));
  const ok = (b: any) => ({ jsonrpc: '2.0', id: b.id, result: b.params[0] });

  async function two(handler: (call: FakeCall) => Response, retryCount = 0) {
    const f = fakeFetch(handler);
    const t = http(URL_, { fetch: f.fetch, batch: true, retryCount });
    const out = Promise.all([settle(t.request({ method: 'eth_getCode', params: ['a'] })), settle(t.request({ method: 'eth_getCode', params: ['b'] }))]);
    await jest.advanceTimersByTimeAsync(5000);
    return { out: await out, calls: f.calls };
  }

  it.each([
    ['an id nobody asked for', (items: any[]) => [...items.map(ok), { jsonrpc: '2.0', id: 4242, result: 'x' }]],
    ['an id answered twice', (items: any[]) => [ok(items[0]), ok(items[0])]],
    ['an item without "jsonrpc"', (items: any[]) => items.map((b) => ({ id: b.id, result: 1 }))],
    ['an object instead of an array', (items: any[]) => ok(items[0])],
  ])('rejects every call of a batch answered with %s, and retries it as a read', async (_name, fn) => {
    const { out, calls } = await two(batchOf(fn), 2);
    for (const r of out) {
      expect(r.ok).toBe(false);
      expect((r as { error: Error }).error).toBeInstanceOf(InvalidRpcResponseError);
    }
    expect(calls).toHaveLength(3);
  });

  it('rejects only the call left unanswered', async () => {
    const { out } = await two(batchOf((items) => [ok(items[0])]));
    expect(out[0]).toEqual({ ok: true, value: 'a' });
    const err = (out[1] as { error: InvalidRpcResponseError }).error;
    expect(err).toBeInstanceOf(InvalidRpcResponseError);
    expect(err.reason).toMatch(/no answer for request id \d+/);
  });

  it("rejects every call with the node's error when it rejects the whole batch (one error, id null)", async () => {
    const { out } = await two(() => json({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Batch too large' } }));
    for (const r of out) {
      const err = (r as { error: RpcResponseError }).error;
      expect(err).toBeInstanceOf(RpcResponseError);
      expect(err).not.toBeInstanceOf(InvalidRpcResponseError);
      expect(err.message).toBe('Batch too large');
    }
  });
});
