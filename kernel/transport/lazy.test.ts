import { fallbackTransport, httpTransport, lazyTransport } from './lazy';
import { RequestAbortedError } from '../errors/transport';
import { fakeFetch, rpcResult } from './testing/fakeFetch';
import type { Transport } from './types';

describe('lazy transports', () => {
  it('builds nothing before the first request, then reuses one transport', async () => {
    let builds = 0;
    const inner: Transport = { kind: 'x', request: async <T,>() => 'ok' as T, dispose: () => undefined };
    const t = lazyTransport(async () => {
      builds++;
      return inner;
    });
    expect(builds).toBe(0);
    await expect(Promise.all([t.request({ method: 'a' }), t.request({ method: 'b' })])).resolves.toEqual(['ok', 'ok']);
    expect(builds).toBe(1);
  });

  it('retries a failed build on the next request', async () => {
    let attempts = 0;
    const t = lazyTransport(async () => {
      attempts++;
      if (attempts === 1) throw new Error('chunk failed to load');
      return { kind: 'x', request: async <T,>() => 42 as T, dispose: () => undefined };
    });
    await expect(t.request({ method: 'a' })).rejects.toThrow('chunk failed to load');
    await expect(t.request({ method: 'a' })).resolves.toBe(42);
    expect(attempts).toBe(2);
  });

  it('rejects with Request was aborted once disposed, and disposes the inner transport', async () => {
    const disposed: string[] = [];
    const t = lazyTransport(async () => ({ kind: 'x', request: async <T,>() => 1 as T, dispose: () => disposed.push('inner') }));
    await t.request({ method: 'a' });
    t.dispose();
    await expect(t.request({ method: 'a' })).rejects.toBeInstanceOf(RequestAbortedError);
    await Promise.resolve();
    expect(disposed).toEqual(['inner']);
  });

  it('httpTransport and fallbackTransport send real JSON-RPC through the given fetch', async () => {
    const f = fakeFetch((call) => rpcResult(call, call.url));
    const one = httpTransport('https://a.test', { fetch: f.fetch });
    expect(f.calls).toHaveLength(0);
    await expect(one.request({ method: 'eth_chainId' })).resolves.toBe('https://a.test');
    const many = fallbackTransport([{ url: 'https://b.test', options: { fetch: f.fetch } }, { url: 'https://c.test', options: { fetch: f.fetch } }], { rank: false });
    await expect(many.request({ method: 'eth_chainId' })).resolves.toBe('https://b.test');
    expect(one.kind).toBe('http');
    expect(many.kind).toBe('fallback');
    one.dispose();
    many.dispose();
  });
});
