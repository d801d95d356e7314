/**
 * Opening a service's database, one way for every service of the local stack: PGlite (PostgreSQL
 * in WebAssembly, in this process; a data folder, memory, or a throwaway folder) by default,
 * PostgreSQL (a node-postgres pool) when a URL is configured. Both speak the same SQL, so a
 * service's code is one for both and only uses {@link Db}.
 *
 * - `query` and `transaction` serve requests (a pool on PostgreSQL).
 * - `session()` is one dedicated connection, for work that holds a session-level advisory lock
 *   (the migration runner, the data service's indexer): losing the connection loses the lock, and
 *   {@link Session.lost} says so.
 * - PGlite has one connection: every statement and transaction goes through one queue, so a query
 *   never lands inside another's transaction. A PGlite data folder serves one process (see
 *   `../pglite.ts`); several processes need PostgreSQL.
 * - `queryTimeoutMs` becomes PostgreSQL's `statement_timeout` (a session gets four times it, for
 *   long batches). PGlite has no statement timeout: there, queries are bounded by their design.
 * - bytea columns come back as Buffer from both drivers (PGlite gives Uint8Array).
 */
import type { Pool, PoolClient } from 'pg';
import { openPglite } from '../pglite';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Session extends Queryable {
  /** Runs `fn` in one transaction on this connection (ROLLBACK when it throws). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Resolves when the connection is lost (PostgreSQL); never for PGlite. */
  readonly lost: Promise<Error>;
  release(): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction (BEGIN … COMMIT, ROLLBACK when it throws). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** One dedicated connection (on PGlite, the one connection). Release it when done. */
  session(): Promise<Session>;
  /** Waits for queued work (PGlite), then closes; a second call does nothing. */
  close(): Promise<void>;
}

/** Where the data lives: a PGlite folder (`null` or 'memory': in memory; 'temp': removed on close), or PostgreSQL. */
export type DatabaseConfig =
  | { readonly kind: 'pglite'; readonly dir: string | null }
  | { readonly kind: 'postgres'; readonly url: string; readonly poolSize?: number };

export interface OpenDbOptions {
  readonly database: DatabaseConfig;
  /** The service's name, e.g. 'latchkey-wallet-service': PostgreSQL's application_name, and the PGlite folder's lock file `<service>.lock`. */
  readonly service: string;
  /** PostgreSQL's statement timeout for pool queries; none when absent. */
  readonly queryTimeoutMs?: number;
  /** Where the PGlite template lives (default: the machine's, see `../pglite.ts`). */
  readonly cacheDir?: string;
  readonly log?: (line: string) => void;
}

/** The PostgreSQL pool's size when the configuration names none. */
export const DEFAULT_POOL_SIZE = 10;

export async function openDb(options: OpenDbOptions): Promise<Db> {
  const { database } = options;
  return database.kind === 'postgres' ? openPostgres(database.url, database.poolSize ?? DEFAULT_POOL_SIZE, options) : openPgliteDb(database.dir, options);
}

/** Runs the functions given to it one after the other. */
function serializer(): <T>(fn: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const next = tail.then(fn, fn);
    tail = next.catch(() => {});
    return next;
  };
}

/** Driver values made one: bytea to Buffer (PGlite gives Uint8Array). */
function normalise<T>(rows: unknown[]): T[] {
  for (const row of rows as Row[]) {
    for (const [k, v] of Object.entries(row)) {
      if (v instanceof Uint8Array && !Buffer.isBuffer(v)) row[k] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    }
  }
  return rows as T[];
}

interface Connection {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

const run = async <T>(c: Connection, sql: string, params?: readonly unknown[]): Promise<T[]> => normalise<T>((await c.query(sql, params ? [...params] : undefined)).rows);

async function transactionOn<T>(c: Connection, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  await c.query('begin');
  try {
    const result = await fn({ query: (sql, params) => run(c, sql, params) });
    await c.query('commit');
    return result;
  } catch (err) {
    await c.query('rollback').catch(() => {});
    throw err;
  }
}

// ---------------------------------------------------------------- PostgreSQL

async function openPostgres(url: string, poolSize: number, options: OpenDbOptions): Promise<Db> {
  const pg = (await import('pg')).default ?? (await import('pg'));
  const timeout = options.queryTimeoutMs;
  const connection = {
    connectionString: url,
    connectionTimeoutMillis: 10_000,
    application_name: options.service,
    ...(timeout === undefined ? {} : { statement_timeout: timeout, query_timeout: timeout + 1000 }),
  };
  const pool: Pool = new pg.Pool({ ...connection, max: poolSize, idleTimeoutMillis: 30_000 });
  // an idle client that errors (server restart) is dropped by the pool; do not crash the process
  pool.on('error', () => {});
  try {
    await run(pool, 'select 1'); // fail fast on a wrong URL
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
  let closed = false;
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      const client: PoolClient = await pool.connect();
      try {
        return await transactionOn(client, fn);
      } finally {
        client.release();
      }
    },
    async session() {
      const sessionTimeout = timeout === undefined ? {} : { statement_timeout: timeout * 4, query_timeout: timeout * 4 + 1000 };
      const client = new pg.Client({ ...connection, ...sessionTimeout });
      let resolveLost!: (e: Error) => void;
      const lost = new Promise<Error>((r) => (resolveLost = r));
      client.on('error', (e: Error) => resolveLost(e));
      client.on('end', () => resolveLost(new Error('database connection ended')));
      await client.connect();
      let released = false;
      // one connection shared by its users: a query must never land inside another's transaction
      const serial = serializer();
      return {
        query: (sql, params) => serial(() => run(client, sql, params)),
        transaction: (fn) => serial(() => transactionOn(client, fn)),
        lost,
        async release() {
          if (released) return;
          released = true;
          await client.end().catch(() => {});
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

// ---------------------------------------------------------------- PGlite

async function openPgliteDb(dir: string | null, options: OpenDbOptions): Promise<Db> {
  const opened = await openPglite({ dataDir: dir, cacheDir: options.cacheDir, lockName: `${options.service}.lock`, log: options.log });
  const pg = opened.db;
  const serial = serializer();
  const query = <T>(sql: string, params?: readonly unknown[]) => serial(() => run<T>(pg, sql, params));
  const transaction = <T>(fn: (tx: Queryable) => Promise<T>) => serial(() => transactionOn(pg, fn));
  let closed = false;
  return {
    kind: 'pglite',
    query,
    transaction,
    async session() {
      return { query, transaction, lost: new Promise<Error>(() => {}), release: async () => {} };
    },
    async close() {
      if (closed) return;
      closed = true;
      await serial(async () => {});
      await opened.close();
    },
  };
}
