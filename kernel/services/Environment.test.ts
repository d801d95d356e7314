import { MemoryStorage } from '../testing/fakeAdapter';
import { createEnvironment } from './Environment';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0 Mobile Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  macChrome:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0 Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  telegram: 'Mozilla/5.0 (Linux; Android 14) Telegram-Android/10.9.1',
};

function fakeWindow(extra: Record<string, unknown> = {}, ua = UA.linuxFirefox): any {
  return { navigator: { userAgent: ua, maxTouchPoints: 0 }, matchMedia: () => ({ matches: false }), ...extra };
}

describe('createEnvironment', () => {
  it('is safe on a server: no window, no document, no storage, no device flags', () => {
    const env = createEnvironment({ window: undefined });
    expect(env.window).toBeUndefined();
    expect(env.document).toBeUndefined();
    expect(env.localStorage).toBeUndefined();
    expect(env.userAgent()).toBe('');
    expect(env.isMobile()).toBe(false);
    expect(env.isTelegram()).toBe(false);
    expect(env.isSafari()).toBe(false);
    expect(env.isIos()).toBe(false);
    expect(env.isAndroid()).toBe(false);
    expect(env.isMac()).toBe(false);
  });

  it('reads the real globals lazily (node test env has no window)', () => {
    const env = createEnvironment();
    expect(env.window).toBeUndefined();
    (globalThis as any).window = fakeWindow({ document: { title: 'late' } }, UA.android);
    try {
      expect(env.document).toEqual({ title: 'late' });
      expect(env.isAndroid()).toBe(true);
    } finally {
      delete (globalThis as any).window;
    }
    expect(env.window).toBeUndefined();
  });

  it('returns localStorage only when a write succeeds', () => {
    const storage = new MemoryStorage();
    expect(createEnvironment({ window: fakeWindow({ localStorage: storage }) }).localStorage).toBe(storage);
    expect(storage.map.size).toBe(0); // the probe key is removed again

    const full = new MemoryStorage();
    full.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(createEnvironment({ window: fakeWindow({ localStorage: full }) }).localStorage).toBeUndefined();

    const blocked = fakeWindow();
    Object.defineProperty(blocked, 'localStorage', { get: () => { throw new Error('SecurityError'); } });
    expect(createEnvironment({ window: blocked }).localStorage).toBeUndefined();
  });

  it('probes a storage object once, and again when it changes', () => {
    const a = new MemoryStorage();
    const setItem = jest.spyOn(a, 'setItem');
    const w = fakeWindow({ localStorage: a });
    const env = createEnvironment({ window: w });
    env.localStorage;
    env.localStorage;
    expect(setItem).toHaveBeenCalledTimes(1);
    const b = new MemoryStorage();
    w.localStorage = b;
    expect(env.localStorage).toBe(b);
  });

  it('detects mobile by coarse pointer or by user agent', () => {
    const coarse = fakeWindow({ matchMedia: (q: string) => ({ matches: q === '(pointer:coarse)' }) });
    expect(createEnvironment({ window: coarse }).isMobile()).toBe(true);
    expect(createEnvironment({ window: fakeWindow({}, UA.iphone) }).isMobile()).toBe(true);
    expect(createEnvironment({ window: fakeWindow({}, UA.android) }).isMobile()).toBe(true);
    expect(createEnvironment({ window: fakeWindow({}, 'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80)') }).isMobile()).toBe(true);
    expect(createEnvironment({ window: fakeWindow({}, UA.macChrome) }).isMobile()).toBe(false);
    const noMatchMedia = fakeWindow({ matchMedia: undefined }, UA.linuxFirefox);
    expect(createEnvironment({ window: noMatchMedia }).isMobile()).toBe(false);
  });

  it('detects Telegram by WebApp inside Telegram, the webview proxy or the user agent', () => {
    const inTelegram = fakeWindow({ Telegram: { WebApp: { initData: 'query_id=1', platform: 'ios' } } });
    expect(createEnvironment({ window: inTelegram }).isTelegram()).toBe(true);
    expect(createEnvironment({ window: fakeWindow({ TelegramWebviewProxy: {} }) }).isTelegram()).toBe(true);
    expect(createEnvironment({ window: fakeWindow({}, UA.telegram) }).isTelegram()).toBe(true);
    // the telegram-web-app.js script loaded in an ordinary browser
    const scriptOnly = fakeWindow({ Telegram: { WebApp: { initData: '', platform: 'unknown' } } });
    expect(createEnvironment({ window: scriptOnly }).isTelegram()).toBe(false);
    expect(createEnvironment({ window: fakeWindow() }).isTelegram()).toBe(false);
  });

  it('tells Safari, iOS, Android and Mac apart by user agent', () => {
    const of = (ua: string, extra: Record<string, unknown> = {}) => createEnvironment({ window: fakeWindow(extra, ua) });
    expect([of(UA.iphone).isSafari(), of(UA.iphone).isIos(), of(UA.iphone).isMac()]).toEqual([true, true, false]);
    expect([of(UA.iphoneChrome).isSafari(), of(UA.iphoneChrome).isIos()]).toEqual([false, true]);
    expect([of(UA.macSafari).isSafari(), of(UA.macSafari).isMac(), of(UA.macSafari).isIos()]).toEqual([true, true, false]);
    expect([of(UA.macChrome).isSafari(), of(UA.macChrome).isMac()]).toEqual([false, true]);
    expect([of(UA.android).isAndroid(), of(UA.android).isSafari(), of(UA.android).isIos()]).toEqual([true, false, false]);
    expect(of(UA.linuxFirefox).isAndroid()).toBe(false);
    // iPadOS 13+: desktop Mac user agent with a touch screen
    const ipad = createEnvironment({ window: { navigator: { userAgent: UA.macSafari, maxTouchPoints: 5 } } });
    expect([ipad.isIos(), ipad.isMac()]).toEqual([true, false]);
  });

  it('takes overrides for any member', async () => {
    const fetch = jest.fn(async () => new Response('ok'));
    const env = createEnvironment({ window: fakeWindow(), now: () => 42, isMobile: () => true, fetch });
    expect(env.now()).toBe(42);
    expect(env.isMobile()).toBe(true);
    await env.fetch('http://127.0.0.1/x');
    expect(fetch).toHaveBeenCalledWith('http://127.0.0.1/x', undefined);
  });

  it('calls the window fetch bound to the window', async () => {
    const w: any = fakeWindow();
    w.fetch = jest.fn(function (this: unknown) {
      return Promise.resolve(this === w ? 'bound' : 'unbound');
    });
    await expect(createEnvironment({ window: w }).fetch('x')).resolves.toBe('bound');
  });

  it('uses Date.now by default', () => {
    const env = createEnvironment({ window: undefined });
    const before = Date.now();
    const t = env.now();
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Date.now());
  });
});
