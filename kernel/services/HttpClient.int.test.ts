/**
 * HttpClientImpl with Node's real fetch against the misbehaving local server
 * (kernel/transport/testing/misbehavingServer.ts): a hung server, a huge body,
 * a huge error body.
 */
import { ERROR_BODY_PREFIX_CHARS, HttpRequestError, RequestFailedError, ResponseTooLargeError, TimeoutError } from '../errors/transport';
import { startMisbehavingServer, type MisbehavingServer } from '../transport/testing/misbehavingServer';
import type { Environment } from './Environment';
import { DEFAULT_HTTP_MAX_BYTES, HttpClientImpl } from './HttpClient';
import type { Options } from '../options/Options';
import type { ResolvedOptions } from '../options/types';

let server: MisbehavingServer;
const client = new HttpClientImpl(
  { fetch: (input: string, init?: RequestInit) => fetch(input, init) } as Pick<Environment, 'fetch'> as Environment,
  { state: {} as ResolvedOptions } as Options,
);

beforeAll(async () => {
  server = await startMisbehavingServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('HttpClient against a real misbehaving server', () => {
  it('reads JSON', async () => {
    server.setDefault({ kind: 'json', body: { wallets: [1, 2] } });
    await expect(client.get({ path: server.url, params: { page: 1 } })).resolves.toEqual({ wallets: [1, 2] });
  });

  it('gives up on a hung server at its timeout', async () => {
    server.setDefault({ kind: 'hang' });
    const err = await client.get({ path: server.url, timeout: 150 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).timeout).toBe(150);
  });

  it("aborts with 'Something went wrong' on the caller's signal", async () => {
    server.setDefault({ kind: 'hang' });
    const ac = new AbortController();
    const p = client.get({ path: server.url, signal: ac.signal }).catch((e: unknown) => e);
    setTimeout(() => ac.abort(), 30);
    expect(await p).toBeInstanceOf(RequestFailedError);
  });

  it('stops reading a 200 MiB body at the byte limit', async () => {
    server.setDefault({ kind: 'big', bytes: 200 * 1024 * 1024 });
    const err = await client.get({ path: server.url }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect((err as ResponseTooLargeError).limit).toBe(DEFAULT_HTTP_MAX_BYTES);
  });

  it('keeps a prefix of a 200 MiB error body', async () => {
    server.setDefault({ kind: 'big', bytes: 200 * 1024 * 1024, status: 503 });
    const err = (await client.post({ path: server.url, body: {} }).catch((e: unknown) => e)) as HttpRequestError;
    expect(err).toBeInstanceOf(HttpRequestError);
    expect(err.message).toBe('HTTP status code: 503');
    expect(err.body).toHaveLength(ERROR_BODY_PREFIX_CHARS);
  });
});
