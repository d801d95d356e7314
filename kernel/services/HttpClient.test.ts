import { ERROR_BODY_PREFIX_CHARS, HttpRequestError, NetworkRequestError, RequestFailedError, ResponseTooLargeError, TimeoutError } from '../errors/transport';
import { HANG, fakeFetch, json, networkError } from '../transport/testing/fakeFetch';
import type { Environment } from './Environment';
import { DEFAULT_HTTP_MAX_BYTES, DEFAULT_HTTP_TIMEOUT, HttpClientImpl, buildUrl } from './HttpClient';
import type { Options } from '../options/Options';
import type { ResolvedOptions } from '../options/types';

function setup(handler: Parameters<typeof fakeFetch>[0], state: Record<string, unknown> = {}) {
  const f = fakeFetch(handler);
  const env = { fetch: f.fetch } as Pick<Environment, 'fetch'> as Environment;
  const options = {
    get state() {
      return state as unknown as ResolvedOptions;
    },
  } as Options;
  return { client: new HttpClientImpl(env, options), calls: f.calls };
}

describe('HttpClientImpl', () => {
  it('GETs with query params (undefined skipped) and parses JSON', async () => {
    const { client, calls } = setup(() => json({ ok: 1 }));
    const out = await client.get({ baseUrl: 'https://api.test/', path: '/v1/names', params: { q: 'a b', n: 2, flag: false, skip: undefined } });
    expect(out).toEqual({ ok: 1 });
    expect(calls[0]!.url).toBe('https://api.test/v1/names?q=a%20b&n=2&flag=false');
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it.each(['post', 'put', 'delete'] as const)('%s sends a JSON body', async (verb) => {
    const { client, calls } = setup(() => json({ done: true }));
    await expect(client[verb]({ path: 'https://api.test/x', body: { a: 1 } })).resolves.toEqual({ done: true });
    expect(calls[0]!.init.method).toBe(verb.toUpperCase());
    expect(calls[0]!.body).toEqual({ a: 1 });
    expect(calls[0]!.init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('adds clientId from the options when present', async () => {
    const { client, calls } = setup(() => json(1), { clientId: 'cid-1' });
    await client.get({ path: 'https://api.test/x?y=1', params: { z: 2 } });
    expect(calls[0]!.url).toBe('https://api.test/x?y=1&z=2&clientId=cid-1');
    const plain = setup(() => json(1));
    await plain.client.get({ path: 'https://api.test/x' });
    expect(plain.calls[0]!.url).toBe('https://api.test/x');
  });

  it("throws 'HTTP status code: {status}' on a non-2xx answer", async () => {
    const { client } = setup(() => new Response('nope', { status: 403, headers: { 'x-a': 'b' } }));
    const err = await client.post({ path: 'https://api.test/e', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpRequestError);
    expect((err as HttpRequestError).message).toBe('HTTP status code: 403');
    expect((err as HttpRequestError).status).toBe(403);
    expect((err as HttpRequestError).body).toBe('nope');
    expect((err as HttpRequestError).headers['x-a']).toBe('b');
  });

  it("throws 'Something went wrong' for an aborted request", async () => {
    const { client } = setup(() => HANG);
    const ac = new AbortController();
    const p = client.get({ path: 'https://api.test/slow', signal: ac.signal });
    ac.abort();
    const err = await p.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestFailedError);
    expect((err as Error).message).toBe('Something went wrong');
  });

  it('throws NetworkRequestError when fetch itself fails', async () => {
    const { client } = setup(() => networkError('ECONNREFUSED'));
    await expect(client.get({ path: 'https://api.test/' })).rejects.toBeInstanceOf(NetworkRequestError);
  });

  it('returns undefined for an empty body and text for a non-JSON one', async () => {
    const empty = setup(() => new Response(null, { status: 204 }));
    await expect(empty.client.delete({ path: 'https://api.test/x' })).resolves.toBeUndefined();
    const text = setup(() => new Response('plain', { status: 200 }));
    await expect(text.client.get({ path: 'https://api.test/x' })).resolves.toBe('plain');
  });

  it('builds URLs from base and path', () => {
    expect(buildUrl({ baseUrl: 'https://a.test/api/', path: 'v1' })).toBe('https://a.test/api/v1');
    expect(buildUrl({ baseUrl: 'https://a.test', path: 'https://b.test/p' })).toBe('https://b.test/p');
    expect(buildUrl({ path: 'https://a.test/p#h', params: { a: 1 } })).toBe('https://a.test/p?a=1#h');
  });

  it('times out after 10 s by default (a per-request timeout too) with TimeoutError', async () => {
    jest.useFakeTimers();
    try {
      expect(DEFAULT_HTTP_TIMEOUT).toBe(10_000);
      const { client, calls } = setup(() => HANG);
      const p = client.get({ path: 'https://api.test/slow' }).catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(10_000);
      const err = await p;
      expect(err).toBeInstanceOf(TimeoutError);
      expect((err as TimeoutError).message).toBe('Request timed out after 10000 ms');
      expect((calls[0]!.init.signal as AbortSignal).aborted).toBe(true);
      const quick = client.get({ path: 'https://api.test/slow', timeout: 50 }).catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(50);
      expect(((await quick) as TimeoutError).timeout).toBe(50);
    } finally {
      jest.useRealTimers();
    }
  });

  it('stops reading a body past maxBytes (default 4 MiB) with ResponseTooLargeError', async () => {
    expect(DEFAULT_HTTP_MAX_BYTES).toBe(4 * 1024 * 1024);
    const { client } = setup(() => json({ list: 'x'.repeat(5000) }));
    const err = await client.get({ path: 'https://api.test/big', maxBytes: 1000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect((err as ResponseTooLargeError).limit).toBe(1000);
    const big = setup(() => new Response('y'.repeat(DEFAULT_HTTP_MAX_BYTES + 1), { status: 200 }));
    await expect(big.client.get({ path: 'https://api.test/big' })).rejects.toBeInstanceOf(ResponseTooLargeError);
    await expect(setup(() => json(1)).client.get({ path: 'https://api.test/', maxBytes: 0 })).rejects.toThrow(RangeError);
  });

  it('keeps a short prefix of an error body', async () => {
    const { client } = setup(() => new Response('e'.repeat(100_000), { status: 502 }));
    const err = (await client.get({ path: 'https://api.test/' }).catch((e: unknown) => e)) as HttpRequestError;
    expect(err.message).toBe('HTTP status code: 502');
    expect(err.body).toHaveLength(ERROR_BODY_PREFIX_CHARS);
    expect(err.bodyTruncated).toBe(true);
  });
});
