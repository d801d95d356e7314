import { createEnvironment, type StorageLike } from './Environment';
import { MAX_STORED_CHARS, STORAGE_PREFIX, StorageImpl } from './Storage';

class MapStorage implements StorageLike {
  readonly map = new Map<string, string>();
  failWrites = false;
  getItem(k: string) {
    return this.map.has(k) ? this.map.get(k)! : null;
  }
  setItem(k: string, v: string) {
    if (this.failWrites) {
      const e = new Error('The quota has been exceeded.');
      e.name = 'QuotaExceededError';
      throw e;
    }
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

function setup(opts: { storage?: StorageLike | undefined; now?: () => number } = {}) {
  const backing = 'storage' in opts ? opts.storage : new MapStorage();
  let t = 1_000_000;
  const env = createEnvironment({ window: undefined, localStorage: backing, now: opts.now ?? (() => t) });
  const storage = new StorageImpl(env);
  return { storage, backing: backing as MapStorage, advance: (ms: number) => (t += ms) };
}

describe('StorageImpl basics', () => {
  it('namespaces keys and wraps JSON values', () => {
    const { storage, backing } = setup();
    storage.set('foo', { a: 1 });
    expect(backing.map.get(`${STORAGE_PREFIX}foo`)).toBe('{"v":{"a":1}}');
    expect(STORAGE_PREFIX).toBe('@latchkey/');
    expect(storage.get('foo')).toEqual({ a: 1 });
    expect(storage.persistent).toBe(true);
    storage.remove('foo');
    expect(backing.map.size).toBe(0);
    expect(storage.get('foo')).toBeUndefined();
  });

  it('reads corrupt, foreign or wrongly shaped values as undefined without throwing', () => {
    const { storage, backing } = setup();
    backing.map.set('@latchkey/bad', '{not json');
    backing.map.set('@latchkey/foreign', '"plain string"');
    backing.map.set('@latchkey/other', '{"value":1}');
    backing.map.set('@latchkey/num', '{"v":5}');
    expect(storage.get('bad')).toBeUndefined();
    expect(storage.get('foreign')).toBeUndefined();
    expect(storage.get('other')).toBeUndefined();
    expect(storage.get('num', (v): v is string => typeof v === 'string')).toBeUndefined();
    expect(storage.get('num', (v): v is number => typeof v === 'number')).toBe(5);
  });

  it('does not throw when getItem throws', () => {
    const throwing: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
      removeItem: () => {},
    };
    const { storage } = setup({ storage: throwing });
    expect(storage.get('x')).toBeUndefined();
    expect(storage.recentWallets()).toEqual([]);
  });

  it('setting undefined removes the key', () => {
    const { storage, backing } = setup();
    storage.set('k', 1);
    storage.set('k', undefined);
    expect(backing.map.size).toBe(0);
  });

  it('swallows quota errors, warns once and keeps the value in memory', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const { storage, backing } = setup();
      backing.failWrites = true;
      expect(() => storage.set('a', 1)).not.toThrow();
      expect(() => storage.set('b', 2)).not.toThrow();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(storage.get('a')).toBe(1);
      expect(storage.get('b')).toBe(2);
      backing.failWrites = false;
      storage.set('a', 3);
      expect(backing.map.get('@latchkey/a')).toBe('{"v":3}');
      expect(storage.get('a')).toBe(3);
    } finally {
      warn.mockRestore();
    }
  });

  it('keeps values in memory when there is no localStorage', () => {
    const { storage } = setup({ storage: undefined });
    expect(storage.persistent).toBe(false);
    storage.set('x', [1, 2]);
    expect(storage.get('x')).toEqual([1, 2]);
    storage.setActiveNamespace('solana');
    expect(storage.activeNamespace()).toBe('solana');
    storage.remove('x');
    expect(storage.get('x')).toBeUndefined();
  });

  it('a second instance over the same storage sees the values (persistence)', () => {
    const backing = new MapStorage();
    setup({ storage: backing }).storage.setConnectorId('eip155', 'io.metamask');
    expect(setup({ storage: backing }).storage.connectorId('eip155')).toBe('io.metamask');
  });
});

describe('TTL caches', () => {
  it('returns a value until its TTL has passed, then removes it', () => {
    const { storage, backing, advance } = setup();
    const portfolio = storage.cache('portfolio', 30_000);
    portfolio.set('0xabc', [{ symbol: 'ETH' }]);
    advance(29_999);
    expect(portfolio.get('0xabc')).toEqual([{ symbol: 'ETH' }]);
    advance(1);
    expect(portfolio.get('0xabc')).toBeUndefined();
    expect(backing.map.has('@latchkey/cache/portfolio')).toBe(false);
  });

  it('keeps each cache its own TTL', () => {
    const { storage, advance } = setup();
    const name = storage.cache('name', 300_000);
    const balance = storage.cache('nativeBalance', 30_000);
    name.set('a', 'alice.eth');
    balance.set('a', '1.5');
    advance(30_000);
    expect(balance.get('a')).toBeUndefined();
    expect(name.get('a')).toBe('alice.eth');
    advance(270_000);
    expect(name.get('a')).toBeUndefined();
  });

  it('removes only expired entries on read', () => {
    const { storage, backing, advance } = setup();
    const portfolio = storage.cache('portfolio', 30_000);
    portfolio.set('old', 1);
    advance(20_000);
    portfolio.set('new', 2);
    advance(15_000);
    expect(portfolio.get('new')).toBe(2);
    const stored = JSON.parse(backing.map.get('@latchkey/cache/portfolio')!);
    expect(Object.keys(stored.v)).toEqual(['new']);
  });

  it('clears one key or a whole cache, ignores malformed entries, and checks values with a guard', () => {
    const { storage, backing } = setup();
    const name = storage.cache('name', 300_000);
    name.set('a', 1);
    name.set('b', 2);
    name.clear('a');
    expect(name.get('a')).toBeUndefined();
    expect(name.get('b')).toBe(2);
    expect(name.get('b', (v): v is string => typeof v === 'string')).toBeUndefined();
    name.clear();
    expect(name.get('b')).toBeUndefined();
    backing.map.set('@latchkey/cache/name', JSON.stringify({ v: { x: 'no entry shape', y: { v: 1, t: 'later' } } }));
    expect(name.get('x')).toBeUndefined();
    expect(name.get('y')).toBeUndefined();
    expect(name.get('toString')).toBeUndefined();
  });

  it('refuses a cache without a positive TTL', () => {
    const { storage } = setup();
    expect(() => storage.cache('x', 0)).toThrow(RangeError);
  });
});

describe('scopes', () => {
  it("keep a plugin's keys and caches under its own prefix, apart from the kernel's and other plugins'", () => {
    const { storage, backing, advance } = setup();
    const a = storage.scope('alpha');
    const b = storage.scope('beta');
    a.set('k', 1);
    b.set('k', 2);
    storage.set('k', 3);
    expect([a.get('k'), b.get('k'), storage.get('k')]).toEqual([1, 2, 3]);
    a.cache('lookups', 1000).set('x', 'y');
    expect(b.cache('lookups', 1000).get('x')).toBeUndefined();
    expect(backing.map.has('@latchkey/plugin/alpha/cache/lookups')).toBe(true);
    advance(1000);
    expect(a.cache('lookups', 1000).get('x')).toBeUndefined();
    a.remove('k');
    expect(a.get('k')).toBeUndefined();
    expect(b.get('k')).toBe(2);
  });

  it('refuses an id that could reach another scope', () => {
    const { storage } = setup();
    expect(() => storage.scope('')).toThrow(TypeError);
    expect(() => storage.scope('a/../b')).toThrow(TypeError);
  });
});

describe('recent wallets', () => {
  it('keeps at most 2, newest first, de-duplicated by id', () => {
    const { storage } = setup();
    storage.addRecentWallet({ id: 'a', name: 'A' });
    storage.addRecentWallet({ id: 'b', name: 'B', rdns: 'io.b' });
    storage.addRecentWallet({ id: 'a', name: 'A2' });
    expect(storage.recentWallets()).toEqual([
      { id: 'a', name: 'A2' },
      { id: 'b', name: 'B', rdns: 'io.b' },
    ]);
    storage.addRecentWallet({ id: 'c', name: 'C' });
    expect(storage.recentWallets().map((w) => w.id)).toEqual(['c', 'a']);
  });

  it('filters malformed stored lists', () => {
    const { storage, backing } = setup();
    backing.map.set(
      '@latchkey/recentWallets',
      JSON.stringify({ v: [null, { id: 1, name: 'x' }, { id: 'ok', name: 'Ok', extra: true }, { id: 'ok', name: 'dup' }, 'str', { id: 'z', name: 'Z', rdns: 5 }, { id: 'y', name: 'Y' }] }),
    );
    expect(storage.recentWallets()).toEqual([
      { id: 'ok', name: 'Ok' },
      { id: 'y', name: 'Y' },
    ]);
    backing.map.set('@latchkey/recentWallets', JSON.stringify({ v: { not: 'a list' } }));
    expect(storage.recentWallets()).toEqual([]);
  });
});

describe('per-namespace connection data', () => {
  it('stores status, connector, network and address per namespace', () => {
    const { storage } = setup();
    storage.setConnectionStatus('eip155', 'connected');
    storage.setConnectorId('eip155', 'io.metamask');
    storage.setActiveNetwork('eip155', 'eip155:1');
    storage.setCachedAddress('eip155', '0xabc');
    storage.setActiveNetwork('solana', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
    expect(storage.connectionStatus('eip155')).toBe('connected');
    expect(storage.connectorId('eip155')).toBe('io.metamask');
    expect(storage.activeNetwork('eip155')).toBe('eip155:1');
    expect(storage.cachedAddress('eip155')).toBe('0xabc');
    expect(storage.connectionStatus('solana')).toBeUndefined();
    expect(storage.activeNetwork('solana')).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
    storage.setConnectorId('eip155', undefined);
    expect(storage.connectorId('eip155')).toBeUndefined();
  });

  it('storing disconnected forgets the cached address', () => {
    const { storage } = setup();
    storage.setCachedAddress('solana', 'So1');
    storage.setConnectionStatus('solana', 'disconnected');
    expect(storage.cachedAddress('solana')).toBeUndefined();
    expect(storage.connectionStatus('solana')).toBe('disconnected');
  });

  it('rejects foreign values for typed keys', () => {
    const { storage, backing } = setup();
    backing.map.set('@latchkey/connectionStatus/eip155', '{"v":"weird"}');
    backing.map.set('@latchkey/activeNamespace', '{"v":"cosmos"}');
    backing.map.set('@latchkey/socialProvider', '{"v":42}');
    expect(storage.connectionStatus('eip155')).toBeUndefined();
    expect(storage.activeNamespace()).toBeUndefined();
    expect(storage.socialProvider()).toBeUndefined();
  });

  it('stores the active namespace and social provider', () => {
    const { storage } = setup();
    storage.setActiveNamespace('bip122');
    storage.setSocialProvider('google');
    expect(storage.activeNamespace()).toBe('bip122');
    expect(storage.socialProvider()).toBe('google');
    storage.setSocialProvider(undefined);
    storage.setActiveNamespace(undefined);
    expect(storage.socialProvider()).toBeUndefined();
    expect(storage.activeNamespace()).toBeUndefined();
  });
});

describe('hostile or broken storage', () => {
  it('reads an oversized value under our key as absent (no parse), and refuses to write one', () => {
    const { storage, backing } = setup();
    backing.map.set(`${STORAGE_PREFIX}connectorId/eip155`, JSON.stringify({ v: 'x'.repeat(MAX_STORED_CHARS) }));
    expect(storage.connectorId('eip155')).toBeUndefined();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    storage.set('big', 'y'.repeat(MAX_STORED_CHARS));
    expect(backing.map.has(`${STORAGE_PREFIX}big`)).toBe(false);
    expect(storage.get('big')).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('survives a backend whose every method throws', () => {
    const broken: StorageLike = {
      getItem: () => { throw new Error('SecurityError'); },
      setItem: () => { throw new Error('SecurityError'); },
      removeItem: () => { throw new Error('SecurityError'); },
    };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { storage } = setup({ storage: broken });
    expect(() => storage.setConnectorId('eip155', 'io.x')).not.toThrow();
    expect(storage.connectorId('eip155')).toBe('io.x'); // kept in memory for the page
    expect(() => storage.remove('anything')).not.toThrow();
    expect(() => storage.cache('c', 1000).set('k', 1)).not.toThrow();
    warn.mockRestore();
  });
});
