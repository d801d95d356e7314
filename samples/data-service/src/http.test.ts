import { request } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { resolveConfig } from './config';
import { badRequest } from './errors';
import { RateLimiter, createHttpServer, type Route } from './http';

/** Serves `routes` on a free loopback port for the tests of the describe block that calls it. */
function serveRoutes(config: ReturnType<typeof resolveConfig>, routes: Route[]) {
  const server = createHttpServer({ config, routes: () => routes });
  const served = { server, base: '' };
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    served.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  return served;
}

describe('RateLimiter', () => {
  it('allows N per minute per client, then refuses until the next minute', () => {
    const l = new RateLimiter(2, 10);
    const t = 60_000 * 100;
    expect([l.take('a', t), l.take('a', t), l.take('a', t), l.take('b', t)]).toEqual([true, true, false, true]);
    expect(l.take('a', t + 60_000)).toBe(true);
  });
  it('stays bounded under a flood of client addresses', () => {
    const l = new RateLimiter(5, 3);
    const t = 0;
    expect(['1', '2', '3', '4'].map((k) => l.take(k, t))).toEqual([true, true, true, false]);
  });
});

describe('HTTP layer (a server with fake routes)', () => {
  const routes: Route[] = [
    { method: 'GET', path: '/v1/echo/:value', auth: 'project', handler: async (ctx) => ({ json: { value: ctx.params.value, projectId: ctx.projectId } }) },
    { method: 'GET', path: '/v1/fail', auth: 'public', handler: async () => { throw badRequest('thing', 'Thing is wrong'); } },
    { method: 'GET', path: '/v1/crash', auth: 'public', handler: async () => { throw new Error('secret internals'); } },
    { method: 'GET', path: '/v1/slow', auth: 'public', handler: () => new Promise((r) => setTimeout(() => r({ json: 1 }), 2000)) },
    { method: 'POST', path: '/v1/post', auth: 'project', handler: async (ctx) => ({ json: { got: ctx.body } }) },
  ];
  const lines: string[] = [];
  const config = resolveConfig({
    chains: [{ chainId: 1, rpcUrl: 'http://x' }],
    projectIds: ['p1'],
    corsOrigins: ['http://app.local'],
    limits: { requestTimeoutMs: 200, maxBodyBytes: 1024, postsPerMinute: 3, maxUrlLength: 256 },
    log: (l) => lines.push(l),
    defaultCacheDir: '/tmp/x',
  });
  const served = serveRoutes(config, routes);
  const { server } = served;
  const get = (path: string, init?: RequestInit) => fetch(served.base + path, init);

  it('routes, decodes path parameters and checks projectId', async () => {
    expect(await (await get('/v1/echo/a%20b?projectId=p1')).json()).toEqual({ value: 'a b', projectId: 'p1' });
    expect((await get('/v1/echo/x?projectId=p2')).status).toBe(401);
    expect((await get('/v1/echo/x')).status).toBe(400);
    expect((await get('/v1/echo/%E0%A4%A?projectId=p1')).status).toBe(400);
    // empty segments are ignored: a doubled or trailing slash names the same route
    expect(await (await get('/v1//echo/y/?projectId=p1')).json()).toEqual({ value: 'y', projectId: 'p1' });
  });
  it('answers errors in the reasons shape, hides internals', async () => {
    const fail = await get('/v1/fail');
    expect(fail.status).toBe(400);
    expect(await fail.json()).toEqual({ status: 'FAILED', reasons: [{ field: 'thing', description: 'Thing is wrong' }] });
    const crash = await get('/v1/crash');
    expect(crash.status).toBe(500);
    expect(await crash.text()).not.toContain('secret');
    expect(lines.some((l) => l.includes('secret internals'))).toBe(true);
    expect((await get('/nope')).status).toBe(404);
    expect((await get('/v1/fail', { method: 'PUT' })).headers.get('allow')).toBe('GET');
    expect((await get('/v1/' + 'x'.repeat(300))).status).toBe(414);
  });
  it('times a slow handler out with 503', async () => {
    const r = await get('/v1/slow');
    expect(r.status).toBe(503);
    expect((await r.json()).reasons[0].field).toBe('timeout');
  });
  it('bounds and types bodies, rate-limits posts', async () => {
    const post = (body: string, type = 'application/json') => get('/v1/post?projectId=p1', { method: 'POST', body, headers: { 'content-type': type } });
    expect(await (await post('{"a":1}')).json()).toEqual({ got: { a: 1 } });
    expect((await post('x'.repeat(2000))).status).toBe(413);
    expect((await post('{}', 'text/plain')).status).toBe(415);
    const limited = await post('{}');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
  });
  it('counts the addresses of one IPv6 /64 as one client, and an IPv4-mapped address as its IPv4 one', async () => {
    // every post on a connection of its own, from 127.0.0.1: the test gives each the remote address a client would have
    const addresses = ['2001:db8:5:5::1', '2001:db8:5:5:ffff::2', '2001:db8:5:5::3', '2001:db8:5:5::4', '2001:db8:5:6::1', '::ffff:192.0.2.9', '::ffff:192.0.2.9', '::ffff:192.0.2.9', '192.0.2.9'];
    const claim = (socket: Socket) => Object.defineProperty(socket, 'remoteAddress', { value: addresses.shift(), configurable: true });
    const post = () =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${served.base}/v1/post?projectId=p1`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.end('{}');
      });
    // the limiter counts per calendar minute: start well inside one
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
    server.prependListener('connection', claim);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++) statuses.push(await post());
      // 3 posts per minute per client: the fourth from one /64 is refused, another /64 is another client;
      // 192.0.2.9 seen as ::ffff:192.0.2.9 three times has used its quota as 192.0.2.9 too
      expect(statuses).toEqual([200, 200, 200, 429, 200, 200, 200, 200, 429]);
    } finally {
      server.off('connection', claim);
    }
  });
  it('answers CORS for the configured origin only', async () => {
    const ok = await get('/v1/fail', { headers: { origin: 'http://app.local' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://app.local');
    expect(ok.headers.get('vary')).toBe('Origin');
    expect((await get('/v1/fail', { headers: { origin: 'http://other.local' } })).headers.get('access-control-allow-origin')).toBeNull();
    expect((await get('/v1/fail', { method: 'OPTIONS', headers: { origin: 'http://other.local' } })).status).toBe(403);
    expect((await get('/v1/fail', { method: 'OPTIONS', headers: { origin: 'http://app.local' } })).status).toBe(204);
  });
});

describe('per-client limits by kind of request', () => {
  const routes: Route[] = [
    { method: 'GET', path: '/v1/read', auth: 'public', handler: async () => ({ json: 'read' }) },
    { method: 'POST', path: '/v1/hook', auth: 'public', authenticated: (h) => h.authorization === 'Bearer good', handler: async () => ({ json: 'hooked' }) },
  ];
  const config = resolveConfig({
    chains: [{ chainId: 1, rpcUrl: 'http://x' }],
    limits: { getsPerMinute: 2, postsPerMinute: 2, webhooksPerMinute: 3 },
    defaultCacheDir: '/tmp/x',
  });
  const served = serveRoutes(config, routes);
  beforeAll(async () => {
    // the limits count per calendar minute: start well inside one
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
  }, 10_000);

  it('limits GETs and HEADs, anonymous POSTs and authenticated ones each in their own bucket', async () => {
    const get = (method = 'GET') => fetch(`${served.base}/v1/read`, { method }).then((r) => r.status);
    const post = (authorization?: string) =>
      fetch(`${served.base}/v1/hook`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) } }).then((r) => r.status);
    expect([await get(), await get('HEAD'), await get()]).toEqual([200, 200, 429]);
    expect([await post(), await post('Bearer wrong'), await post()]).toEqual([200, 200, 429]);
    expect([await post('Bearer good'), await post('Bearer good'), await post('Bearer good'), await post('Bearer good')]).toEqual([200, 200, 200, 429]);
  });
});
