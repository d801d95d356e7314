/**
 * http() and fallback() with Node's real fetch against a real local server
 * that misbehaves on command (kernel/transport/testing/misbehavingServer.ts).
 */
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
import { fallback } from './fallback';
import { DEFAULT_MAX_RESPONSE_BYTES, http } from './http';
import { refusedUrl, startMisbehavingServer, type MisbehavingServer } from './testing/misbehavingServer';
import type { Transport } from './types';
import { settle } from '../testing/settle';

let a: MisbehavingServer;
let b: MisbehavingServer;
const open: Transport[] = [];
const track = <T extends Transport>(t: T): T => {
  open.push(t);
  return t;
};

beforeAll(async () => {
  [a, b] = await Promise.all([startMisbehavingServer(), startMisbehavingServer()]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});
beforeEach(() => {
  a.reset();
  b.reset();
});
afterEach(() => {
  for (const t of open.splice(0)) t.dispose();
});

async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('http() against a real server', () => {
  it('reads, and matches a batch answered out of order', async () => {
    const t = track(http(a.url, { batch: true }));
    await expect(t.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10');
    a.reset();
    a.enqueue({ kind: 'reverseBatch' });
    const out = await Promise.all([
      t.request({ method: 'eth_chainId' }),
      t.request({ method: 'eth_getCode', params: ['0x1'] }),
      t.request({ method: 'eth_getCode', params: ['0x2'] }),
    ]);
    expect(out).toEqual(['0x1', { method: 'eth_getCode', params: ['0x1'] }, { method: 'eth_getCode', params: ['0x2'] }]);
    expect(a.requests).toHaveLength(1);
    expect(a.requests[0]!.batch).toBe(true);
  });

  it('retries 5xx answers until one succeeds', async () => {
    a.enqueue({ kind: 'status', status: 503 }, { kind: 'status', status: 502 });
    const t = track(http(a.url, { retryDelay: 10 }));
    await expect(t.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10');
    expect(a.requests).toHaveLength(3);
  });

  it('waits for a real Retry-After of 1 s after a 429', async () => {
    a.enqueue({ kind: 'status', status: 429, headers: { 'Retry-After': '1' } });
    const t = track(http(a.url, { retryDelay: 10 }));
    await expect(t.request({ method: 'eth_chainId' })).resolves.toBe('0x1');
    expect(a.requests).toHaveLength(2);
    expect(a.requests[1]!.at - a.requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('retries a read after a dropped connection but never a send', async () => {
    a.enqueue({ kind: 'destroy' });
    const t = track(http(a.url, { retryDelay: 10 }));
    await expect(t.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10');
    expect(a.requests).toHaveLength(2);

    a.reset();
    a.enqueue({ kind: 'destroy' });
    const err = await t.request({ method: 'eth_sendRawTransaction', params: ['0x02'] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkRequestError);
    expect((err as NetworkRequestError).reachedServer).toBe(true);
    expect(a.requests).toHaveLength(1);
  });

  it('times out a slow answer, and aborts on request', async () => {
    a.setDefault({ kind: 'delay', ms: 400 });
    const t = track(http(a.url, { timeout: 100, retryCount: 0 }));
    const err = await t.request({ method: 'eth_blockNumber' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toBe('Request timed out after 100 ms');

    const t2 = track(http(a.url, { retryDelay: 10 }));
    const ac = new AbortController();
    const p = t2.request({ method: 'eth_chainId' }, { signal: ac.signal });
    await waitFor(() => a.requests.length === 2);
    ac.abort();
    await expect(p).rejects.toThrow(new RequestAbortedError().message);
    await new Promise((r) => setTimeout(r, 100));
    expect(a.requests).toHaveLength(2);
  });

  it('can be programmed over its HTTP control API', async () => {
    const ctl = await fetch(`${a.url}__control`, {
      method: 'POST',
      body: JSON.stringify({ enqueue: [{ kind: 'status', status: 504 }], results: { eth_gasPrice: '0x99' } }),
    });
    expect(ctl.status).toBe(200);
    const t = track(http(a.url, { retryDelay: 10 }));
    await expect(t.request({ method: 'eth_gasPrice' })).resolves.toBe('0x99');
    const seen = (await (await fetch(`${a.url}__requests`)).json()) as { methods: string[] }[];
    expect(seen.map((r) => r.methods)).toEqual([['eth_gasPrice'], ['eth_gasPrice']]);
  });

  it('surfaces JSON-RPC errors with the node message, per call in a batch, without retrying', async () => {
    a.setDefault({ kind: 'rpcError', code: 3, message: 'execution reverted: no', method: 'eth_call' });
    const t = track(http(a.url, { batch: true }));
    const [ok, bad] = await Promise.allSettled([t.request({ method: 'eth_chainId' }), t.request({ method: 'eth_call', params: [{}] })]);
    expect(ok).toEqual({ status: 'fulfilled', value: '0x1' });
    const reason = (bad as PromiseRejectedResult).reason as RpcResponseError;
    expect(reason).toBeInstanceOf(RpcResponseError);
    expect(reason.message).toBe('execution reverted: no');
    expect(reason.code).toBe(3);
    expect(a.requests).toHaveLength(1);
  });
});

describe('fallback() against real servers', () => {
  it('moves from a failing server to a healthy one for reads, never for sends', async () => {
    a.setDefault({ kind: 'status', status: 500 });
    const t = track(fallback([http(a.url), http(b.url)], { retryCount: 0 }));
    await expect(t.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10');
    expect([a.requests.length, b.requests.length]).toEqual([1, 1]);

    const err = await t.request({ method: 'eth_sendRawTransaction', params: ['0x02'] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpRequestError);
    expect((err as HttpRequestError).message).toBe('HTTP status code: 500');
    expect(b.requests.map((r) => r.methods[0])).toEqual(['eth_blockNumber']);
  });

  it('sends to the next server when the first refuses connections', async () => {
    const t = track(fallback([http(await refusedUrl(), { retryCount: 0 }), http(b.url)], { retryCount: 0 }));
    await expect(t.request({ method: 'eth_sendRawTransaction', params: ['0x02'] })).resolves.toBe(`0x${'ab'.repeat(32)}`);
    expect(b.requests).toHaveLength(1);
  });

  it('ranks the faster server first from real pings', async () => {
    a.setDefault({ kind: 'delay', ms: 150 });
    const t = track(fallback([http(a.url), http(b.url)], { rank: { interval: 200, timeout: 1000 } }));
    await t.request({ method: 'eth_chainId' });
    await waitFor(() => t.transports[0] !== undefined && (t.transports[0] as { url?: string }).url === b.url);
    const [sa, sb] = t.scores();
    expect(sa!.latency).toBeGreaterThan(sb!.latency);
    expect(sb!.score).toBeGreaterThan(sa!.score);
    b.requests.length = 0;
    await t.request({ method: 'eth_gasPrice' });
    expect(b.requests.some((r) => r.methods.includes('eth_gasPrice'))).toBe(true);
    const pingsBefore = a.requests.length;
    t.dispose();
    await new Promise((r) => setTimeout(r, 450));
    expect(a.requests.length).toBeLessThanOrEqual(pingsBefore + 1);
  });
});

const MiB = 1024 * 1024;

describe('http() against a hostile server: Retry-After', () => {
  it.each(['3600', 'Fri, 31 Dec 9999 23:59:59 GMT', '99999999999'])(
    'fails at once with RetryAfterError on Retry-After: %s instead of leaving the read pending',
    async (value) => {
      a.setDefault({ kind: 'status', status: 429, headers: { 'Retry-After': value } });
      const t = track(http(a.url));
      const started = Date.now();
      const r = await settle(t.request({ method: 'eth_chainId' }));
      const ms = Date.now() - started;
      expect(r.ok).toBe(false);
      expect(r.error).toBeInstanceOf(RetryAfterError);
      expect(r.error.cause.status).toBe(429);
      // No retry was sent: no burst from an overflowing timer either.
      await new Promise((res) => setTimeout(res, 50));
      expect(a.requests).toHaveLength(1);
      console.log(`Retry-After: ${value} → ${r.error.name} after ${ms} ms (before: pending for the whole Retry-After, or a burst of retries)`);
    },
  );

  it('waits the backoff, not 0 ms, when Retry-After is negative or garbage', async () => {
    a.enqueue(
      { kind: 'status', status: 429, headers: { 'Retry-After': '-5' } },
      { kind: 'status', status: 429, headers: { 'Retry-After': 'soon' } },
      { kind: 'status', status: 429, headers: { 'Retry-After': '-5' } },
    );
    const t = track(http(a.url, { retryDelay: 40 }));
    await expect(t.request({ method: 'eth_chainId' })).resolves.toBe('0x1');
    const gaps = a.requests.slice(1).map((q, i) => q.at - a.requests[i]!.at);
    expect(gaps).toHaveLength(3);
    // 40, 80 and 160 ms of backoff (the server stamps requests when read: a few ms of slack).
    [40, 80, 160].forEach((min, i) => expect(gaps[i]!).toBeGreaterThanOrEqual(min - 5));
  });
});

describe('one deadline per call, against hung servers', () => {
  it('ends a fallback over two hung nodes at its deadline (2 × the member timeout)', async () => {
    a.setDefault({ kind: 'hang' });
    b.setDefault({ kind: 'hang' });
    const t = track(fallback([http(a.url, { timeout: 150 }), http(b.url, { timeout: 150 })]));
    const started = Date.now();
    const r = await settle(t.request({ method: 'eth_blockNumber' }));
    const ms = Date.now() - started;
    expect(r.ok).toBe(false);
    const err = (r.error as TimeoutError);
    expect(err).toBeInstanceOf(TimeoutError);
    expect([err.scope, err.timeout]).toEqual(['call', 300]);
    // One attempt each: before, 4 passes × 2 members (8 POSTs, 8 × 150 ms + 1050 ms of backoff).
    expect(a.requests.length + b.requests.length).toBe(2);
    console.log(`fallback over 2 hung nodes, 150 ms attempts: ${err.name} after ${ms} ms with 2 POSTs (without one: 8 POSTs, 8 × 150 ms + 1050 ms of backoff; 81 s with 10 s attempts)`);
  });

  it("stops at the caller's AbortSignal", async () => {
    a.setDefault({ kind: 'hang' });
    b.setDefault({ kind: 'hang' });
    const t = track(fallback([http(a.url), http(b.url)]));
    const ac = new AbortController();
    const p = settle(t.request({ method: 'eth_blockNumber' }, { signal: ac.signal }));
    await waitFor(() => a.requests.length === 1);
    ac.abort();
    const r = await p;
    expect(r.error).toBeInstanceOf(RequestAbortedError);
    expect(b.requests).toHaveLength(0);
  });

  it('gives a single http() call one deadline across its retries', async () => {
    a.setDefault({ kind: 'hang' });
    // Attempts at 0 and 110 ms run to their 100 ms timeout; the third (after 20 ms of backoff) gets the 90 ms left.
    const t = track(http(a.url, { timeout: 100, deadline: 320, retryDelay: 10 }));
    const r = await settle(t.request({ method: 'eth_blockNumber' }));
    expect(r.error).toBeInstanceOf(TimeoutError);
    expect([r.error.scope, r.error.timeout]).toEqual(['call', 320]);
    expect(a.requests).toHaveLength(3);
  });
});

describe('http() against a hostile server: response size', () => {
  const rss = () => process.memoryUsage().rss;

  it.each([false, true])('stops reading a 200 MiB answer at the limit (Content-Length sent: %s)', async (declareLength) => {
    a.setDefault({ kind: 'big', bytes: 200 * MiB, declareLength });
    const t = track(http(a.url, { retryCount: 0 }));
    const before = rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 5);
    const r = await settle(t.request({ method: 'eth_getLogs', params: [{}] }));
    clearInterval(sampler);
    const err = (r.error as ResponseTooLargeError);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(err.limit).toBe(DEFAULT_MAX_RESPONSE_BYTES);
    expect(a.requests).toHaveLength(1);
    console.log(
      `200 MiB answer${declareLength ? ' with Content-Length' : ', chunked'}: ${err.name}; RSS ${(before / MiB).toFixed(0)} → peak ${(peak / MiB).toFixed(0)} MiB (before: the whole body read, 41 → 860 MiB)`,
    );
  });

  it('keeps a 512-character prefix of a 200 MiB error body', async () => {
    a.setDefault({ kind: 'big', bytes: 200 * MiB, status: 500 });
    const t = track(http(a.url, { retryCount: 0 }));
    const r = await settle(t.request({ method: 'eth_getLogs', params: [{}] }));
    const err = (r.error as HttpRequestError);
    expect(err).toBeInstanceOf(HttpRequestError);
    expect(err.message).toBe('HTTP status code: 500');
    expect(err.body).toHaveLength(ERROR_BODY_PREFIX_CHARS);
    expect(err.body.startsWith('{"jsonrpc":"2.0"')).toBe(true);
    expect(err.bodyTruncated).toBe(true);
  });

  it('still reads an answer under the limit in full', async () => {
    a.setDefault({ kind: 'big', bytes: 2 * MiB });
    const t = track(http(a.url));
    const v = await t.request<string>({ method: 'eth_getLogs', params: [{}] });
    expect(v.length).toBeGreaterThan(2 * MiB - 100);
  });
});

describe('http() against a hostile server: the JSON-RPC envelope', () => {
  it.each(['wrongId', 'noId', 'nullId', 'noVersion', 'resultAndError', 'neither', 'notObject'] as const)(
    'rejects a send answered with %s, sending it once',
    async (how) => {
      a.setDefault({ kind: 'tamper', how });
      const t = track(http(a.url, { retryDelay: 5 }));
      const r = await settle(t.request({ method: 'eth_sendRawTransaction', params: ['0x02'] }));
      expect(r.error).toBeInstanceOf(InvalidRpcResponseError);
      expect(a.requests).toHaveLength(1);
    },
  );

  it('retries a read answered with the wrong id, then rejects it', async () => {
    a.setDefault({ kind: 'tamper', how: 'wrongId' });
    const t = track(http(a.url, { retryDelay: 5 }));
    const r = await settle(t.request({ method: 'eth_blockNumber' }));
    expect(r.error).toBeInstanceOf(InvalidRpcResponseError);
    expect(a.requests).toHaveLength(4);
    a.reset();
    a.enqueue({ kind: 'tamper', how: 'noId' });
    await expect(t.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10');
  });

  it('does not fall back with a send whose answer broke the envelope (it reached a node)', async () => {
    a.setDefault({ kind: 'tamper', how: 'wrongId' });
    const t = track(fallback([http(a.url), http(b.url)]));
    const r = await settle(t.request({ method: 'eth_sendRawTransaction', params: ['0x02'] }));
    expect(r.error).toBeInstanceOf(InvalidRpcResponseError);
    expect([a.requests.length, b.requests.length]).toEqual([1, 0]);
  });

  it.each(['unknownId', 'duplicate', 'wrongId', 'notObject'] as const)('rejects every call of a batch answered with %s', async (how) => {
    a.setDefault({ kind: 'tamper', how });
    const t = track(http(a.url, { batch: true, retryCount: 0 }));
    const out = await Promise.all([t.request({ method: 'eth_chainId' }), t.request({ method: 'eth_gasPrice' }), t.request({ method: 'eth_blockNumber' })].map(settle));
    for (const r of out) expect(r.error).toBeInstanceOf(InvalidRpcResponseError);
    expect(a.requests).toHaveLength(1);
    expect(a.requests[0]!.batch).toBe(true);
  });

  it('rejects only the call a batch left unanswered', async () => {
    a.setDefault({ kind: 'tamper', how: 'dropOne' });
    const t = track(http(a.url, { batch: true, retryCount: 0 }));
    const out = await Promise.all([t.request({ method: 'eth_chainId' }), t.request({ method: 'eth_blockNumber' })].map(settle));
    expect(out[0]).toEqual({ ok: true, value: '0x1' });
    expect(out[1]!.error).toBeInstanceOf(InvalidRpcResponseError);
    expect(out[1]!.error).toBeInstanceOf(RpcResponseError);
  });
});
