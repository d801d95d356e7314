import { Store } from './store';

describe('Store', () => {
  it('emits the current state on subscribe and on each change', () => {
    const s = new Store({ a: 1, b: 'x' });
    const seen: number[] = [];
    const sub = s.state$.subscribe((v) => seen.push(v.a));
    s.patch({ a: 2 });
    s.patch((st) => ({ a: st.a + 1 }));
    sub.unsubscribe();
    expect(seen).toEqual([1, 2, 3]);
    expect(s.state).toEqual({ a: 3, b: 'x' });
  });

  it('does not emit when a patch changes nothing', () => {
    const s = new Store({ a: 1 });
    let n = 0;
    s.state$.subscribe(() => n++);
    const before = s.state;
    s.patch({ a: 1 });
    expect(n).toBe(1);
    expect(s.state).toBe(before);
  });

  it('select emits distinct projected values only', () => {
    const s = new Store({ a: 1, b: 1 });
    const seen: number[] = [];
    s.select((st) => st.a).subscribe((v) => seen.push(v));
    s.patch({ b: 2 });
    s.patch({ a: 5 });
    expect(seen).toEqual([1, 5]);
  });
});
