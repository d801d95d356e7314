/**
 * The migration runner of every service of the local stack. A service keeps its own list of
 * migrations (its SQL); the rules are these, one set for all:
 *
 * - The list is ordered: versions are whole numbers from 1, each one more than the last
 *   ({@link MigrationListError} otherwise; a programming error, found at start).
 * - Each migration is applied once, in its own transaction, and recorded in `schema_migrations`
 *   (version, name, checksum of its statements) in that same transaction.
 * - Processes starting together on one PostgreSQL serialise on one advisory lock, held on a
 *   dedicated connection for the whole run: the first applies, the others find it done.
 * - What the database has applied must be what the service knows: a version it does not know
 *   ({@link UnknownMigrationError}: a newer service ran, or the database is another's) or one
 *   whose name or statements differ ({@link ChangedMigrationError}: a published migration was
 *   edited, or the database is another service's) stops the start before anything is applied.
 *   Never edit a published migration: add the next version. Rows recorded before checksums
 *   existed get theirs on the next start (their name must still match).
 */
import { createHash } from 'node:crypto';
import { openDb, type Db, type OpenDbOptions } from './open';

export interface Migration {
  readonly version: number;
  /** What it does, in a few words; recorded, and compared on every start. */
  readonly name: string;
  /** Run in order in one transaction. */
  readonly statements: readonly string[];
}

/** Advisory-lock key of the migration runner ("lkmigrat"), one for every service sharing the table. */
export const MIGRATION_LOCK_KEY = 0x6c6b6d69_67726174n;

/** A migration problem that stops a service from starting. */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** The service's own list breaks the rules (versions 1, 2, 3, … in order, statements present). */
export class MigrationListError extends MigrationError {
  override name = 'MigrationListError';
  constructor(readonly service: string, problem: string) {
    super(`${service}: invalid migration list: ${problem}`);
  }
}

/** The database has applied a migration the service does not have. */
export class UnknownMigrationError extends MigrationError {
  override name = 'UnknownMigrationError';
  constructor(
    readonly service: string,
    readonly version: number,
    readonly appliedName: string,
    readonly newestKnown: number,
  ) {
    super(
      `${service}: the database has applied migration ${version} ("${appliedName}"), which this service does not know (it knows 1 to ${newestKnown}); ` +
        'run a newer version of the service, or point it at its own database',
    );
  }
}

/** The database applied a migration under this version whose name or statements differ from the service's. */
export class ChangedMigrationError extends MigrationError {
  override name = 'ChangedMigrationError';
  constructor(
    readonly service: string,
    readonly version: number,
    readonly appliedName: string,
    readonly knownName: string,
    readonly what: 'name' | 'statements',
  ) {
    super(
      what === 'name'
        ? `${service}: the database's migration ${version} is "${appliedName}", but this service's migration ${version} is "${knownName}"; is the database another service's?`
        : `${service}: migration ${version} ("${knownName}") was changed after the database applied it; never edit a published migration, add the next version`,
    );
  }
}

/** The checksum recorded with a migration: SHA-256 of its statements. */
export function migrationChecksum(m: Migration): string {
  return createHash('sha256').update(JSON.stringify(m.statements)).digest('hex');
}

/** Splits SQL text into statements: drops `--` comment lines, splits at semicolons (the text must have none inside literals). */
export function splitSql(sql: string): string[] {
  return sql
    .split('\n')
    .filter((l) => !l.trim().startsWith('--'))
    .join('\n')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
}

function checkList(service: string, migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new MigrationListError(service, `migration ${i + 1} in the list has version ${m.version}; versions are 1, 2, 3, … in order`);
    if (!m.name.trim()) throw new MigrationListError(service, `migration ${m.version} has no name`);
    if (m.statements.length === 0) throw new MigrationListError(service, `migration ${m.version} has no statements`);
  });
}

export interface MigrateOptions {
  /** Names the service in errors. */
  readonly service: string;
}

/** Applies the pending migrations in order; returns the versions applied now. */
export async function migrate(db: Db, migrations: readonly Migration[], options: MigrateOptions): Promise<number[]> {
  const { service } = options;
  checkList(service, migrations);
  const applied: number[] = [];
  const session = await db.session();
  try {
    await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await session.query('create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())');
      await session.query('alter table schema_migrations add column if not exists checksum text');
      const rows = await session.query<{ version: unknown; name: string; checksum: string | null }>('select version, name, checksum from schema_migrations order by version');
      const done = new Set<number>();
      for (const row of rows) {
        const version = Number(row.version);
        const known = migrations[version - 1];
        if (!known) throw new UnknownMigrationError(service, version, row.name, migrations.length);
        if (row.name !== known.name) throw new ChangedMigrationError(service, version, row.name, known.name, 'name');
        const checksum = migrationChecksum(known);
        if (row.checksum === null) await session.query('update schema_migrations set checksum = $2 where version = $1', [version, checksum]);
        else if (row.checksum !== checksum) throw new ChangedMigrationError(service, version, row.name, known.name, 'statements');
        done.add(version);
      }
      for (const m of migrations) {
        if (done.has(m.version)) continue;
        await session.transaction(async (tx) => {
          for (const statement of m.statements) await tx.query(statement);
          await tx.query('insert into schema_migrations (version, name, checksum) values ($1, $2, $3)', [m.version, m.name, migrationChecksum(m)]);
        });
        applied.push(m.version);
      }
    } finally {
      await session.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => {});
    }
  } finally {
    await session.release();
  }
  return applied;
}

/** Opens the database and applies the pending migrations (closing it again when they fail). */
export async function openMigratedDb(options: OpenDbOptions, migrations: readonly Migration[]): Promise<{ db: Db; applied: number[] }> {
  const db = await openDb(options);
  try {
    return { db, applied: await migrate(db, migrations, { service: options.service }) };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}
