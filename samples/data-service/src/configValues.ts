/**
 * The value checks of the configuration (config.ts), over the shared reader
 * (samples/shared/env.mjs): each throws an EnvError (a ConfigError) that names the entry (and its
 * environment variable) and says what was expected. Here every value is required.
 */
import { EnvError, integer, url } from '../../shared/env.mjs';

/** An integer in [min, max] (a number, or its decimal text from the environment). */
export function int(value: unknown, what: string, min: number, max: number): number {
  const n = integer(value, what, { min, max });
  if (n === undefined) throw new EnvError(what, `an integer from ${min} to ${max}`, value);
  return n;
}

/** A URL of one of `protocols` (e.g. 'ws:'), without trailing slashes. */
export function urlOf(value: unknown, what: string, protocols: readonly string[]): string {
  const u = url(value, what, { protocols });
  if (u === undefined) throw new EnvError(what, 'a URL', value);
  return u.replace(/\/+$/, '');
}

/** An http(s) URL, without trailing slashes. */
export const httpUrl = (value: unknown, what: string) => urlOf(value, what, ['http:', 'https:']);
