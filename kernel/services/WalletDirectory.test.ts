import { searchWallets } from '../directory/search';
import { createKernel, type Kernel } from '../createKernel';
import { CATALOGUE } from '../directory/catalogue';
import { WalletDirectoryError } from '../directory/errors';
import { HttpRequestError, NetworkRequestError } from '../errors/transport';
import { MemoryStorage } from '../testing/fakeAdapter';
import type { LatchkeyOptions } from '../options/types';
import { WalletDirectory, type WalletDirectoryState } from './WalletDirectory';
import { WALLET_DIRECTORY_CACHE_KEY } from '../directory/types';
import { bindService } from '../testing/services';

const URL_BASE = 'https://directory.test/v1';

type Handler = (url: URL) => Response | Promise<Response>;

function setup(options: Partial<LatchkeyOptions> & { walletDirectoryUrl?: string } = {}, handler?: Handler, storage = new MemoryStorage()) {
  const calls: URL[] = [];
  const kernel: Kernel = createKernel({
    options: { projectId: 'p1', sdkType: 'latchkey', sdkVersion: '9.9.9', features: { analytics: false }, ...options } as LatchkeyOptions,
    environment: {
      window: undefined,
      document: undefined,
      localStorage: storage,
      fetch: async (input: string) => {
        const url = new URL(input);
        calls.push(url);
        if (!handler) throw new Error('no network in this test');
        return handler(url);
      },
    },
  });
  if (!kernel.container.isBound(WalletDirectory)) bindService(kernel.container, WalletDirectory);
  const directory = kernel.get<WalletDirectory>(WalletDirectory);
  const states: WalletDirectoryState[] = [];
  directory.state$.subscribe((s) => states.push(s));
  return { kernel, directory, calls, states, storage };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A remote directory of `count` wallets; wallet 0 is Rainbow (matches the catalogue by rdns). */
function remoteWallets(count: number) {
  return Array.from({ length: count }, (_, i) =>
    i === 0 ? { id: 'hash-rainbow', name: 'Rainbow', rdns: 'me.rainbow', image_id: 'rb' } : { id: `hash-${i}`, name: `Remote ${i}`, homepage: `https://r${i}.example` },
  );
}
function pagedHandler(all: readonly unknown[], fail?: { page: number; status?: number }): Handler {
  return (url) => {
    const page = Number(url.searchParams.get('page'));
    const entries = Number(url.searchParams.get('entries'));
    if (fail && fail.page === page) {
      if (fail.status === undefined) throw new TypeError('fetch failed');
      return json({ message: 'nope' }, fail.status);
    }
    return json({ count: all.length, data: all.slice((page - 1) * entries, page * entries) });
  };
}

describe('WalletDirectory', () => {
  it('starts empty and loads the shipped catalogue on load(), without any request', async () => {
    const { directory, calls, states } = setup();
    expect(directory.state).toEqual({ wallets: [], loading: false, error: undefined, source: 'catalogue' });
    const p = directory.load();
    expect(directory.state.loading).toBe(true);
    await p;
    expect(directory.state).toEqual({ wallets: CATALOGUE, loading: false, error: undefined, source: 'catalogue' });
    expect(calls).toHaveLength(0);
    expect(states.some((s) => s.loading)).toBe(true);
  });

  it('load() is idempotent: concurrent and later calls share one load', async () => {
    const { directory, states } = setup();
    const a = directory.load();
    const b = directory.load();
    expect(b).toBe(a);
    await a;
    const before = states.length;
    await directory.load();
    expect(states.length).toBe(before);
    expect(directory.state.wallets).toBe(CATALOGUE);
  });

  it('reads every page of the remote directory with the query parameters, publishing after each page', async () => {
    const all = remoteWallets(250);
    const { directory, calls, states } = setup({ walletDirectoryUrl: `${URL_BASE}/` }, pagedHandler(all));
    await directory.load();
    expect(calls.map((u) => `${u.origin}${u.pathname}`)).toEqual(Array(3).fill(`${URL_BASE}/getWallets`));
    expect(calls.map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '3']);
    for (const u of calls) {
      expect(u.searchParams.get('entries')).toBe('100');
      expect(u.searchParams.get('projectId')).toBe('p1');
      expect(u.searchParams.get('st')).toBe('latchkey');
      expect(u.searchParams.get('sv')).toBe('9.9.9');
    }
    const s = directory.state;
    expect(s).toMatchObject({ source: 'remote', loading: false, error: undefined });
    // remote order first (Rainbow merged with its catalogue entry), then the rest of the catalogue
    expect(s.wallets[0]).toMatchObject({ id: 'me.rainbow', explorerId: 'hash-rainbow', imageUrl: `${URL_BASE}/getWalletImage/rb` });
    expect(s.wallets[1]!.id).toBe('hash-1');
    expect(s.wallets).toHaveLength(250 + CATALOGUE.length - 1);
    expect(s.wallets.at(-1)).toEqual(CATALOGUE.at(-1));
    // the list grew page by page
    const remoteCounts = [...new Set(states.filter((x) => x.source === 'remote').map((x) => x.wallets.length))];
    expect(remoteCounts).toEqual([100 + CATALOGUE.length - 1, 200 + CATALOGUE.length - 1, 250 + CATALOGUE.length - 1]);
  });

  it('stops at an empty page even when count promised more', async () => {
    const { directory, calls } = setup({ walletDirectoryUrl: URL_BASE }, (url) =>
      json({ count: 1000, data: url.searchParams.get('page') === '1' ? remoteWallets(100) : [] }),
    );
    await directory.load();
    expect(calls).toHaveLength(2);
    expect(directory.state).toMatchObject({ source: 'remote', error: undefined });
  });

  it('falls back to the catalogue on an HTTP error, keeping a typed error; the next load() retries', async () => {
    let fail = true;
    const all = remoteWallets(3);
    const { directory, calls } = setup({ walletDirectoryUrl: URL_BASE }, (url) => (fail ? json({}, 503) : pagedHandler(all)(url)));
    await expect(directory.load()).resolves.toBeUndefined();
    const s = directory.state;
    expect(s.wallets).toBe(CATALOGUE);
    expect(s.source).toBe('catalogue');
    expect(s.loading).toBe(false);
    expect(s.error).toBeInstanceOf(WalletDirectoryError);
    expect(s.error!.shortMessage).toBe('Failed to load the wallet directory');
    const cause = s.error!.walk((e) => e instanceof HttpRequestError) as HttpRequestError;
    expect(cause).toBeInstanceOf(HttpRequestError);
    expect(cause.message).toContain('HTTP status code: 503');

    fail = false;
    await directory.load();
    expect(calls).toHaveLength(2);
    expect(directory.state).toMatchObject({ source: 'remote', error: undefined });
    expect(directory.state.wallets[0]!.id).toBe('me.rainbow');
  });

  it('a network failure is kept as a WalletDirectoryError caused by NetworkRequestError', async () => {
    const { directory } = setup({ walletDirectoryUrl: URL_BASE }, () => {
      throw new TypeError('fetch failed');
    });
    await directory.load();
    expect(directory.state.error?.walk((e) => e instanceof NetworkRequestError)).toBeInstanceOf(NetworkRequestError);
    expect(directory.state.wallets).toBe(CATALOGUE);
  });

  it('a failing later page keeps what was read (data never lost)', async () => {
    const all = remoteWallets(250);
    const { directory } = setup({ walletDirectoryUrl: URL_BASE }, pagedHandler(all, { page: 2, status: 500 }));
    await directory.load();
    const s = directory.state;
    expect(s.source).toBe('remote');
    expect(s.wallets).toHaveLength(100 + CATALOGUE.length - 1);
    expect(s.error).toBeInstanceOf(WalletDirectoryError);
    expect(s.error!.data).toEqual({ url: `${URL_BASE}/getWallets`, page: 2 });
  });

  it('an answer of the wrong shape is an error without losing the catalogue', async () => {
    const { directory } = setup({ walletDirectoryUrl: URL_BASE }, () => json({ wallets: [] }));
    await directory.load();
    expect(directory.state.error?.details).toContain('expected {count, data: [...]}');
    expect(directory.state.wallets).toBe(CATALOGUE);
  });

  it('remembers the first remote page, shown at once on a later visit even when the directory is down', async () => {
    const storage = new MemoryStorage();
    const first = setup({ walletDirectoryUrl: URL_BASE }, pagedHandler(remoteWallets(150)), storage);
    await first.directory.load();
    expect([...storage.map.keys()]).toContain(`@latchkey/${WALLET_DIRECTORY_CACHE_KEY}`);

    const later = setup({ walletDirectoryUrl: URL_BASE }, () => json({}, 500), storage);
    await later.directory.load();
    expect(later.directory.state.source).toBe('remote');
    expect(later.directory.state.wallets).toHaveLength(100 + CATALOGUE.length - 1);
    expect(later.directory.state.error).toBeInstanceOf(WalletDirectoryError);

    // a cache for another directory URL is ignored
    const other = setup({ walletDirectoryUrl: 'https://other.test' }, () => json({}, 500), storage);
    await other.directory.load();
    expect(other.directory.state.wallets).toBe(CATALOGUE);
  });

  it('the loaded catalogue is searchable with searchWallets, best first', async () => {
    const { directory } = setup();
    expect(searchWallets(directory.state.wallets, 'rain')).toEqual([]);
    await directory.load();
    expect(searchWallets(directory.state.wallets, 'rain').map((w) => w.name)).toEqual(['Rainbow']);
    expect(searchWallets(directory.state.wallets, 'io.metamask')[0]!.name).toBe('MetaMask');
    expect(searchWallets(directory.state.wallets, 'wallet').length).toBeGreaterThan(5);
    expect(searchWallets(directory.state.wallets, '').length).toBe(CATALOGUE.length);
  });
});
