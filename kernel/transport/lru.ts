/**
 * A Map bounded to `capacity` entries that evicts the least recently used one.
 * `get` and `set` count as use; `peek` does not.
 */
export class LruMap<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError('LruMap capacity must be at least 1');
  }

  get size(): number {
    return this.map.size;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key) as V;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  /** Inserts or refreshes `key`; returns the evicted entry, if any. */
  set(key: K, value: V): [K, V] | undefined {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size <= this.capacity) return undefined;
    const oldest = this.map.keys().next().value as K;
    const evicted = this.map.get(oldest) as V;
    this.map.delete(oldest);
    return [oldest, evicted];
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  keys(): IterableIterator<K> {
    return this.map.keys();
  }

  values(): IterableIterator<V> {
    return this.map.values();
  }
}
