import { act, render, screen } from '@testing-library/react';
import { Store } from '../../kernel/store';
import { shallowEqual, useObserved } from './useObserved';

interface S {
  readonly a: number;
  readonly b: number;
  readonly list: readonly number[];
}

describe('useObserved', () => {
  it('re-renders on every state change without a selector', () => {
    const store = new Store<S>({ a: 1, b: 1, list: [] });
    let renders = 0;
    function C() {
      renders++;
      const s = useObserved(store);
      return <span data-testid="v">{s.a + s.b}</span>;
    }
    render(<C />);
    const before = renders;
    act(() => store.patch({ b: 2 }));
    expect(screen.getByTestId('v').textContent).toBe('3');
    expect(renders).toBe(before + 1);
  });

  it('with a selector, re-renders only when the selected value changes', () => {
    const store = new Store<S>({ a: 1, b: 1, list: [] });
    let renders = 0;
    function C() {
      renders++;
      const a = useObserved(store, (s) => s.a);
      return <span data-testid="v">{a}</span>;
    }
    render(<C />);
    const before = renders;
    act(() => store.patch({ b: 5 }));
    expect(renders).toBe(before);
    act(() => store.patch({ a: 7 }));
    expect(screen.getByTestId('v').textContent).toBe('7');
    expect(renders).toBe(before + 1);
  });

  it('a selector building a new array each time does not loop when given an equality', () => {
    const store = new Store<S>({ a: 1, b: 1, list: [1, 2, 3] });
    let renders = 0;
    function C() {
      renders++;
      const evens = useObserved(store, (s) => s.list.filter((n) => n % 2 === 0), shallowEqual);
      return <span data-testid="v">{evens.join(',')}</span>;
    }
    render(<C />);
    const before = renders;
    act(() => store.patch({ list: [1, 2, 3, 5] })); // same evens
    expect(renders).toBe(before);
    act(() => store.patch({ list: [2, 4] }));
    expect(screen.getByTestId('v').textContent).toBe('2,4');
  });
});
