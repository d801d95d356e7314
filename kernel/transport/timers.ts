import { RequestAbortedError } from '../errors/transport';

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

/** Resolves after `ms`; rejects with RequestAbortedError as soon as any signal aborts. */
export function sleep(ms: number, timers: Timers, ...signals: (AbortSignal | undefined)[]): Promise<void> {
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
    }, ms);
    for (const s of live) s.addEventListener('abort', onAbort, { once: true });
  });
}

/** An AbortController that aborts when any of `signals` does; `unlink` removes the listeners. */
export function linkSignals(...signals: (AbortSignal | undefined)[]): { controller: AbortController; unlink: () => void } {
  const controller = new AbortController();
  const live = signals.filter((s): s is AbortSignal => s !== undefined);
  const onAbort = (): void => controller.abort();
  for (const s of live) {
    if (s.aborted) controller.abort();
    else s.addEventListener('abort', onAbort, { once: true });
  }
  return { controller, unlink: () => live.forEach((s) => s.removeEventListener('abort', onAbort)) };
}
