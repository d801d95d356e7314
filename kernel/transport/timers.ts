import { RequestAbortedError } from '../errors/request';

/** Timer functions a transport uses; defaults read the globals at call time (so jest fake timers apply). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export const defaultNow = (): number => Date.now();

/**
 * Resolves after `ms` (clamped to 0..MAX_TIMER_MS, so an overflowing delay never
 * fires at once); rejects with RequestAbortedError as soon as any signal aborts.
 */
export function sleep(ms: number, timers: Timers, ...signals: (AbortSignal | undefined)[]): Promise<void> {
  const delay = Number.isNaN(ms) ? 0 : Math.min(Math.max(0, ms), MAX_TIMER_MS);
  return new Promise<void>((resolve, reject) => {
    const live = signals.filter((s): s is AbortSignal => s !== undefined);
    if (live.some((s) => s.aborted)) {
      reject(new RequestAbortedError());
      return;
    }
    const onAbort = (): void => {
      timers.clearTimeout(handle);
      for (const s of live) s.removeEventListener('abort', onAbort);
      reject(new RequestAbortedError());
    };
    const handle = timers.setTimeout(() => {
      for (const s of live) s.removeEventListener('abort', onAbort);
      resolve();
    }, delay);
    for (const s of live) s.addEventListener('abort', onAbort, { once: true });
  });
}

/** An AbortController that aborts when any of `signals` does; `unlink` removes the listeners. */
export function linkSignals(...signals: (AbortSignal | undefined)[]): { controller: AbortController; unlink: () => void } {
  const controller = new AbortController();
  const live = signals.filter((s): s is AbortSignal => s !== undefined);
  // The first signal's reason carries over (an abort() without one builds a DOMException and its stack).
  const onAbort = (event: Event): void => controller.abort((event.target as AbortSignal).reason);
  for (const s of live) {
    if (s.aborted) controller.abort(s.reason);
    else s.addEventListener('abort', onAbort, { once: true });
  }
  return { controller, unlink: () => live.forEach((s) => s.removeEventListener('abort', onAbort)) };
}

/** The longest delay setTimeout honours (longer ones fire at once). */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * Checks a duration option: a finite number of ms in [min, MAX_TIMER_MS].
 * `undefined` gives `fallback`; anything else throws a RangeError naming the option.
 */
export function durationOption(name: string, value: unknown, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > MAX_TIMER_MS) {
    throw new RangeError(`${name} must be a number of milliseconds from ${min} to ${MAX_TIMER_MS} (got ${String(value)})`);
  }
  return value;
}

/** Checks a count option: an integer in [min, max]; `undefined` gives `fallback`. */
export function countOption(name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max} (got ${String(value)})`);
  }
  return value;
}
