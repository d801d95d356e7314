import {
  HttpRequestError,
  NetworkRequestError,
  RequestAbortedError,
  RpcResponseError,
  TimeoutError,
} from '../errors/transport';
import {
  DEFAULT_PING,
  DEFAULT_RANK_INTERVAL,
  DEFAULT_RANK_SAMPLE_COUNT,
  DEFAULT_RANK_TIMEOUT,
  DEFAULT_RANK_WEIGHTS,
  DEFAULT_FALLBACK_DEADLINE_FACTOR,
  DEFAULT_MEMBER_TIMEOUT,
  fallback,
  scoreSamples,
  shouldFallback,
} from './fallback';
import { http } from './http';
import { HANG, fakeFetch, networkError, rpcResult } from './testing/fakeFetch';
import type { RequestOptions, RpcRequest, Transport } from './types';
import { settle } from '../testing/settle';

type Behaviour = (req: RpcRequest, opts: RequestOptions) => Promise<unknown> | unknown;

interface FakeTransport extends Transport {
  readonly name: string;
  readonly calls: { req: RpcRequest; opts: RequestOptions }[];
  behaviour: Behaviour;
  disposed: boolean;
}

function fake(name: string, behaviour: Behaviour = () => name): FakeTransport {
  const t: FakeTransport = {
    kind: 'fake',
    name,
    calls: [],
    behaviour,
    disposed: false,
    async request<T>(req: RpcRequest, opts: RequestOptions = {}): Promise<T> {
      t.calls.push({ req, opts });
      return (await t.behaviour(req, opts)) as T;
    },
    dispose() {
      t.disposed = true;
    },
  };
  return t;
}

/** A behaviour that answers after `ms` (fake timers), rejecting on abort. */
const after =
  (ms: number, value: unknown = 'ok'): Behaviour =>
  (_req, opts) =>
    new Promise((resolve, reject) => {
      const h = setTimeout(() => resolve(value), ms);
      opts.signal?.addEventListener('abort', () => {
        clearTimeout(h);
        reject(new RequestAbortedError());
      });
    });

const fail = (err: unknown): Behaviour => () => {
  throw err;
};
const http500 = () => new HttpRequestError({ status: 500, url: 'x' });
const pings = (t: FakeTransport) => t.calls.filter((c) => c.req.method === DEFAULT_PING.method).length;
const names = (ts: readonly Transport[]) => ts.map((t) => (t as FakeTransport).name);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('fallback(): order and failover', () => {
  it('has the spec ranking defaults', () => {
    expect(DEFAULT_RANK_INTERVAL).toBe(4000);
    expect(DEFAULT_RANK_SAMPLE_COUNT).toBe(10);
    expect(DEFAULT_RANK_TIMEOUT).toBe(1000);
    expect(DEFAULT_RANK_WEIGHTS).toEqual({ stability: 0.7, latency: 0.3 });
    expect(DEFAULT_PING).toEqual({ method: 'eth_blockNumber' });
  });

  it('uses the first transport when it answers', async () => {
    const a = fake('a');
    const b = fake('b');
    const t = fallback([a, b]);
    await expect(t.request({ method: 'eth_chainId' })).resolves.toBe('a');
    expect(b.calls).toHaveLength(0);
    expect(t.kind).toBe('fallback');
  });

  it('moves on in order when a transport fails retryably, calling members with retryCount 0', async () => {
    const a = fake('a', fail(http500()));
    const b = fake('b', fail(new TimeoutError({ timeout: 10 })));
    const c = fake('c');
    const t = fallback([a, b, c]);
    await expect(t.request({ method: 'eth_chainId' })).resolves.toBe('c');
    expect([a, b, c].map((x) => x.calls.length)).toEqual([1, 1, 1]);
    expect(a.calls[0]!.opts.retryCount).toBe(0);
  });

  it('does not move on for a node answer about the request (execution reverted)', async () => {
    const reverted = new RpcResponseError({ code: 3, message: 'execution reverted' });
    const a = fake('a', fail(reverted));
    const b = fake('b');
    await expect(fallback([a, b]).request({ method: 'eth_call' })).rejects.toBe(reverted);
    expect(b.calls).toHaveLength(0);
  });

  it('moves on for node-side JSON-RPC errors (limit exceeded, method not found)', async () => {
    const a = fake('a', fail(new RpcResponseError({ code: -32005, message: 'rate limited' })));
    const b = fake('b', fail(new RpcResponseError({ code: -32601, message: 'method not found' })));
    const c = fake('c');
    await expect(fallback([a, b, c]).request({ method: 'eth_call' })).resolves.toBe('c');
    expect(shouldFallback(new RpcResponseError({ code: -32603, message: 'execution reverted' }))).toBe(false);
    expect(shouldFallback(new RpcResponseError({ code: 4001, message: 'User rejected' }))).toBe(false);
    expect(shouldFallback(new NetworkRequestError({ url: 'x' }))).toBe(true);
  });

  it('does not move on after an abort', async () => {
    const a = fake('a', after(1000));
    const b = fake('b');
    const ac = new AbortController();
    const p = settle(fallback([a, b]).request({ method: 'eth_chainId' }, { signal: ac.signal }));
    ac.abort();
    const r = (await p) as { error: Error };
    expect(r.error).toBeInstanceOf(RequestAbortedError);
    expect(r.error.message).toBe('Request was aborted');
    expect(b.calls).toHaveLength(0);
  });

  it('retries the whole list with 150/300/600 ms backoff, then throws the last error', async () => {
    const a = fake('a', fail(http500()));
    const last = new HttpRequestError({ status: 502, url: 'b' });
    const b = fake('b', fail(last));
    const p = settle(fallback([a, b]).request({ method: 'eth_chainId' }));
    await jest.advanceTimersByTimeAsync(149);
    expect(a.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(a.calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(300);
    expect(a.calls).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(600);
    expect(((await p) as { error: unknown }).error).toBe(last);
    expect([a.calls.length, b.calls.length]).toEqual([4, 4]);
  });

  it('honours its retryCount option', async () => {
    const a = fake('a', fail(http500()));
    const p = settle(fallback([a, fake('b', fail(http500()))], { retryCount: 0 }).request({ method: 'eth_chainId' }));
    await jest.advanceTimersByTimeAsync(5000);
    await p;
    expect(a.calls).toHaveLength(1);
  });

  it('never re-sends a send call after an attempt that may have reached the node', async () => {
    for (const err of [http500(), new TimeoutError({ timeout: 1 }), new NetworkRequestError({ url: 'x', cause: networkError('ECONNRESET') })]) {
      const a = fake('a', fail(err));
      const b = fake('b', () => '0xhash');
      const p = settle(fallback([a, b]).request({ method: 'eth_sendRawTransaction', params: ['0x1'] }));
      await jest.advanceTimersByTimeAsync(5000);
      expect(((await p) as { error: unknown }).error).toBe(err);
      expect(b.calls).toHaveLength(0);
      expect(a.calls).toHaveLength(1);
    }
  });

  it('sends to the next transport when the first refused the connection', async () => {
    const a = fake('a', fail(new NetworkRequestError({ url: 'x', cause: networkError('ECONNREFUSED') })));
    const b = fake('b', () => '0xhash');
    await expect(fallback([a, b]).request({ method: 'eth_sendTransaction', params: [{}] })).resolves.toBe('0xhash');
  });

  it('works over real http() members', async () => {
    const down = fakeFetch(() => new Response('', { status: 503 }));
    const up = fakeFetch((call) => rpcResult(call, '0x1'));
    const t = fallback([http('https://a/', { fetch: down.fetch }), http('https://b/', { fetch: up.fetch })]);
    await expect(t.request({ method: 'eth_blockNumber' })).resolves.toBe('0x1');
    // Members are not retried on their own: the fallback moved on at once.
    expect(down.calls).toHaveLength(1);
    t.dispose();
  });
});

describe('fallback(): ranking', () => {
  it('does not ping unless ranking is on', async () => {
    const a = fake('a');
    const b = fake('b');
    const t = fallback([a, b]);
    await t.request({ method: 'eth_chainId' });
    await jest.advanceTimersByTimeAsync(20_000);
    expect(pings(a) + pings(b)).toBe(0);
  });

  it('starts pinging at the first request, then every 4000 ms, and stops on dispose', async () => {
    const a = fake('a', () => '0x1');
    const b = fake('b', () => '0x1');
    const t = fallback([a, b], { rank: true });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(pings(a)).toBe(0);
    await t.request({ method: 'eth_chainId' });
    expect(pings(a)).toBe(1);
    expect(pings(b)).toBe(1);
    expect(a.calls.find((c) => c.req.method === 'eth_blockNumber')!.opts.retryCount).toBe(0);
    await jest.advanceTimersByTimeAsync(3999);
    expect(pings(a)).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(pings(a)).toBe(2);
    await jest.advanceTimersByTimeAsync(4000);
    expect(pings(a)).toBe(3);
    t.dispose();
    await jest.advanceTimersByTimeAsync(40_000);
    expect(pings(a)).toBe(3);
    expect(a.disposed && b.disposed).toBe(true);
    await expect(t.request({ method: 'eth_chainId' })).rejects.toBeInstanceOf(RequestAbortedError);
  });

  it('uses the ping method given in the options', async () => {
    const a = fake('a', () => 1);
    const b = fake('b', () => 1);
    const t = fallback([a, b], { rank: { ping: { method: 'getSlot' } } });
    await t.request({ method: 'getBalance' });
    expect(a.calls.map((c) => c.req.method)).toContain('getSlot');
    t.dispose();
  });

  it('puts the faster of two stable transports first', async () => {
    const slow = fake('slow', after(300));
    const fast = fake('fast', after(20));
    const t = fallback([slow, fast], { rank: true });
    const first = t.request({ method: 'eth_chainId' });
    await jest.advanceTimersByTimeAsync(300);
    await first;
    expect(names(t.transports)).toEqual(['fast', 'slow']);
    const s = t.scores();
    expect(s.map((x) => x.latency)).toEqual([300, 20]);
    // slow: 0.7*1 + 0.3*0 ; fast: 0.7*1 + 0.3*(1 - 20/300)
    expect(s[0]!.score).toBeCloseTo(0.7);
    expect(s[1]!.score).toBeCloseTo(0.7 + 0.3 * (1 - 20 / 300));
    t.dispose();
  });

  it('prefers stability over latency with the 0.7/0.3 weights', async () => {
    let n = 0;
    // fast fails every other ping; slow always answers.
    const fast = fake('fast', (req) => {
      if (req.method === 'eth_blockNumber' && n++ % 2 === 0) throw http500();
      return 'ok';
    });
    const slow = fake('slow', after(100));
    const t = fallback([fast, slow], { rank: true });
    await t.request({ method: 'eth_chainId' });
    await jest.advanceTimersByTimeAsync(4000 * 3 + 100);
    const s = t.scores();
    expect(s[0]!.stability).toBe(0.5);
    expect(s[1]!.stability).toBe(1);
    // fast: 0.7*0.5 + 0.3*1 = 0.65 < slow: 0.7*1 + 0.3*0 = 0.7
    expect(s[0]!.score).toBeCloseTo(0.65);
    expect(s[1]!.score).toBeCloseTo(0.7);
    expect(names(t.transports)).toEqual(['slow', 'fast']);
    // Requests follow the ranked order.
    slow.calls.length = 0;
    fast.calls.length = 0;
    const p = t.request({ method: 'eth_gasPrice' });
    await jest.advanceTimersByTimeAsync(100);
    await expect(p).resolves.toBe('ok');
    expect(slow.calls.map((c) => c.req.method)).toEqual(['eth_gasPrice']);
    expect(fast.calls).toHaveLength(0);
    t.dispose();
  });

  it('counts a ping slower than 1000 ms as a failure and aborts it', async () => {
    const hung = fake('hung', after(5000));
    const ok = fake('ok', () => 'ok');
    const t = fallback([hung, ok], { rank: true });
    const p = t.request({ method: 'eth_chainId' });
    await jest.advanceTimersByTimeAsync(999);
    expect(t.scores()[0]!.samples).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    await jest.advanceTimersByTimeAsync(0);
    const s = t.scores()[0]!;
    expect(s.samples).toEqual([{ latency: 1000, success: false }]);
    expect(hung.calls[0]!.opts.signal!.aborted).toBe(true);
    expect(names(t.transports)).toEqual(['ok', 'hung']);
    p.catch(() => undefined);
    t.dispose();
  });

  it('keeps the last 10 samples per transport', async () => {
    const a = fake('a', () => 1);
    const b = fake('b', () => 1);
    const t = fallback([a, b], { rank: true });
    await t.request({ method: 'eth_chainId' });
    await jest.advanceTimersByTimeAsync(4000 * 14);
    expect(pings(a)).toBe(15);
    expect(t.scores()[0]!.samples).toHaveLength(10);
    t.dispose();
  });

  it('honours interval, sampleCount, timeout and weights options', async () => {
    const a = fake('a', after(50));
    const b = fake('b', after(10));
    const t = fallback([a, b], { rank: { interval: 100, sampleCount: 2, timeout: 30, weights: { stability: 0, latency: 1 } } });
    void t.request({ method: 'eth_chainId' }).catch(() => undefined);
    await jest.advanceTimersByTimeAsync(450);
    expect(pings(b)).toBe(5);
    const [sa, sb] = t.scores();
    expect(sa!.samples).toHaveLength(2);
    expect(sa!.samples.every((x) => !x.success && x.latency === 30)).toBe(true);
    expect(sb!.score).toBeCloseTo(1 - 10 / 30);
    t.dispose();
  });
});

describe('scoreSamples()', () => {
  it('scores 0.7 * stability + 0.3 * (1 - latency / maxLatency)', () => {
    const a = Array.from({ length: 10 }, () => ({ latency: 100, success: true }));
    const b = Array.from({ length: 10 }, (_, i) => ({ latency: 50, success: i % 2 === 0 }));
    const [sa, sb] = scoreSamples([a, b]);
    expect(sa!.score).toBeCloseTo(0.7);
    expect(sb!.score).toBeCloseTo(0.7 * 0.5 + 0.3 * 0.5);
  });

  it('gives 0 to members without samples or without a single success', () => {
    const [none, dead, live] = scoreSamples([[], [{ latency: 1, success: false }], [{ latency: 5, success: true }]]);
    expect(none!.score).toBe(0);
    expect(dead!.score).toBe(0);
    expect(live!.score).toBeCloseTo(0.7);
  });
});

describe('fallback(): one deadline per call', () => {
  it('ends a call over two hung nodes at 20 s with the spec defaults (81 s without a deadline)', async () => {
    expect(DEFAULT_MEMBER_TIMEOUT * DEFAULT_FALLBACK_DEADLINE_FACTOR).toBe(20_000);
    const hungA = fakeFetch(() => HANG);
    const hungB = fakeFetch(() => HANG);
    const t = fallback([http('https://a/', { fetch: hungA.fetch }), http('https://b/', { fetch: hungB.fetch })]);
    let done = false;
    const p = settle(t.request({ method: 'eth_blockNumber' })).finally(() => (done = true));
    await jest.advanceTimersByTimeAsync(19_999);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const err = ((await p) as { error: TimeoutError }).error;
    expect(err).toBeInstanceOf(TimeoutError);
    expect([err.scope, err.timeout, err.message]).toEqual(['call', 20_000, 'Request timed out after 20000 ms']);
    // a: its 10 s attempt; b: the 10 s left.
    expect([hungA.calls.length, hungB.calls.length]).toEqual([1, 1]);
    expect((hungB.calls[0]!.init.signal as AbortSignal).aborted).toBe(true);
    t.dispose();
  });

  it('defaults to 2 × the longest member timeout; members without one count as 10 s', async () => {
    const hung = fakeFetch(() => HANG);
    const t = fallback([http('https://a/', { timeout: 500, fetch: hung.fetch }), http('https://b/', { timeout: 2000, fetch: hung.fetch })]);
    const p = settle(t.request({ method: 'eth_chainId' }));
    await jest.advanceTimersByTimeAsync(4000);
    expect(((await p) as { error: TimeoutError }).error.timeout).toBe(4000);
    t.dispose();

    const never = fake('never', after(60_000));
    const t2 = fallback([never, fake('b', after(60_000))]);
    const p2 = settle(t2.request({ method: 'eth_chainId' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(never.calls[0]!.opts.deadline).toBe(20_000);
    await jest.advanceTimersByTimeAsync(20_000);
    expect(((await p2) as { error: TimeoutError }).error.timeout).toBe(20_000);
  });

  it("reports its own deadline when the last member's timer fires first", async () => {
    // A member given the 700 ms left times out at its own timer, which may fire before the fallback's.
    const a = fake('a', async (req, opts) => {
      await after(300)(req, opts);
      throw http500();
    });
    const b = fake('b', (_req, opts) => Promise.reject(new TimeoutError({ timeout: opts.deadline!, scope: 'call' })));
    const shortOwn = fake('c', () => Promise.reject(new TimeoutError({ timeout: 5, scope: 'call' })));
    const p = settle(fallback([a, b], { deadline: 1000 }).request({ method: 'eth_chainId' }));
    await jest.advanceTimersByTimeAsync(300);
    const err = ((await p) as { error: TimeoutError }).error;
    expect([err.timeout, err.scope]).toEqual([1000, 'call']);
    // A member whose own, shorter deadline passed is just a failed member: the next one is tried.
    await expect(fallback([shortOwn, fake('d')], { deadline: 1000 }).request({ method: 'eth_chainId' })).resolves.toBe('d');
  });

  it('hands each member what is left of the deadline', async () => {
    const a = fake('a', async (req, opts) => {
      await after(300)(req, opts);
      throw http500();
    });
    const b = fake('b');
    const t = fallback([a, b], { deadline: 1000 });
    const p = t.request({ method: 'eth_chainId' });
    await jest.advanceTimersByTimeAsync(300);
    await expect(p).resolves.toBe('b');
    expect(a.calls[0]!.opts.deadline).toBe(1000);
    expect(b.calls[0]!.opts.deadline).toBe(700);
    expect(b.calls[0]!.opts.retryCount).toBe(0);
  });

  it('stops at the deadline even when a member ignores its signal', async () => {
    const deaf = fake('deaf', () => new Promise(() => undefined));
    const b = fake('b');
    const t = fallback([deaf, b], { deadline: 800 });
    const p = settle(t.request({ method: 'eth_chainId' }));
    await jest.advanceTimersByTimeAsync(800);
    const err = ((await p) as { error: TimeoutError }).error;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.timeout).toBe(800);
    expect(deaf.calls[0]!.opts.signal!.aborted).toBe(true);
    expect(b.calls).toHaveLength(0);
  });

  it('takes a shorter deadline per call, never a longer one', async () => {
    const t = fallback([fake('a', after(5000)), fake('b', after(5000))], { deadline: 2000 });
    const short = settle(t.request({ method: 'eth_chainId' }, { deadline: 300 }));
    const long = settle(t.request({ method: 'eth_gasPrice' }, { deadline: 60_000 }));
    await jest.advanceTimersByTimeAsync(300);
    expect(((await short) as { error: TimeoutError }).error.timeout).toBe(300);
    await jest.advanceTimersByTimeAsync(1700);
    expect(((await long) as { error: TimeoutError }).error.timeout).toBe(2000);
  });

  it('does not start a pass whose backoff ends past the deadline: the last error comes at once', async () => {
    const last = new HttpRequestError({ status: 502, url: 'b' });
    const a = fake('a', fail(http500()));
    const b = fake('b', fail(last));
    let at = -1;
    const start = Date.now();
    const p = settle(fallback([a, b], { deadline: 400 }).request({ method: 'eth_chainId' })).finally(() => (at = Date.now() - start));
    await jest.advanceTimersByTimeAsync(2000);
    expect(((await p) as { error: unknown }).error).toBe(last);
    // Pass 1 at 0, pass 2 after 150 ms; the 300 ms backoff to pass 3 would end at 450 > 400.
    expect(a.calls).toHaveLength(2);
    expect(at).toBe(150);
  });

  it("honours the caller's AbortSignal during the backoff between passes", async () => {
    const a = fake('a', fail(http500()));
    const ac = new AbortController();
    const p = settle(fallback([a, fake('b', fail(http500()))]).request({ method: 'eth_chainId' }, { signal: ac.signal }));
    await jest.advanceTimersByTimeAsync(100);
    ac.abort();
    expect(((await p) as { error: Error }).error).toBeInstanceOf(RequestAbortedError);
    await jest.advanceTimersByTimeAsync(5000);
    expect(a.calls).toHaveLength(1);
  });

  it('gives pings the ping timeout as their deadline', async () => {
    const a = fake('a', () => 1);
    const b = fake('b', () => 1);
    const t = fallback([a, b], { rank: { timeout: 700 } });
    await t.request({ method: 'eth_chainId' });
    expect(a.calls.find((c) => c.req.method === DEFAULT_PING.method)!.opts.deadline).toBe(700);
    t.dispose();
  });

  it('refuses invalid options with a RangeError naming them', async () => {
    expect(() => fallback([fake('a')], { deadline: 0 })).toThrow(/deadline/);
    expect(() => fallback([fake('a')], { retryDelay: -1 })).toThrow(/retryDelay/);
    expect(() => fallback([fake('a')], { retryCount: Number.NaN })).toThrow(/retryCount/);
    expect(() => fallback([fake('a')], { rank: { interval: 0 } })).toThrow(/interval/);
    await expect(fallback([fake('a')]).request({ method: 'eth_chainId' }, { deadline: Number.NaN })).rejects.toThrow(RangeError);
  });
});
