/**
 * The wallet service under abuse, and its session rules, on a service process of its own with tight
 * limits (PGlite in memory, anvil, the dev mailbox and the Farcaster stand-in): long-poll slots per flow
 * and per client address (security review M2), the per-account limit of the RPC proxy (L8), sign out
 * everywhere and the absolute session lifetime (L4), sessions bound to their app (L5), dev mode on
 * loopback only, its OpenID provider on 127.0.0.1 (M5).
 */
import { decodeJwt, SignJWT } from 'jose';
import { startAnvil, type Anvil } from './testing/anvil';
import { FrameClient, latestCode, startServiceProcess, TEST_SECRETS, type ServiceProcess } from './testing/service';
import { ApiError } from './frame/api';

const ORIGIN = 'http://127.0.0.1:5998';
const PROJECT = { projectId: 'hardening', origin: ORIGIN };
const LONG_POLLS_PER_IP = 2;
const RPC_PER_USER = 5;
const MAX_AGE = 86_400;

let anvil: Anvil;
let service: ServiceProcess;
let ipN = 0;
const nextIp = () => `10.9.${Math.floor(++ipN / 250)}.${ipN % 250}`;
const client = (ip = nextIp()) => FrameClient.create(service.url, ip);

beforeAll(async () => {
  anvil = await startAnvil(31337);
  service = await startServiceProcess({
    ...TEST_SECRETS,
    WALLET_DEV: '1',
    // 127.0.0.2 is loopback too, so dev mode may listen there; its local OpenID provider still binds to 127.0.0.1
    WALLET_HOST: '127.0.0.2',
    WALLET_DEV_OIDC: '1',
    WALLET_DATA_DIR: ':memory:',
    WALLET_TRUST_PROXY: '1',
    WALLET_PROJECTS: JSON.stringify([{ projectId: PROJECT.projectId, origins: [ORIGIN, 'http://127.0.0.1:5997'] }, { projectId: 'other-app', origins: ['http://127.0.0.1:5996'] }]),
    WALLET_CHAINS: JSON.stringify([{ chainId: 31337, name: 'Anvil', rpcUrl: anvil.url }]),
    WALLET_LONG_POLLS_PER_IP: String(LONG_POLLS_PER_IP),
    WALLET_SESSION_MAX_AGE: String(MAX_AGE),
    WALLET_RATE_RPC_PER_USER: String(RPC_PER_USER),
    WALLET_LOG: '0',
  });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await anvil?.stop();
}, 30_000);

/** The outcome of a call: its answer, or the error's code. */
const settle = <T>(p: Promise<T>) => p.then((value) => ({ value }), (err: unknown) => ({ code: err instanceof ApiError ? err.code : String(err) }));

/** The Farcaster stand-in's "Approve" on the phone page. */
const approveFarcaster = async (channelId: string, username: string) => {
  const res = await fetch(`${service.url}/farcaster/connect`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ channel: channelId, username }).toString(),
  });
  expect(res.status).toBe(200);
};

/** Logs `c` in through the Farcaster stand-in as `username` (the same name is the same account). */
const farcasterLogin = async (c: FrameClient, username: string) => {
  const { channelId } = await c.call('/v1/auth/farcaster/start', PROJECT);
  await approveFarcaster(channelId, username);
  const grant = await c.call('/v1/auth/farcaster/finish', { channelId });
  c.api.token = grant.token;
  return grant;
};

describe('long polls', () => {
  it('keeps one live poll per flow: of two at once, one is replaced at once and the other gets the login', async () => {
    const c = await client();
    const { channelId } = await c.call('/v1/auth/farcaster/start', PROJECT);
    const polls = [settle(c.call('/v1/auth/farcaster/finish', { channelId })), settle(c.call('/v1/auth/farcaster/finish', { channelId }))];
    // the first to end is the replaced one, long before the approval
    const first = await Promise.race(polls);
    expect(first).toEqual({ code: 'poll_replaced' });
    await approveFarcaster(channelId, 'one-poll');
    const both = await Promise.all(polls);
    expect(both.filter((r) => 'value' in r && (r.value as { userName?: string }).userName === 'one-poll')).toHaveLength(1);
  });

  it(`lets one client address hold ${LONG_POLLS_PER_IP} polls, and not another one; other addresses are not affected`, async () => {
    const ip = nextIp();
    const c = await client(ip);
    const channels: string[] = [];
    for (let i = 0; i <= LONG_POLLS_PER_IP; i++) channels.push((await c.call('/v1/auth/farcaster/start', PROJECT)).channelId);
    const polls = channels.map((channelId) => settle(c.call('/v1/auth/farcaster/finish', { channelId })));
    const first = await Promise.race(polls);
    expect(first).toEqual({ code: 'rate_limited' });
    // another client address still gets a slot (its channel approved first, so its poll ends at once)
    const other = await client();
    const { channelId } = await other.call('/v1/auth/farcaster/start', PROJECT);
    await approveFarcaster(channelId, 'other-network');
    expect((await other.call('/v1/auth/farcaster/finish', { channelId })).userName).toBe('other-network');
    // the polls that got a slot end with their approval
    for (const id of channels) await fetch(`${service.url}/farcaster/connect`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `channel=${id}&username=held` });
    const outcomes = await Promise.all(polls);
    expect(outcomes.filter((r) => 'code' in r && r.code === 'rate_limited')).toHaveLength(1);
    expect(outcomes.filter((r) => 'value' in r)).toHaveLength(LONG_POLLS_PER_IP);
  });
});

describe('request bodies', () => {
  it('refuses a body past its bound with 413 too_large and closes the connection, declared or streamed', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(70 * 1024) });
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': nextIp() };
    const declared = await fetch(`${service.url}/v1/wallet/rpc`, { method: 'POST', headers, body: big });
    expect(declared.status).toBe(413);
    expect(declared.headers.get('connection')).toBe('close');
    expect(await declared.json()).toEqual({ error: { code: 'too_large', message: 'Request body larger than 65536 bytes' } });
    // no Content-Length: the bound holds on what is read
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 5; i++) c.enqueue(new TextEncoder().encode('x'.repeat(16 * 1024)));
        c.close();
      },
    });
    const streamed = await fetch(`${service.url}/v1/wallet/rpc`, { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).error.code).toBe('too_large');
  });
});

describe('the read-only RPC proxy', () => {
  it('forwards no log queries, filters, proofs or raw transactions', async () => {
    const c = await client();
    await farcasterLogin(c, 'no-logs');
    for (const method of ['eth_getLogs', 'eth_newFilter', 'eth_newBlockFilter', 'eth_getFilterChanges', 'eth_getProof', 'eth_sendRawTransaction']) {
      const err = await c.fails('/v1/wallet/rpc', { chainId: 31337, method, params: [] });
      expect([method, err.status, err.code]).toEqual([method, 400, 'method_not_allowed']);
    }
  });

  it(`answers ${RPC_PER_USER} calls a minute per account, whatever the client address`, async () => {
    const a = await client();
    await farcasterLogin(a, 'busy-reader');
    for (let i = 0; i < RPC_PER_USER; i++) {
      // the same account from another address each time: the per-IP limit does not come into play
      const from = a.on(service.url, nextIp());
      expect((await from.call('/v1/wallet/rpc', { chainId: 31337, method: 'eth_blockNumber' })).result).toMatch(/^0x/);
    }
    const over = await a.on(service.url, nextIp()).fails('/v1/wallet/rpc', { chainId: 31337, method: 'eth_blockNumber' });
    expect([over.status, over.code]).toEqual([429, 'rate_limited']);
    expect(over.retryAfterSeconds).toBeGreaterThan(0);
    // another account is not affected
    const b = await client();
    await farcasterLogin(b, 'other-reader');
    expect((await b.call('/v1/wallet/rpc', { chainId: 31337, method: 'eth_blockNumber' })).result).toMatch(/^0x/);
  });
});

/** The session token with other claims, signed with the service's secret (the test knows it). */
const forge = (token: string, claims: Record<string, unknown>) =>
  new SignJWT({ ...decodeJwt(token), ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(Buffer.from(TEST_SECRETS.WALLET_SESSION_SECRET, 'base64'));

describe('sessions', () => {
  it('signs out everywhere: every session of the account, on every device, stops working', async () => {
    const [a, b] = [await client(), await client()];
    await farcasterLogin(a, 'everywhere');
    await farcasterLogin(b, 'everywhere');
    expect((await b.call('/v1/session')).user.userName).toBe('everywhere');
    expect(await a.call('/v1/session/revoke-all')).toEqual({ ok: true });
    expect((await a.fails('/v1/session')).code).toBe('session_revoked');
    expect((await b.fails('/v1/session')).code).toBe('session_revoked');
    // a login after it works at once
    await farcasterLogin(b, 'everywhere');
    expect((await b.call('/v1/session')).user.userName).toBe('everywhere');
  });

  it('ends the other sessions when the e-mail changes; the device that changed it goes on with a fresh one', async () => {
    const [a, b] = [await client(), await client()];
    await farcasterLogin(a, 'changer');
    await farcasterLogin(b, 'changer');
    const before = a.api.token!;
    const r = await a.call('/v1/email/update', { email: 'changer@example.com' });
    expect(r.action).toBe('VERIFY_SECONDARY_OTP');
    const done = await a.call('/v1/email/update/secondary', { flowId: r.flowId, otp: await latestCode(service.url, 'changer@example.com') });
    expect(done.newEmail).toBe('changer@example.com');
    expect((await b.fails('/v1/session')).code).toBe('session_revoked');
    expect((await a.fails('/v1/session')).code).toBe('session_revoked');
    a.api.token = done.token;
    expect((await a.call('/v1/session')).user.email).toBe('changer@example.com');
    expect(decodeJwt(done.token).auth_time).toBe(decodeJwt(before).auth_time);
  });

  it('never extends a session past its absolute lifetime (auth_time + WALLET_SESSION_MAX_AGE)', async () => {
    const c = await client();
    const grant = await farcasterLogin(c, 'lifetime');
    const authTime = decodeJwt(grant.token).auth_time as number;
    expect(Math.abs(authTime - Date.now() / 1000)).toBeLessThan(60);
    expect(grant.expiresAt).toBe(authTime + MAX_AGE); // shorter than the 7-day TTL
    // a session whose login is 100 s from the end of its lifetime: a refresh ends with the lifetime
    const now = Math.floor(Date.now() / 1000);
    c.api.token = await forge(grant.token, { auth_time: now - MAX_AGE + 100 });
    const fresh = await c.call('/v1/session/refresh');
    expect(fresh.expiresAt).toBe(now - MAX_AGE + 100 + MAX_AGE);
    expect(decodeJwt(fresh.token).auth_time).toBe(now - MAX_AGE + 100);
    // past it: refused, and no refresh brings it back
    c.api.token = await forge(grant.token, { sid: 'past-lifetime-1', auth_time: now - MAX_AGE - 5 });
    expect((await c.fails('/v1/session')).code).toBe('session_expired');
    expect((await c.fails('/v1/session/refresh')).code).toBe('session_expired');
  });

  it('accepts a session only for the project and origin it was issued to', async () => {
    const c = await client();
    await farcasterLogin(c, 'bound-app');
    expect((await c.call('/v1/session')).origin).toBe(ORIGIN);
    // another origin of the same project, another project, no app named: the same device and token are refused
    for (const app of [{ projectId: PROJECT.projectId, origin: 'http://127.0.0.1:5997' }, { projectId: 'other-app', origin: 'http://127.0.0.1:5996' }, undefined]) {
      c.api.app = app;
      const err = await c.fails('/v1/session');
      expect([err.status, err.code, err.message]).toEqual([401, 'session_wrong_app', 'This session belongs to another app']);
    }
    c.api.app = PROJECT;
    expect((await c.call('/v1/session')).user.userName).toBe('bound-app');
  });
});

describe('dev mode', () => {
  it('runs the local OpenID provider on 127.0.0.1 whatever the service listens on', async () => {
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
    expect(service.oidcIssuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${service.oidcIssuer}/.well-known/openid-configuration`)).status).toBe(200);
  });

  it('refuses to start in dev mode on an address other machines reach', async () => {
    await expect(startServiceProcess({ WALLET_DEV: '1', WALLET_HOST: '0.0.0.0', WALLET_DATA_DIR: ':memory:', WALLET_LOG: '0' })).rejects.toThrow(
      /dev mode runs on a loopback address only/,
    );
  }, 120_000);
});
