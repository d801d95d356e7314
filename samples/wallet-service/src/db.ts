/**
 * Storage: PGlite (PostgreSQL compiled to WebAssembly, in-process, a data directory or memory) by
 * default, PostgreSQL (node-postgres pool) when DATABASE_URL is set. Both speak the same SQL, so the
 * service code is one. Versioned migrations run at start under an advisory lock, so several processes
 * starting together on one PostgreSQL apply each migration once.
 */
import { openPglite as openPgliteShared, PgliteInUseError, type OpenedPglite } from '../../shared/pglite';
import { ConfigError } from './config';
import { MIGRATIONS } from './migrations';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction (BEGIN … COMMIT, ROLLBACK on a throw). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Normalises driver values: bytea to Buffer (PGlite gives Uint8Array). */
function normalise<T extends Row>(rows: Row[]): T[] {
  for (const row of rows) {
    for (const [k, v] of Object.entries(row)) {
      if (v instanceof Uint8Array && !Buffer.isBuffer(v)) row[k] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    }
  }
  return rows as T[];
}

async function openPglite(dataDir: string | null): Promise<Db> {
  let opened: OpenedPglite;
  try {
    opened = await openPgliteShared({ dataDir, lockName: 'latchkey-wallet-service.lock' });
  } catch (err) {
    if (err instanceof PgliteInUseError) throw new ConfigError(err.message);
    throw err;
  }
  const pg = opened.db;
  // PGlite has one connection: a transaction must not interleave with other queries, so every
  // statement goes through one queue (the service's unit of concurrency on PGlite is one process).
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };
  const direct: Queryable = {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const res = await pg.query<Row>(sql, params as unknown[]);
      return normalise<T>(res.rows);
    },
  };
  return {
    kind: 'pglite',
    query: (sql, params) => serial(() => direct.query(sql, params)),
    transaction: (fn) =>
      serial(async () => {
        await pg.query('BEGIN');
        try {
          const out = await fn(direct);
          await pg.query('COMMIT');
          return out;
        } catch (err) {
          await pg.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
      }),
    close: async () => {
      await queue;
      await opened.close();
    },
  };
}

async function openPostgres(url: string): Promise<Db> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const wrap = (c: { query: (sql: string, params: unknown[]) => Promise<{ rows: Row[] }> }): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const res = await c.query(sql, params as unknown[]);
      return normalise<T>(res.rows);
    },
  });
  const poolQ = wrap(pool);
  return {
    kind: 'postgres',
    query: (sql, params) => poolQ.query(sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** A fixed advisory-lock key for migrations ("latchkey" in ASCII, truncated). */
const MIGRATION_LOCK = 0x6c61_7463;

export async function migrate(db: Db): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    const newest = Math.max(0, ...done);
    const known = Math.max(0, ...MIGRATIONS.map((m) => m.version));
    if (newest > known) {
      throw new Error(`the database has schema version ${newest}, newer than this service knows (${known}): run a newer wallet service`);
    }
    const applied: number[] = [];
    for (const m of MIGRATIONS) {
      if (done.has(m.version)) continue;
      for (const statement of m.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}

export async function openDb(database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string }): Promise<Db> {
  const db = database.kind === 'postgres' ? await openPostgres(database.url) : await openPglite(database.dataDir);
  try {
    await migrate(db);
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  return db;
}
