/**
 * The value checks of the configuration (config.ts): each throws a ConfigError that names the
 * entry (and its environment variable) and says what was expected.
 */
import { ConfigError } from './errors';

/** An integer in [min, max] (a number, or its decimal text from the environment). */
export function int(value: unknown, what: string, min: number, max: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${what}: expected an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return n;
}

/** A URL of one of `protocols` (e.g. 'ws:'), without trailing slashes. */
export function urlOf(value: unknown, what: string, protocols: readonly string[]): string {
  if (typeof value !== 'string') throw new ConfigError(`${what}: expected a URL`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${what}: not a URL: ${JSON.stringify(value)}`);
  }
  if (!protocols.includes(url.protocol)) throw new ConfigError(`${what}: expected ${protocols.map((p) => p.slice(0, -1)).join(' or ')}, got ${url.protocol}`);
  return value.replace(/\/+$/, '');
}

/** An http(s) URL, without trailing slashes. */
export const httpUrl = (value: unknown, what: string) => urlOf(value, what, ['http:', 'https:']);
