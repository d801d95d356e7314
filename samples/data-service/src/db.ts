/**
 * The database: PGlite (PostgreSQL in WASM, in-process) by default, PostgreSQL when a
 * DATABASE_URL is configured. Both speak the same SQL; the service only uses this interface.
 *
 * - API reads go through `query` (a pool on PostgreSQL).
 * - The indexer takes a `session()`: one dedicated connection that holds the advisory lock and
 *   carries every indexer write, so losing the connection also loses the right to write.
 * - PostgreSQL connections get `statement_timeout` (the query timeout). PGlite runs in this
 *   process and has no statement timeout: there, queries are bounded by their design (keyset
 *   pages with LIMIT over indexes) and the HTTP request timeout.
 * - A PGlite data folder is single-process: a lock file refuses a second process. Several
 *   processes need PostgreSQL.
 */
import { openPglite as openPgliteShared, PgliteInUseError, type OpenedPglite } from '../../shared/pglite';
import type { DatabaseConfig } from './config';
import { ConfigError } from './errors';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Session extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Resolves when the connection is lost (PostgreSQL); never for PGlite. */
  readonly lost: Promise<Error>;
  release(): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  session(): Promise<Session>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  readonly config: DatabaseConfig;
  readonly queryTimeoutMs: number;
  /** Where the PGlite template lives (an initialised empty cluster, so a new database opens in <1 s instead of 3-9 s). */
  readonly cacheDir: string;
  readonly log?: (line: string) => void;
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  return options.config.kind === 'postgres'
    ? openPostgres(options.config.url, options.config.poolSize, options.queryTimeoutMs)
    : openPglite(options.config.dir, options.cacheDir, options.log ?? (() => {}));
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

// ---------------------------------------------------------------- PostgreSQL

async function openPostgres(url: string, poolSize: number, queryTimeoutMs: number): Promise<Db> {
  const pg = (await import('pg')).default ?? (await import('pg'));
  const connection = {
    connectionString: url,
    statement_timeout: queryTimeoutMs,
    query_timeout: queryTimeoutMs + 1000,
    connectionTimeoutMillis: 5000,
    application_name: 'latchkey-data-service',
  };
  const pool = new pg.Pool({ ...connection, max: poolSize, idleTimeoutMillis: 30_000 });
  // an idle client that errors (server restart) is dropped by the pool; do not crash the process
  pool.on('error', () => {});
  const run = async <T>(c: { query: (s: string, p?: unknown[]) => Promise<{ rows: unknown[] }> }, sql: string, params?: readonly unknown[]) =>
    (await c.query(sql, params ? [...params] : undefined)).rows as T[];
  const transactionOn = async <T>(client: InstanceType<typeof pg.Client> | import('pg').PoolClient, fn: (tx: Queryable) => Promise<T>) => {
    await client.query('begin');
    try {
      const result = await fn({ query: (sql, params) => run(client, sql, params) });
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    }
  };
  // fail fast on a wrong URL
  await run(pool, 'select 1');
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        return await transactionOn(client, fn);
      } finally {
        client.release();
      }
    },
    async session() {
      const client = new pg.Client({ ...connection, statement_timeout: queryTimeoutMs * 4 });
      let resolveLost!: (e: Error) => void;
      const lost = new Promise<Error>((r) => (resolveLost = r));
      client.on('error', (e: Error) => resolveLost(e));
      client.on('end', () => resolveLost(new Error('database connection ended')));
      await client.connect();
      let released = false;
      // one connection shared by the chain loops: a query must never land inside another's transaction
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
    close: () => pool.end(),
  };
}

// ---------------------------------------------------------------- PGlite

async function openPglite(dir: string, cacheDir: string, log: (l: string) => void): Promise<Db> {
  let opened: OpenedPglite;
  try {
    opened = await openPgliteShared({ dataDir: dir, cacheDir, lockName: 'latchkey-data-service.lock', log });
  } catch (err) {
    if (err instanceof PgliteInUseError) throw new ConfigError(err.message);
    throw err;
  }
  const db = opened.db;
  // PGlite is one connection: serialise transactions so a reader never lands inside one
  const serial = serializer();
  const query = <T>(sql: string, params?: readonly unknown[]) => serial(async () => (await db.query<T>(sql, params ? [...params] : undefined)).rows);
  const transaction = <T>(fn: (tx: Queryable) => Promise<T>) =>
    serial(() => db.transaction((tx) => fn({ query: async <R>(sql: string, params?: readonly unknown[]) => (await tx.query<R>(sql, params ? [...params] : undefined)).rows })));
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
