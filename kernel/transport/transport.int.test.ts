/**
 * http() and fallback() with Node's real fetch against a real local server
 * that misbehaves on command (kernel/transport/testing/misbehavingServer.ts).
 */
import { HttpRequestError, NetworkRequestError, RequestAbortedError, RpcResponseError, TimeoutError } from '../errors/transport';
import { fallback } from './fallback';
import { http } from './http';
import { refusedUrl, startMisbehavingServer, type MisbehavingServer } from './testing/misbehavingServer';
import type { Transport } from './types';

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
