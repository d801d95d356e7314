import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Observed } from '../../kernel/index';

type Selector<S, T> = (state: S) => T;

/**
 * Reads a kernel service's state (an {@link Observed}) through
 * `useSyncExternalStore`. With a selector the component re-renders only when
 * the selected value changes (`isEqual`, default `Object.is`); the result is
 * memoised per state object so `getSnapshot` is stable between renders.
 * The server snapshot is the same current state, so SSR and hydration agree.
 */
export function useObserved<S>(observed: Observed<S>): S;
export function useObserved<S, T>(observed: Observed<S>, selector: Selector<S, T>, isEqual?: (a: T, b: T) => boolean): T;
export function useObserved<S, T>(
  observed: Observed<S>,
  selector?: Selector<S, T>,
  isEqual: (a: T, b: T) => boolean = Object.is,
): S | T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      // state$ replays the current value synchronously; React compares snapshots, so that is harmless.
      const sub = observed.state$.subscribe(() => onChange());
      return () => sub.unsubscribe();
    },
    [observed],
  );
  const memo = useRef<{ state: S; fn: Selector<S, T>; value: T } | null>(null);
  const select = useRef(selector);
  select.current = selector;
  const getSnapshot = (): S | T => {
    const state = observed.state;
    const fn = select.current;
    if (!fn) return state;
    const last = memo.current;
    if (last && last.fn === fn && Object.is(last.state, state)) return last.value;
    const value = fn(state);
    if (last && isEqual(last.value, value)) {
      memo.current = { state, fn, value: last.value };
      return last.value;
    }
    memo.current = { state, fn, value };
    return value;
  };
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Shallow equality of arrays / plain objects, for selectors that build new containers. */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
