/**
 * Storage that lets a server render a returning visitor's connection (Next.js and any other
 * server-rendering host). In the page, `createKernel({ storage: cookieStorage() })` keeps what a
 * reload restores (the connection, the networks, the active namespace: `isInitialStateKey`) in
 * one small cookie, and everything else where the kernel keeps it by default (localStorage,
 * else memory). On the server, `cookieToInitialState(cookieHeader)` reads that cookie back as a
 * `LatchkeyInitialState` for `<LatchkeyProvider initialState>`, so the server's HTML already
 * shows the account button.
 *
 * The cookie is the visitor's own input: every value is checked as the kernel checks its
 * storage (and addresses and ids against a plain character set); a cookie of the wrong shape
 * reads as nothing stored. It is readable by the page's scripts (not HttpOnly) and holds
 * nothing secret: the public address, the wallet's connector id and network ids.
 */
import { createEnvironment, type StorageLike } from './Environment';
import { StorageImpl, STORAGE_PREFIX, isInitialStateKey } from './Storage';
import { readInitialState, type LatchkeyInitialState } from './initialState';

/** The cookie's default name. */
const DEFAULT_COOKIE_NAME = 'latchkey';

/** Longest cookie value read or written (a browser keeps about 4096 bytes per cookie, attributes included). */
const MAX_COOKIE_CHARS = 3800;
const DAY_SECONDS = 86_400;

export interface CookieStorageOptions {
  /** The cookie's name: letters, digits, `_` and `-` (default 'latchkey'). */
  readonly name?: string;
  /** How long the cookie lives, in days (default 365). */
  readonly maxAgeDays?: number;
  /** Default '/'. */
  readonly path?: string;
  readonly domain?: string;
  /** Default 'Lax'. 'None' implies `secure`. */
  readonly sameSite?: 'Lax' | 'Strict' | 'None';
  /** Default: when the page is served over https. */
  readonly secure?: boolean;
}

/** What `cookieToInitialState` reads: the Cookie header, or a cookie store with `get(name)` (Next.js's `cookies()`). */
export type CookieSource = string | null | undefined | { get(name: string): { readonly value: string } | undefined };

function cookieName(name: string | undefined): string {
  const n = name ?? DEFAULT_COOKIE_NAME;
  if (typeof n !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(n)) {
    throw new TypeError(`A cookie name has 1 to 64 letters, digits, '_' or '-', got ${JSON.stringify(n)}`);
  }
  return n;
}

/** The value of cookie `name` in a Cookie header (`a=1; b=2`), undefined when absent. */
function valueIn(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The stored values in a cookie value (short key → raw stored string); undefined when it is not ours. */
function parseRecord(value: string | undefined): Record<string, string> | undefined {
  if (!value || value.length > MAX_COOKIE_CHARS) return undefined;
  let parsed: unknown;
  try {
    // Encoded as written, or already decoded by a framework's cookie store.
    parsed = JSON.parse(value.startsWith('{') ? value : decodeURIComponent(value));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const record: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, v] of Object.entries(parsed)) {
    if (typeof v === 'string' && isInitialStateKey(STORAGE_PREFIX + k)) record[k] = v;
  }
  return record;
}

/** A read-only StorageLike over a parsed cookie. */
function recordStorage(record: Record<string, string>): StorageLike {
  return {
    getItem: (key) => (key.startsWith(STORAGE_PREFIX) ? (record[key.slice(STORAGE_PREFIX.length)] ?? null) : null),
    setItem: () => undefined,
    removeItem: () => undefined,
  };
}

/**
 * Storage for `createKernel({ storage })`: the keys of what a reload restores in a cookie
 * (`name`, default 'latchkey'), the rest in localStorage (else memory). Without a document (a
 * server) everything lives in memory.
 */
export function cookieStorage(options: CookieStorageOptions = {}): StorageLike {
  const name = cookieName(options.name);
  const maxAge = Math.round((options.maxAgeDays ?? 365) * DAY_SECONDS);
  const env = createEnvironment();
  const memory = new Map<string, string>();

  const attributes = (): string => {
    const secure = options.secure ?? (options.sameSite === 'None' || env.window?.location?.protocol === 'https:');
    return [
      `Path=${options.path ?? '/'}`,
      ...(options.domain ? [`Domain=${options.domain}`] : []),
      `SameSite=${options.sameSite ?? 'Lax'}`,
      ...(secure ? ['Secure'] : []),
    ].join('; ');
  };
  const read = (doc: Document): Record<string, string> => parseRecord(valueIn(doc.cookie ?? '', name)) ?? {};
  const write = (doc: Document, record: Record<string, string>): void => {
    if (Object.keys(record).length === 0) {
      doc.cookie = `${name}=; Max-Age=0; ${attributes()}`;
      return;
    }
    const value = encodeURIComponent(JSON.stringify(record));
    // Thrown to the kernel's storage, which keeps the value in memory and warns once.
    if (value.length > MAX_COOKIE_CHARS) throw new RangeError(`the ${name} cookie would exceed ${MAX_COOKIE_CHARS} characters`);
    doc.cookie = `${name}=${value}; Max-Age=${maxAge}; ${attributes()}`;
  };
  /** Where a key that is not in the cookie lives. */
  const other = (): StorageLike | undefined => env.localStorage;

  return {
    getItem(key) {
      const doc = env.document;
      if (isInitialStateKey(key) && doc) return read(doc)[key.slice(STORAGE_PREFIX.length)] ?? null;
      const o = isInitialStateKey(key) ? undefined : other();
      return o ? o.getItem(key) : (memory.get(key) ?? null);
    },
    setItem(key, value) {
      const doc = env.document;
      if (isInitialStateKey(key) && doc) {
        write(doc, { ...read(doc), [key.slice(STORAGE_PREFIX.length)]: value });
        return;
      }
      const o = isInitialStateKey(key) ? undefined : other();
      if (o) o.setItem(key, value);
      else memory.set(key, value);
    },
    removeItem(key) {
      const doc = env.document;
      if (isInitialStateKey(key) && doc) {
        const record = read(doc);
        const short = key.slice(STORAGE_PREFIX.length);
        if (!(short in record)) return;
        delete record[short];
        write(doc, record);
        return;
      }
      memory.delete(key);
      if (!isInitialStateKey(key)) other()?.removeItem(key);
    },
  };
}

/**
 * On the server: the initial state in the request's `cookieStorage` cookie, for
 * `<LatchkeyProvider initialState>`; undefined when the request has none (or not ours).
 *
 *   const initialState = cookieToInitialState((await headers()).get('cookie'));
 */
export function cookieToInitialState(cookies: CookieSource, options: { readonly name?: string } = {}): LatchkeyInitialState | undefined {
  const name = cookieName(options.name);
  const value = typeof cookies === 'string' ? valueIn(cookies, name) : cookies && typeof cookies.get === 'function' ? cookies.get(name)?.value : undefined;
  const record = parseRecord(value);
  if (!record) return undefined;
  return readInitialState(new StorageImpl(createEnvironment({ window: undefined, localStorage: recordStorage(record) })));
}
