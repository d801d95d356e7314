import { useCallback, useContext, useRef, useSyncExternalStore, type MutableRefObject } from 'react';
import type { Observed } from '../../kernel/index';
import { ServerSnapshotContext } from './context';

type Selector<S, T> = (state: S) => T;
type Memoised<S, T> = { state: S; fn: Selector<S, T>; value: T };
type Memo<S, T> = MutableRefObject<Memoised<S, T> | null>;

/** `fn(state)`, the same value as last time while the state (or the selected value, by `isEqual`) is the same. */
function selectMemo<S, T>(memo: Memo<S, T>, state: S, fn: Selector<S, T>, isEqual: (a: T, b: T) => boolean): T {
  const last = memo.current;
  if (last && last.fn === fn && Object.is(last.state, state)) return last.value;
  const value = fn(state);
  if (last && isEqual(last.value, value)) {
    memo.current = { state, fn, value: last.value };
    return last.value;
  }
  memo.current = { state, fn, value };
  return value;
}

/**
 * Reads a kernel service's state (an {@link Observed}) through
 * `useSyncExternalStore`. With a selector the component re-renders only when
 * the selected value changes (`isEqual`, default `Object.is`); the result is
 * memoised per state object so `getSnapshot` is stable between renders.
 *
 * The server snapshot (what a server renders, and what React renders while it hydrates) is the
 * state the server had: LatchkeyProvider's (the kernel's `serverState`, with its `initialState`)
 * for the services whose state the browser's storage changes at startup, the current state for
 * the others. So the hydration equals the server's HTML; React then renders the page's own
 * state (a connection restored from this browser's storage). Without hydration (a client-only
 * app) the page's state is rendered from the first render on.
 */
export function useObserved<S>(observed: Observed<S>): S;
export function useObserved<S, T>(observed: Observed<S>, selector: Selector<S, T>, isEqual?: (a: T, b: T) => boolean): T;
export function useObserved<S, T>(
  observed: Observed<S>,
  selector?: Selector<S, T>,
  isEqual: (a: T, b: T) => boolean = Object.is,
): S | T {
  const serverSnapshots = useContext(ServerSnapshotContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      // state$ replays the current value synchronously; React compares snapshots, so that is harmless.
      const sub = observed.state$.subscribe(() => onChange());
      return () => sub.unsubscribe();
    },
    [observed],
  );
  const memo = useRef<Memoised<S, T> | null>(null);
  const serverMemo = useRef<Memoised<S, T> | null>(null);
  const select = useRef(selector);
  select.current = selector;
  const getSnapshot = (): S | T => {
    const fn = select.current;
    return fn ? selectMemo(memo, observed.state, fn, isEqual) : observed.state;
  };
  const getServerSnapshot = (): S | T => {
    const state = (serverSnapshots?.(observed) as S | undefined) ?? observed.state;
    const fn = select.current;
    return fn ? selectMemo(serverMemo, state, fn, isEqual) : state;
  };
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/** Shallow equality of arrays / plain objects, for selectors that build new containers. */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
