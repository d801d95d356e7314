import { HttpRequestError } from '../errors/transport';
import { LatchkeyError } from '../errors/base';
import { AlertsImpl } from './Alerts';
import { createEnvironment } from './Environment';
import { EventsImpl, UNSENT_EVENTS, randomEventId, type TrackedEvent } from './Events';
import type { HttpClient, HttpRequest } from './HttpClient';
import { OptionsImpl } from '../options/Options';
import type { LatchkeyOptions } from '../options/types';
import { bindService } from '../testing/services';

class FakeHttp implements HttpClient {
  readonly posts: HttpRequest[] = [];
  answer: () => Promise<unknown> = () => Promise.resolve(undefined);
  get = jest.fn();
  put = jest.fn();
  delete = jest.fn();
  post<T>(req: HttpRequest): Promise<T> {
    this.posts.push(req);
    return this.answer() as Promise<T>;
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(raw: Partial<LatchkeyOptions> = {}, window: any = { location: { href: 'https://app.example/swap?x=1', hostname: 'app.example' } }) {
  const env = createEnvironment({ window, now: () => 1_700_000_000_000 });
  const alerts = new AlertsImpl();
  const options = new OptionsImpl({ projectId: 'proj1', analyticsUrl: 'http://127.0.0.1:9/pulse', ...raw }, env, alerts);
  const http = new FakeHttp();
  const events = new EventsImpl(options, http, alerts, env);
  return { events, http, alerts, options };
}

describe('EventsImpl', () => {
  it('emits every event locally with a timestamp', () => {
    const { events } = setup({ features: { analytics: false } });
    const seen: TrackedEvent[] = [];
    events.events$.subscribe((e) => seen.push(e));
    events.track({ type: 'track', event: 'MODAL_CREATED' });
    events.track({ type: 'track', event: 'MODAL_OPEN', properties: { connected: false } });
    expect(seen).toEqual([
      { timestamp: 1_700_000_000_000, data: { type: 'track', event: 'MODAL_CREATED' } },
      { timestamp: 1_700_000_000_000, data: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } } },
    ]);
  });

  it('POSTs /e on the analytics host with projectId, st, sv and the event body', () => {
    const { events, http } = setup();
    events.setAddressSource(() => '0xabc');
    events.track({ type: 'track', event: 'CONNECT_SUCCESS', properties: { method: 'browser', name: 'MetaMask' } });
    expect(http.posts).toHaveLength(1);
    const req = http.posts[0]!;
    expect(req.baseUrl).toBe('http://127.0.0.1:9/pulse');
    expect(req.path).toBe('/e');
    expect(req.params).toEqual({ projectId: 'proj1', st: 'latchkey', sv: '0.1.0' });
    const body = req.body as Record<string, unknown>;
    expect(body).toEqual({
      eventId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      url: 'https://app.example/swap?x=1',
      domain: 'app.example',
      timestamp: 1_700_000_000_000,
      props: { type: 'track', event: 'CONNECT_SUCCESS', properties: { method: 'browser', name: 'MetaMask' }, address: '0xabc' },
    });
  });

  it('gives each event its own id and uses the configured sdk type and version', () => {
    const { events, http } = setup({ sdkType: 'latchkey-react', sdkVersion: '9.9.9' });
    events.track({ type: 'track', event: 'A' });
    events.track({ type: 'track', event: 'B' });
    const ids = http.posts.map((p) => (p.body as { eventId: string }).eventId);
    expect(new Set(ids).size).toBe(2);
    expect(http.posts[0]!.params).toMatchObject({ st: 'latchkey-react', sv: '9.9.9' });
  });

  it('leaves out the address when none is known, and url/domain empty on a server', () => {
    const { events, http } = setup({}, null); // no window (null: undefined would pick the default)
    events.setAddressSource(() => undefined);
    events.track({ type: 'error', event: 'CONNECT_ERROR' });
    const body = http.posts[0]!.body as Record<string, unknown>;
    expect(body.props).toEqual({ type: 'error', event: 'CONNECT_ERROR' });
    expect(body.url).toBe('');
    expect(body.domain).toBe('');
  });

  it('an address source that throws does not break tracking', () => {
    const { events, http } = setup();
    events.setAddressSource(() => {
      throw new Error('boom');
    });
    expect(() => events.track({ type: 'track', event: 'X' })).not.toThrow();
    expect((http.posts[0]!.body as { props: object }).props).not.toHaveProperty('address');
  });

  it('skips MODAL_CREATED, analytics off, and no analytics host', () => {
    expect(UNSENT_EVENTS).toEqual(['MODAL_CREATED']);
    const a = setup();
    a.events.track({ type: 'track', event: 'MODAL_CREATED' });
    expect(a.http.posts).toHaveLength(0);
    const b = setup({ features: { analytics: false } });
    b.events.track({ type: 'track', event: 'MODAL_OPEN' });
    expect(b.http.posts).toHaveLength(0);
    const c = setup({ analyticsUrl: undefined });
    c.events.track({ type: 'track', event: 'MODAL_OPEN' });
    expect(c.http.posts).toHaveLength(0);
  });

  it('follows run-time option changes', () => {
    const { events, http, options } = setup();
    options.update({ features: { analytics: false } });
    events.track({ type: 'track', event: 'MODAL_OPEN' });
    options.update({ features: { analytics: true } });
    events.track({ type: 'track', event: 'MODAL_CLOSE' });
    expect(http.posts.map((p) => (p.body as { props: { event: string } }).props.event)).toEqual(['MODAL_CLOSE']);
  });

  it('a 403 shows the Invalid App Configuration alert', async () => {
    const { events, http, alerts } = setup();
    http.answer = () => Promise.reject(new HttpRequestError({ status: 403, url: 'http://127.0.0.1:9/pulse/e' }));
    events.track({ type: 'track', event: 'MODAL_OPEN' });
    await flush();
    expect(alerts.state.current).toMatchObject({ key: 'INVALID_APP_CONFIGURATION', shortMessage: 'Invalid App Configuration' });
  });

  it('recognises a 403 structurally, also as a cause', async () => {
    const { events, http, alerts } = setup();
    http.answer = () => Promise.reject(new LatchkeyError('wrapped', { cause: { status: 403 } }));
    events.track({ type: 'track', event: 'MODAL_OPEN' });
    await flush();
    expect(alerts.state.current?.key).toBe('INVALID_APP_CONFIGURATION');
  });

  it('swallows other failures, rejected or thrown synchronously', async () => {
    const { events, http, alerts } = setup();
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      http.answer = () => Promise.reject(new HttpRequestError({ status: 500, url: 'x' }));
      events.track({ type: 'track', event: 'A' });
      http.answer = () => {
        throw new TypeError('bad url');
      };
      expect(() => events.track({ type: 'track', event: 'B' })).not.toThrow();
      await flush();
      await flush();
      expect(alerts.state.current).toBeUndefined();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('randomEventId', () => {
  it('falls back to a v4 UUID without crypto.randomUUID', () => {
    const original = globalThis.crypto;
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
    try {
      const a = randomEventId();
      const b = randomEventId();
      expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(a).not.toBe(b);
    } finally {
      Object.defineProperty(globalThis, 'crypto', { value: original, configurable: true });
    }
  });
});

describe('dependency injection', () => {
  it('resolves the services through an inversify container (explicit @inject, no metadata)', () => {
    // Imported here so this file also proves the decorators are complete.
    const { Container } = require('inversify') as typeof import('inversify');
    const { Environment } = require('./Environment') as typeof import('./Environment');
    const { Alerts } = require('./Alerts') as typeof import('./Alerts');
    const { Options, RawOptions } = require('../options/Options') as typeof import('../options/Options');
    const { HttpClient } = require('./HttpClient') as typeof import('./HttpClient');
    const { Events } = require('./Events') as typeof import('./Events');
    const { Storage, StorageImpl } = require('./Storage') as typeof import('./Storage');
    const { Theme, ThemeImpl } = require('./Theme') as typeof import('./Theme');
    const { Snackbar, SnackbarImpl } = require('./Snackbar') as typeof import('./Snackbar');
    const c = new Container({ defaultScope: 'Singleton' });
    c.bind(Environment).toConstantValue(createEnvironment({ window: undefined }));
    c.bind(RawOptions).toConstantValue({ projectId: 'p', analyticsUrl: 'http://127.0.0.1:9' });
    bindService(c, Options);
    bindService(c, Alerts);
    const http = new FakeHttp();
    c.bind(HttpClient).toConstantValue(http);
    for (const token of [Events, Storage, Theme, Snackbar]) bindService(c, token);
    const events = c.get<EventsImpl>(Events);
    expect(events).toBeInstanceOf(EventsImpl);
    expect(c.get(Events)).toBe(events);
    events.track({ type: 'track', event: 'MODAL_OPEN' });
    expect(http.posts).toHaveLength(1);
    expect(c.get<InstanceType<typeof StorageImpl>>(Storage).persistent).toBe(false);
    expect(c.get<InstanceType<typeof ThemeImpl>>(Theme).state.themeMode).toBe('light');
    expect(c.get<InstanceType<typeof SnackbarImpl>>(Snackbar).state.open).toBe(false);
  });
});
