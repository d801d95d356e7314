/**
 * Test kit: the outcome of a promise as a value, so that a rejection can be asserted after fake
 * timers ran, without an unhandled rejection. `error` is undefined when it resolved (so an
 * instanceof check on it fails).
 */
export type Settled<T> = { ok: true; value: T; error?: undefined } | { ok: false; value?: undefined; error: any };

export function settle<T>(p: Promise<T>): Promise<Settled<T>> {
  return p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}
