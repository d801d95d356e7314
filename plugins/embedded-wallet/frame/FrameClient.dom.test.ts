/**
 * The frame client against a fake frame in jsdom: the iframe and its URL, READY + 500 ms, exact
 * origins both ways, replies, errors, the 30 s timeouts, aborts, load failures; and fast-check:
 * thousands of malformed and foreign messages change nothing.
 */
import fc from 'fast-check';
import { FakeFrame, NO_REPLY, SERVICE_ORIGIN, SERVICE_URL } from '../testing/fakeFrame';
import {
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_DELAY_MS,
  FrameClient,
  MAX_PENDING,
  READY_AFTER_LOAD_MS,
  REQUEST_CEILING_MS,
  REQUEST_TIMEOUT_MS,
  type FrameStatus,
} from './FrameClient';
import { REQUESTS } from 'latchkey/plugins/embedded-wallet/protocol';

let fake: FakeFrame;
let client: FrameClient;
let statuses: FrameStatus[];
let timeouts: string[];
let inits: number;

function makeClient(overrides: Partial<ConstructorParameters<typeof FrameClient>[0]> = {}) {
  statuses = [];
  timeouts = [];
  inits = 0;
  return new FrameClient({
    serviceUrl: SERVICE_URL,
    projectId: 'proj-1',
    chainId: () => 31337,
    enableLogger: false,
    window,
    zIndex: () => 1000,
    onStatus: (s) => statuses.push(s),
    onTimeout: (n) => timeouts.push(n),
    onInit: () => inits++,
    ...overrides,
  });
}

/** A promise's outcome, observed at once (so a rejection is never unhandled while timers run). */
function outcome<T>(p: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: any }> {
  return p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

/** Lets the fake's microtasks and the client's timers run. */
const flush = async (ms = 0) => {
  await jest.advanceTimersByTimeAsync(ms);
};

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
  fake = new FakeFrame();
  client = makeClient();
});

afterEach(() => {
  client.dispose();
  fake.dispose();
  document.body.innerHTML = '';
  jest.useRealTimers();
});

describe('creating the frame', () => {
  it('makes no iframe until ready() is called', () => {
    expect(document.querySelector('iframe')).toBeNull();
    expect(client.status).toBe('idle');
  });

  it('adds one hidden fixed iframe with projectId, chainId, version and enableLogger, on the service origin', async () => {
    void client.ready();
    const iframe = document.querySelector('iframe')!;
    const url = new URL(iframe.src);
    expect(url.origin).toBe(SERVICE_ORIGIN);
    expect(url.pathname).toBe('/frame');
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'proj-1', chainId: '31337', version: '4', enableLogger: 'false' });
    expect(iframe.style.position).toBe('fixed');
    expect(iframe.style.display).toBe('none');
    expect(iframe.title).toBe('Embedded wallet');
    expect(iframe.referrerPolicy).toBe('origin');
    await flush(FRAME_READY_DELAY_MS);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('counts as initialised 500 ms after READY, not before', async () => {
    let done = false;
    void client.ready().then(() => (done = true));
    await flush(FRAME_READY_DELAY_MS - 1);
    expect(done).toBe(false);
    expect(client.status).toBe('loading');
    await flush(1);
    expect(done).toBe(true);
    expect(client.status).toBe('ready');
    expect(statuses).toEqual(['loading', 'ready']);
    expect(inits).toBe(1);
  });

  it('hears a READY that comes before the message checks loaded (they load with the frame), and drops what is beyond 64 waiting', async () => {
    fake.autoReady = false;
    let done = false;
    void client.ready().then(() => (done = true));
    const source = client.element!.contentWindow;
    // before any microtask ran: the schemas' import has not resolved yet
    for (let i = 0; i < 63; i++) fake.post({ type: '@w3m-frame/SESSION_UPDATE', payload: { token: i === 0 ? '' : 'x' } }, { source });
    fake.post({ type: '@w3m-frame/READY', payload: { version: '1.0.0' } }, { source });
    fake.post({ type: '@w3m-frame/SESSION_UPDATE', payload: { token: 'x' } }, { source });
    expect(client.dropped).toBe(1); // the 65th
    await flush(FRAME_READY_DELAY_MS);
    expect(client.dropped).toBe(2); // and the empty token, once checked
    expect(done).toBe(true);
    expect(statuses).toEqual(['loading', 'ready']);
  });

  it('a request waits for READY + 500 ms, then is posted to the frame window with the exact service origin', async () => {
    const reply = client.request('GET_CHAIN_ID', undefined);
    await flush(FRAME_READY_DELAY_MS - 1);
    expect(fake.sent).toEqual([]);
    await flush(1);
    await expect(reply).resolves.toEqual({ chainId: 1 });
    expect(fake.sent).toEqual([{ type: '@w3m-app/GET_CHAIN_ID', id: expect.any(String), targetOrigin: SERVICE_ORIGIN }]);
  });

  it("fails with 'Unable to load email login dependency' when the page loads but says nothing; the next ready() makes a fresh frame", async () => {
    fake.autoReady = false;
    const first = outcome(client.ready());
    const pending = outcome(client.request('GET_CHAIN_ID', undefined));
    await flush();
    fake.iframe!.dispatchEvent(new Event('load'));
    await flush(READY_AFTER_LOAD_MS);
    expect(await first).toMatchObject({ ok: false, error: { message: 'Unable to load email login dependency' } });
    expect(await pending).toMatchObject({ ok: false, error: { message: 'Unable to load email login dependency' } });
    expect(client.status).toBe('failed');
    expect(document.querySelector('iframe')).toBeNull();
    fake.autoReady = true;
    const second = client.ready();
    await flush(FRAME_READY_DELAY_MS);
    await expect(second).resolves.toBeUndefined();
    expect(fake.created).toHaveLength(2);
  });

  it('fails when no READY comes at all, and on an iframe error', async () => {
    fake.autoReady = false;
    const r = outcome(client.ready());
    await flush(FRAME_LOAD_TIMEOUT_MS);
    expect(await r).toMatchObject({ ok: false, error: { message: 'Unable to load email login dependency' } });
    const again = outcome(client.ready());
    await flush();
    fake.iframe!.dispatchEvent(new Event('error'));
    expect(await again).toMatchObject({ ok: false, error: { message: 'Unable to load email login dependency' } });
  });

  it('after RELOAD, requests wait for the next READY + 500 ms', async () => {
    await Promise.all([client.ready(), flush(FRAME_READY_DELAY_MS)]);
    const reload = client.request('RELOAD', undefined);
    await flush();
    await reload;
    expect(client.status).toBe('loading');
    const next = client.request('GET_CHAIN_ID', undefined);
    await flush(100);
    expect(fake.requests('GET_CHAIN_ID')).toHaveLength(0);
    fake.ready();
    await flush(FRAME_READY_DELAY_MS);
    await expect(next).resolves.toEqual({ chainId: 1 });
    expect(inits).toBe(2);
  });
});

describe('replies', () => {
  beforeEach(async () => {
    await Promise.all([client.ready(), flush(FRAME_READY_DELAY_MS)]);
  });

  it('resolves with the success payload, validated (an address must be one)', async () => {
    fake.loggedIn = true;
    const user = client.request('GET_USER', { chainId: 31337 });
    await flush();
    await expect(user).resolves.toMatchObject({ address: fake.user.address, chainId: 31337 });
    fake.handlers['GET_USER'] = () => ({ address: 'not-an-address', chainId: 1 });
    const bad = outcome(client.request('GET_USER', undefined));
    await flush();
    expect(await bad).toMatchObject({ ok: false, error: { message: 'The wallet frame sent an invalid answer to GET_USER' } });
  });

  it("rejects with the frame's message; an error without one reads 'An error occurred'", async () => {
    const wrong = outcome(client.request('CONNECT_OTP', { otp: '000000' }));
    await flush();
    expect(await wrong).toMatchObject({ ok: false, error: { shortMessage: 'Invalid code: 4 attempts left', request: 'CONNECT_OTP' } });
    for (const payload of [undefined, {}, { message: '' }, { message: 42 }]) {
      fake.handlers['GET_CHAIN_ID'] = (_p, msg) => {
        fake.post({ type: '@w3m-frame/GET_CHAIN_ID_ERROR', id: msg.id, ...(payload === undefined ? {} : { payload }) });
        return NO_REPLY;
      };
      const r = outcome(client.request('GET_CHAIN_ID', undefined));
      await flush();
      expect(await r).toMatchObject({ ok: false, error: { message: 'An error occurred' } });
    }
  });

  it("a user rejection stays a user rejection (4001), whatever the frame's words", async () => {
    fake.loggedIn = true;
    const sign = outcome(client.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x00', fake.user.address] }));
    await flush();
    fake.held[0]!.reject();
    await flush();
    expect(await sign).toMatchObject({ ok: false, error: { code: 4001 } });
  });

  it('ignores a reply of another type or an unknown id', async () => {
    fake.handlers['GET_CHAIN_ID'] = (_p, msg) => {
      fake.post({ type: '@w3m-frame/IS_CONNECTED_SUCCESS', id: msg.id, payload: { isConnected: true } });
      fake.post({ type: '@w3m-frame/GET_CHAIN_ID_SUCCESS', id: 'someone-else', payload: { chainId: 5 } });
      fake.post({ type: '@w3m-frame/GET_CHAIN_ID_SUCCESS', id: msg.id, payload: { chainId: 10 } });
      return NO_REPLY;
    };
    const r = client.request('GET_CHAIN_ID', undefined);
    await flush();
    await expect(r).resolves.toEqual({ chainId: 10 });
    expect(client.dropped).toBe(2);
  });

  it('hears only the frame window at the exact service origin', async () => {
    let settled = false;
    fake.handlers['GET_CHAIN_ID'] = () => NO_REPLY;
    const r = client.request('GET_CHAIN_ID', undefined).finally(() => (settled = true));
    await flush();
    const id = fake.requests('GET_CHAIN_ID').at(-1)!.id;
    const answer = { type: '@w3m-frame/GET_CHAIN_ID_SUCCESS', id, payload: { chainId: 666 } };
    fake.post(answer, { origin: 'http://wallet.test:8080' });
    fake.post(answer, { origin: 'https://wallet.test' });
    fake.post(answer, { origin: 'http://evil.test' });
    fake.post(answer, { source: window });
    fake.post(answer, { source: null });
    await flush();
    expect(settled).toBe(false);
    fake.post({ ...answer, payload: { chainId: 7 } });
    await expect(r).resolves.toEqual({ chainId: 7 });
  });

  it('SESSION_UPDATE hands the token over', async () => {
    const tokens: string[] = [];
    client.dispose();
    client = makeClient({ onSession: (t) => tokens.push(t) });
    await Promise.all([client.ready(), flush(FRAME_READY_DELAY_MS)]);
    fake.session('a.b.c');
    fake.post({ type: '@w3m-frame/SESSION_UPDATE', payload: { token: 42 } });
    fake.post({ type: '@w3m-frame/SESSION_UPDATE', payload: { token: 'x' } }, { origin: 'http://evil.test' });
    expect(tokens).toEqual(['a.b.c']);
  });
});

describe('timeouts and aborts', () => {
  beforeEach(async () => {
    await Promise.all([client.ready(), flush(FRAME_READY_DELAY_MS)]);
  });

  it.each(['CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_OTP', 'CONNECT_SOCIAL', 'GET_SOCIAL_REDIRECT_URI'] as const)(
    '%s times out after 30000 ms: the timeout callback runs and the request is aborted',
    async (name) => {
      fake.handlers[name] = () => NO_REPLY;
      const payloads: Record<string, unknown> = {
        CONNECT_EMAIL: { email: 'a@b.co' },
        CONNECT_DEVICE: undefined,
        CONNECT_OTP: { otp: '1' },
        CONNECT_SOCIAL: { uri: 'http://x.test/' },
        GET_SOCIAL_REDIRECT_URI: { provider: 'google' },
      };
      let error: unknown;
      const r = client.request(name, payloads[name] as never).catch((e: unknown) => (error = e));
      void r;
      await flush(REQUEST_TIMEOUT_MS - 1);
      expect(error).toBeUndefined();
      expect(timeouts).toEqual([]);
      await flush(1);
      await r;
      expect(timeouts).toEqual([name]);
      expect((error as Error).message).toBe('Something went wrong');
      // a late answer is dropped
      const id = fake.requests(name).at(-1)!.id;
      fake.post({ type: `@w3m-frame/${name}_ERROR`, id, payload: { message: 'late' } });
      expect(client.dropped).toBeGreaterThan(0);
    },
  );

  it('other requests have a 60 s ceiling; a not-safe RPC request waits for the user as long as it takes', async () => {
    fake.loggedIn = true;
    fake.handlers['GET_CHAIN_ID'] = () => NO_REPLY;
    const chain = client.request('GET_CHAIN_ID', undefined).catch((e: Error) => e.message);
    const sign = client.request('RPC_REQUEST', { method: 'personal_sign', params: ['0x00', fake.user.address] });
    await flush(REQUEST_CEILING_MS);
    await expect(chain).resolves.toBe('Something went wrong');
    expect(timeouts).toEqual([]);
    await flush(10 * REQUEST_CEILING_MS);
    fake.held[0]!.approve();
    await flush();
    await expect(sign).resolves.toMatch(/^0x/);
  });

  it("abortNotSafe rejects the open not-safe requests with 'Request was aborted', tells the frame, and keeps safe ones", async () => {
    fake.loggedIn = true;
    fake.handlers['RPC_REQUEST'] = () => NO_REPLY;
    const sign = client.request('RPC_REQUEST', { method: 'personal_sign', params: [] }).catch((e: { shortMessage: string; code: number }) => [e.shortMessage, e.code]);
    const read = client.request('RPC_REQUEST', { method: 'eth_blockNumber' });
    await flush();
    expect(client.notSafePending()).toBe(1);
    expect(client.abortNotSafe()).toBe(1);
    await expect(sign).resolves.toEqual(['Request was aborted', 4001]);
    await flush();
    expect(fake.requests('RPC_ABORT')).toEqual([{ type: '@w3m-app/RPC_ABORT', targetOrigin: SERVICE_ORIGIN }]);
    fake.post({ type: '@w3m-frame/RPC_REQUEST_SUCCESS', id: fake.requests('RPC_REQUEST')[1]!.id, payload: '0x10' });
    await expect(read).resolves.toBe('0x10');
    expect(client.abortNotSafe()).toBe(0);
  });

  it(`refuses more than ${MAX_PENDING} open requests`, async () => {
    fake.handlers['GET_CHAIN_ID'] = () => NO_REPLY;
    const open = Array.from({ length: MAX_PENDING }, () => client.request('GET_CHAIN_ID', undefined).catch(() => undefined));
    await flush();
    expect(await outcome(client.request('GET_CHAIN_ID', undefined))).toMatchObject({ ok: false, error: { message: 'Too many requests at once' } });
    client.dispose();
    await Promise.all(open);
  });

  it('show() lays the iframe over a rectangle above the modal; hide() hides it', () => {
    client.show({ top: 10.4, left: 20, width: 320, height: 420 });
    const s = fake.iframe!.style;
    expect([s.display, s.top, s.left, s.width, s.height, s.zIndex]).toEqual(['block', '10px', '20px', '320px', '420px', '1000']);
    client.hide();
    expect(s.display).toBe('none');
  });
});

describe('hostile input (fast-check)', () => {
  jest.setTimeout(30_000);
  const known = [...REQUESTS, 'READY', 'SESSION_UPDATE'];
  const idArb = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.constant(undefined), fc.constant(null), fc.object(), fc.string({ minLength: 129, maxLength: 200 }));
  const messages = fc.oneof(
    fc.anything(),
    fc.record({ type: fc.string(), id: idArb, payload: fc.anything() }),
    fc.record({ type: fc.string().map((s) => `@w3m-frame/${s}`), id: idArb, payload: fc.anything() }),
    fc.record({ type: fc.constantFrom(...known).map((k) => `@w3m-frame/${k}_SUCCESS`), id: idArb, payload: fc.anything() }),
    fc.record({ type: fc.constantFrom(...known).map((k) => `@w3m-frame/${k}_ERROR`), id: idArb, payload: fc.anything() }),
    fc.record({ type: fc.constantFrom(...known).map((k) => `@w3m-app/${k}`), id: idArb, payload: fc.anything() }),
    fc.record({ type: fc.constant('@w3m-frame/SESSION_UPDATE'), payload: fc.anything() }),
  );

  async function openRequests() {
    await Promise.all([client.ready(), flush(FRAME_READY_DELAY_MS)]);
    fake.loggedIn = true;
    for (const name of Object.keys(fake.handlers)) fake.handlers[name] = () => NO_REPLY;
    const settled: string[] = [];
    const open = [
      client.request('GET_USER', undefined),
      client.request('RPC_REQUEST', { method: 'personal_sign', params: [] }),
      client.request('GET_CHAIN_ID', undefined),
    ].map((p, i) => p.then(() => settled.push(`${i}:ok`), () => settled.push(`${i}:err`)));
    await flush();
    return { settled, open };
  }

  it('from the frame window: 3,000 malformed or unsolicited messages change nothing and throw nothing', async () => {
    const tokens: string[] = [];
    client.dispose();
    client = makeClient({ onSession: (t) => tokens.push(t) });
    const { settled } = await openRequests();
    const ids = new Set(fake.sent.map((m) => m.id));
    const samples = fc.sample(messages, { numRuns: 3000, seed: 7 }).filter((m) => !ids.has((m as { id?: unknown } | null)?.id as string));
    expect(samples.length).toBeGreaterThan(2900);
    const before = client.dropped;
    const statusBefore = client.status;
    for (const data of samples) fake.post(data);
    await flush();
    expect(settled).toEqual([]);
    expect(client.status).toBe(statusBefore);
    expect(statuses.filter((s) => s === 'loading')).toHaveLength(1); // a stray READY while ready does not reload anything it waits on
    // valid SESSION_UPDATEs are the frame's to send; anything else arriving counts as dropped
    const validSessions = samples.filter((m) => (m as { type?: unknown } | null)?.type === '@w3m-frame/SESSION_UPDATE' && typeof (m as any).payload?.token === 'string' && (m as any).payload.token.length > 0);
    expect(tokens).toHaveLength(validSessions.length);
    expect(client.dropped - before).toBeGreaterThan(2000);
    console.log(`frame window: ${samples.length} malformed or unsolicited messages, ${client.dropped - before} dropped, 0 requests settled`);
  });

  it('from foreign windows and origins: 3,000 messages, well-formed answers included, change nothing', async () => {
    const { settled } = await openRequests();
    const replies = fake.sent.map((m) => ({ type: `${m.type.replace('@w3m-app/', '@w3m-frame/')}_SUCCESS`, id: m.id, payload: { chainId: 1 } }));
    const samples = [...fc.sample(messages, { numRuns: 3000, seed: 11 }), ...replies, { type: '@w3m-frame/READY', payload: { version: '1' } }];
    const origins = fc.sample(
      fc.oneof(fc.constantFrom('http://evil.test', 'null', '', 'http://wallet.test:81', 'https://wallet.test', 'http://wallet.test.evil.test', 'http://WALLET.test'), fc.string({ maxLength: 30 })),
      { numRuns: samples.length, seed: 3 },
    );
    const before = client.dropped;
    samples.forEach((data, i) => {
      // half from the right origin but another window, half from the frame window at a wrong origin
      if (i % 2) fake.post(data, { origin: SERVICE_ORIGIN, source: window });
      else fake.post(data, { origin: origins[i] === SERVICE_ORIGIN ? 'http://evil.test' : origins[i]! });
    });
    await flush(FRAME_READY_DELAY_MS * 2);
    expect(settled).toEqual([]);
    expect(client.status).toBe('ready');
    expect(client.dropped).toBeGreaterThanOrEqual(before);
    console.log(`foreign windows and origins: ${samples.length} messages (${replies.length} well-formed answers), 0 accepted`);
  });
});
