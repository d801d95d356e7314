import type { ChainNamespace, ConnectionStatus, RecentWallet } from '../types';
import { Environment, type StorageLike } from './Environment';

export const Storage = Symbol('Storage');

export const MAX_RECENT_WALLETS = 2;

/**
 * A time-limited cache kept in storage (the caches of docs/errors.md#limits-and-timings: portfolio 30 s, native
 * balance 30 s, name 5 min, identity 5 min). Expired entries read as undefined and are
 * pruned on the next access.
 */
export interface TtlCache {
  get<T = unknown>(key: string, guard?: (value: unknown) => value is T): T | undefined;
  set(key: string, value: unknown): void;
  /** One key, or the whole cache. */
  clear(key?: string): void;
}

/**
 * Storage under one prefix. Values are JSON; reads never throw (corrupt, foreign and
 * unreadable values read as undefined), writes never throw (a refused write is kept in
 * memory for the page's life).
 */
export interface ScopedStorage {
  /** False when values live only in memory (no localStorage: a server, a locked-down browser). */
  readonly persistent: boolean;
  get<T = unknown>(key: string, guard?: (value: unknown) => value is T): T | undefined;
  set(key: string, value: unknown): void;
  remove(key: string): void;
  /** The cache `name` whose entries live `ttlMs`. */
  cache(name: string, ttlMs: number): TtlCache;
}

/**
 * Browser storage behind one service. Keys are namespaced (`@latchkey/…`); a plugin
 * gets its own prefix through {@link Storage.scope}. Without storage (server, private
 * mode) it keeps values in memory for the page's life.
 */
export interface Storage extends ScopedStorage {
  /** Storage under `@latchkey/plugin/<pluginId>/` (what a plugin's context hands it). */
  scope(pluginId: string): ScopedStorage;

  recentWallets(): readonly RecentWallet[];
  /** Puts `wallet` first, de-duplicated by id, at most {@link MAX_RECENT_WALLETS}. */
  addRecentWallet(wallet: RecentWallet): void;

  connectionStatus(namespace: ChainNamespace): ConnectionStatus | undefined;
  setConnectionStatus(namespace: ChainNamespace, status: ConnectionStatus): void;
  connectorId(namespace: ChainNamespace): string | undefined;
  setConnectorId(namespace: ChainNamespace, id: string | undefined): void;
  /** Stored active network per namespace (CAIP network id). */
  activeNetwork(namespace: ChainNamespace): string | undefined;
  setActiveNetwork(namespace: ChainNamespace, caipNetworkId: string | undefined): void;
  activeNamespace(): ChainNamespace | undefined;
  setActiveNamespace(namespace: ChainNamespace | undefined): void;
  /** Cached address per namespace (cleared when the stored status is disconnected). */
  cachedAddress(namespace: ChainNamespace): string | undefined;
  setCachedAddress(namespace: ChainNamespace, address: string | undefined): void;
  socialProvider(): string | undefined;
  setSocialProvider(provider: string | undefined): void;
}

/**
 * Longest stored value read (characters of JSON). Something else on the page may have put a
 * huge string under one of our keys; reading it would block the page to parse it, so it
 * reads as absent. Our own values are far smaller.
 */
export const MAX_STORED_CHARS = 512 * 1024;

/** Prefix of every key the kernel writes. */
export const STORAGE_PREFIX = '@latchkey/';

/** Stored keys (without the prefix). */
const STORAGE_KEYS = {
  recentWallets: 'recentWallets',
  activeNamespace: 'activeNamespace',
  socialProvider: 'socialProvider',
  connectionStatus: (ns: ChainNamespace) => `connectionStatus/${ns}`,
  connectorId: (ns: ChainNamespace) => `connectorId/${ns}`,
  activeNetwork: (ns: ChainNamespace) => `activeNetwork/${ns}`,
  cachedAddress: (ns: ChainNamespace) => `address/${ns}`,
  cache: (cache: string) => `cache/${cache}`,
  plugin: (id: string) => `plugin/${id}/`,
} as const;

/**
 * True for the keys of what a reload restores (`readInitialState`): the connection, the
 * networks and the active namespace. `cookieStorage` keeps these in its cookie.
 */
export function isInitialStateKey(fullKey: string): boolean {
  return /^@latchkey\/(activeNamespace|(connectionStatus|connectorId|address|activeNetwork)\/[a-z0-9]{1,16})$/.test(fullKey);
}

const NAMESPACES: readonly string[] = ['eip155', 'solana', 'polkadot', 'bip122'];
const STATUSES: readonly string[] = ['disconnected', 'connecting', 'connected'];

const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';
const isNamespace = (v: unknown): v is ChainNamespace => typeof v === 'string' && NAMESPACES.includes(v);
const isStatus = (v: unknown): v is ConnectionStatus => typeof v === 'string' && STATUSES.includes(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isRecentWallet(v: unknown): v is RecentWallet {
  return (
    isObject(v) &&
    isString(v.id) &&
    typeof v.name === 'string' &&
    (v.rdns === undefined || typeof v.rdns === 'string')
  );
}

/** One TTL-cache entry: the value and when it was saved (env.now()). */
interface CacheEntry {
  readonly v: unknown;
  readonly t: number;
}
type CacheRecord = Record<string, CacheEntry>;

const isCacheRecord = (v: unknown): v is CacheRecord => isObject(v);
const isCacheEntry = (v: unknown): v is CacheEntry => isObject(v) && 'v' in v && typeof v.t === 'number';

/**
 * Browser storage for the kernel. Each value is stored as JSON wrapped in
 * `{"v": value}` under `@latchkey/<key>`, so values written by others (or by
 * older versions) are recognised as foreign and read as undefined. Reads never
 * throw. A failed write (quota, private mode turning read-only) is kept in memory
 * for the page's life and warned about once. Without localStorage everything
 * lives in memory (`persistent` false).
 */
export class StorageImpl implements Storage {
  readonly persistent: boolean;
  private readonly backend: StorageLike | undefined;
  /** Values kept in memory: all of them without a backend, else only writes the backend refused. */
  private readonly memory = new Map<string, string>();
  private warned = false;

  constructor(private readonly env: Environment) {
    this.backend = env.localStorage;
    this.persistent = this.backend !== undefined;
  }

  /* ---------- raw, namespaced, wrapped ---------- */

  private readRaw(key: string): string | null {
    const full = STORAGE_PREFIX + key;
    const kept = this.memory.get(full);
    if (kept !== undefined) return kept;
    if (!this.backend) return null;
    try {
      return this.backend.getItem(full);
    } catch {
      return null;
    }
  }

  get<T = unknown>(key: string, guard?: (value: unknown) => value is T): T | undefined {
    const raw = this.readRaw(key);
    if (raw === null || typeof raw !== 'string' || raw.length > MAX_STORED_CHARS) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return undefined;
    }
    if (!isObject(parsed) || !('v' in parsed)) return undefined;
    const value = parsed.v;
    if (value === undefined || value === null) return undefined;
    if (guard && !guard(value)) return undefined;
    return value as T;
  }

  set(key: string, value: unknown): void {
    if (value === undefined) {
      this.remove(key);
      return;
    }
    const full = STORAGE_PREFIX + key;
    let json: string;
    try {
      json = JSON.stringify({ v: value });
    } catch (err) {
      this.warnOnce(`value for "${key}" cannot be stored as JSON`, err);
      return;
    }
    if (json.length > MAX_STORED_CHARS) {
      this.warnOnce(`value for "${key}" is too large to store (${json.length} characters)`, undefined);
      return;
    }
    if (!this.backend) {
      this.memory.set(full, json);
      return;
    }
    try {
      this.backend.setItem(full, json);
      this.memory.delete(full);
    } catch (err) {
      this.memory.set(full, json);
      this.warnOnce('localStorage refused a write; keeping values in memory for this page', err);
    }
  }

  remove(key: string): void {
    const full = STORAGE_PREFIX + key;
    this.memory.delete(full);
    try {
      this.backend?.removeItem(full);
    } catch {
      // nothing to do: the value is unreadable either way
    }
  }

  private warnOnce(message: string, err: unknown): void {
    if (this.warned) return;
    this.warned = true;
    console.warn(`[latchkey] ${message}`, err);
  }

  /* ---------- scopes and TTL caches ---------- */

  scope(pluginId: string): ScopedStorage {
    if (typeof pluginId !== 'string' || pluginId === '' || pluginId.includes('/')) {
      throw new TypeError(`Storage.scope needs a plugin id without '/', got ${JSON.stringify(pluginId)}`);
    }
    return new PrefixedStorage(this, STORAGE_KEYS.plugin(pluginId), () => this.env.now());
  }

  cache(name: string, ttlMs: number): TtlCache {
    return new StoredTtlCache(this, STORAGE_KEYS.cache(name), ttlMs, () => this.env.now());
  }

  /* ---------- recent wallets ---------- */

  recentWallets(): readonly RecentWallet[] {
    const stored = this.get(STORAGE_KEYS.recentWallets, Array.isArray) as unknown[] | undefined;
    if (!stored) return [];
    const out: RecentWallet[] = [];
    for (const w of stored) {
      if (!isRecentWallet(w) || out.some((o) => o.id === w.id)) continue;
      out.push(w.rdns === undefined ? { id: w.id, name: w.name } : { id: w.id, name: w.name, rdns: w.rdns });
      if (out.length === MAX_RECENT_WALLETS) break;
    }
    return out;
  }

  addRecentWallet(wallet: RecentWallet): void {
    if (!isRecentWallet(wallet)) return;
    const rest = this.recentWallets().filter((w) => w.id !== wallet.id);
    this.set(STORAGE_KEYS.recentWallets, [wallet, ...rest].slice(0, MAX_RECENT_WALLETS));
  }

  /* ---------- per-namespace connection data ---------- */

  connectionStatus(namespace: ChainNamespace): ConnectionStatus | undefined {
    return this.get(STORAGE_KEYS.connectionStatus(namespace), isStatus);
  }

  /** Storing 'disconnected' also forgets the cached address (docs/connection.md#restoring-at-startup). */
  setConnectionStatus(namespace: ChainNamespace, status: ConnectionStatus): void {
    this.set(STORAGE_KEYS.connectionStatus(namespace), status);
    if (status === 'disconnected') this.remove(STORAGE_KEYS.cachedAddress(namespace));
  }

  connectorId(namespace: ChainNamespace): string | undefined {
    return this.get(STORAGE_KEYS.connectorId(namespace), isString);
  }

  setConnectorId(namespace: ChainNamespace, id: string | undefined): void {
    this.set(STORAGE_KEYS.connectorId(namespace), id || undefined);
  }

  activeNetwork(namespace: ChainNamespace): string | undefined {
    return this.get(STORAGE_KEYS.activeNetwork(namespace), isString);
  }

  setActiveNetwork(namespace: ChainNamespace, caipNetworkId: string | undefined): void {
    this.set(STORAGE_KEYS.activeNetwork(namespace), caipNetworkId || undefined);
  }

  activeNamespace(): ChainNamespace | undefined {
    return this.get(STORAGE_KEYS.activeNamespace, isNamespace);
  }

  setActiveNamespace(namespace: ChainNamespace | undefined): void {
    this.set(STORAGE_KEYS.activeNamespace, namespace);
  }

  cachedAddress(namespace: ChainNamespace): string | undefined {
    return this.get(STORAGE_KEYS.cachedAddress(namespace), isString);
  }

  setCachedAddress(namespace: ChainNamespace, address: string | undefined): void {
    this.set(STORAGE_KEYS.cachedAddress(namespace), address || undefined);
  }

  socialProvider(): string | undefined {
    return this.get(STORAGE_KEYS.socialProvider, isString);
  }

  setSocialProvider(provider: string | undefined): void {
    this.set(STORAGE_KEYS.socialProvider, provider || undefined);
  }
}

/** A {@link ScopedStorage} that prefixes every key; caches live under the prefix too. */
class PrefixedStorage implements ScopedStorage {
  constructor(
    private readonly base: StorageImpl,
    private readonly prefix: string,
    private readonly now: () => number,
  ) {}

  get persistent(): boolean {
    return this.base.persistent;
  }

  get<T = unknown>(key: string, guard?: (value: unknown) => value is T): T | undefined {
    return this.base.get(this.prefix + key, guard);
  }

  set(key: string, value: unknown): void {
    this.base.set(this.prefix + key, value);
  }

  remove(key: string): void {
    this.base.remove(this.prefix + key);
  }

  cache(name: string, ttlMs: number): TtlCache {
    return new StoredTtlCache(this, STORAGE_KEYS.cache(name), ttlMs, this.now);
  }
}

/**
 * One TTL cache: a record `{ key: { v, t } }` stored under one storage key. `t` is when
 * the entry was saved (env.now()); an entry older than the TTL, or from the future (a
 * clock moved back), is dropped.
 */
class StoredTtlCache implements TtlCache {
  constructor(
    private readonly storage: ScopedStorage,
    private readonly key: string,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {
    if (!(ttlMs > 0)) throw new RangeError(`A cache needs a positive TTL, got ${ttlMs}`);
  }

  private live(): { record: CacheRecord; pruned: boolean } {
    const stored = this.storage.get(this.key, isCacheRecord) ?? {};
    const now = this.now();
    const record: CacheRecord = Object.create(null) as CacheRecord;
    let pruned = false;
    for (const [k, entry] of Object.entries(stored)) {
      if (isCacheEntry(entry) && now - entry.t < this.ttlMs && entry.t <= now) record[k] = entry;
      else pruned = true;
    }
    return { record, pruned };
  }

  private write(record: CacheRecord): void {
    if (Object.keys(record).length === 0) this.storage.remove(this.key);
    else this.storage.set(this.key, record);
  }

  get<T = unknown>(key: string, guard?: (value: unknown) => value is T): T | undefined {
    const { record, pruned } = this.live();
    if (pruned) this.write(record);
    const entry = Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
    if (entry === undefined) return undefined;
    return guard && !guard(entry.v) ? undefined : (entry.v as T);
  }

  set(key: string, value: unknown): void {
    const { record } = this.live();
    if (value === undefined) delete record[key];
    else record[key] = { v: value, t: this.now() };
    this.write(record);
  }

  clear(key?: string): void {
    if (key === undefined) {
      this.storage.remove(this.key);
      return;
    }
    const { record } = this.live();
    delete record[key];
    this.write(record);
  }
}
