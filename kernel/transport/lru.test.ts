import { LruMap } from './lru';

describe('LruMap', () => {
  it('evicts the least recently used entry past its capacity', () => {
    const m = new LruMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    expect(m.get('a')).toBe(1); // a is now the most recent
    expect(m.set('c', 3)).toEqual(['b', 2]);
    expect([...m.keys()]).toEqual(['a', 'c']);
    expect(m.size).toBe(2);
  });

  it('peek does not refresh; delete and clear remove', () => {
    const m = new LruMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    expect(m.peek('a')).toBe(1);
    m.set('c', 3);
    expect(m.has('a')).toBe(false);
    expect(m.delete('b')).toBe(true);
    m.clear();
    expect(m.size).toBe(0);
    expect(() => new LruMap(0)).toThrow(RangeError);
  });
});
