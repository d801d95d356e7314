/** A windowed list: only the rows in view (and a few around them) are rendered, whatever the list's length. */
import { useCallback, useEffect, useRef, useState, type RefCallback, type UIEvent } from 'react';

/** Height of one row in px (a 56 px wallet button and an 8 px gap). Fixed: the window is computed from it. */
export const ROW_HEIGHT = 64;
/** Rows rendered above and below the visible ones. */
export const OVERSCAN = 4;
/** Height of the scrolling list in px (six rows) until the element can be measured. */
export const LIST_HEIGHT = ROW_HEIGHT * 6;

/* ------------------------------------------------------------------------------------------------
 * Windowing
 * --------------------------------------------------------------------------------------------- */

export interface WindowedList {
  /** Callback ref for the scroll container. */
  readonly ref: RefCallback<HTMLElement>;
  readonly onScroll: (e: UIEvent<HTMLElement>) => void;
  /** First rendered index (inclusive). */
  readonly start: number;
  /** Last rendered index (exclusive). */
  readonly end: number;
  readonly totalHeight: number;
  /** Scrolls just enough to show row `index`. */
  scrollToIndex(index: number): void;
  /** Scrolls back to the top (e.g. when the list changes). */
  reset(): void;
}

/**
 * Renders only the rows in view (plus `overscan` on each side) of a list of
 * `count` rows of a fixed `rowHeight`. The container's height is measured
 * (and followed with ResizeObserver when there is one); `viewportHeight` is
 * used until then. The scroll position survives the container being unmounted
 * and mounted again.
 */
export function useWindowedList({
  count,
  rowHeight,
  overscan = OVERSCAN,
  viewportHeight = LIST_HEIGHT,
}: {
  count: number;
  rowHeight: number;
  overscan?: number;
  viewportHeight?: number;
}): WindowedList {
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(viewportHeight);
  const el = useRef<HTMLElement | null>(null);
  const top = useRef(0);
  const observer = useRef<ResizeObserver | null>(null);
  top.current = scrollTop;

  const ref = useCallback<RefCallback<HTMLElement>>((node) => {
    observer.current?.disconnect();
    observer.current = null;
    el.current = node;
    if (!node) return;
    if (node.scrollTop !== top.current) node.scrollTop = top.current;
    const measure = () => {
      if (node.clientHeight > 0) setViewport(node.clientHeight);
    };
    measure();
    if (typeof ResizeObserver !== 'undefined') {
      observer.current = new ResizeObserver(measure);
      observer.current.observe(node);
    }
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);

  const onScroll = useCallback((e: UIEvent<HTMLElement>) => setScrollTop(e.currentTarget.scrollTop), []);
  const maxTop = Math.max(0, count * rowHeight - viewport);
  const clamped = Math.min(scrollTop, maxTop);
  const start = Math.max(0, Math.min(count, Math.floor(clamped / rowHeight) - overscan));
  const end = Math.min(count, Math.ceil((clamped + viewport) / rowHeight) + overscan);

  const scrollToIndex = useCallback(
    (index: number) => {
      const node = el.current;
      const current = node ? node.scrollTop : top.current;
      const rowTop = index * rowHeight;
      let next = current;
      if (rowTop < current) next = rowTop;
      else if (rowTop + rowHeight > current + viewport) next = rowTop + rowHeight - viewport;
      if (node) node.scrollTop = next;
      setScrollTop(next);
    },
    [rowHeight, viewport],
  );
  const reset = useCallback(() => {
    if (el.current) el.current.scrollTop = 0;
    setScrollTop(0);
  }, []);
  return { ref, onScroll, start, end, totalHeight: count * rowHeight, scrollToIndex, reset };
}

/* ------------------------------------------------------------------------------------------------
 * Pieces
 * --------------------------------------------------------------------------------------------- */
