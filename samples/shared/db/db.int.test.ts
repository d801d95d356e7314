/** The shared database opener and migration runner on PGlite (PostgreSQL: each service's postgres.int.test.ts). */
import { ChangedMigrationError, migrate, migrationChecksum, openMigratedDb, UnknownMigrationError, type Migration } from './migrate';
import { openDb, type Db } from './open';

const SERVICE = 'latchkey-db-test';
const M1: Migration = { version: 1, name: 'things', statements: ['create table things (id int primary key, blob bytea)', "insert into things values (1, '\\x0102')"] };
const M2: Migration = { version: 2, name: 'more things', statements: ['create table more_things (id int primary key)'] };

// one database for the file (opening PGlite costs seconds on a busy machine); each test starts from an empty schema
let db: Db;
beforeAll(async () => {
  db = await openDb({ database: { kind: 'pglite', dir: null }, service: SERVICE });
}, 60_000);
afterAll(() => db?.close());
beforeEach(async () => {
  await db.query('drop schema public cascade');
  await db.query('create schema public');
});

const recorded = (d: Db) => d.query<{ version: number; name: string; checksum: string | null }>('select version, name, checksum from schema_migrations order by version');

it('applies each migration once, in order, and records it', async () => {
  expect(await migrate(db, [M1], { service: SERVICE })).toEqual([1]);
  expect(await migrate(db, [M1, M2], { service: SERVICE })).toEqual([2]);
  expect(await migrate(db, [M1, M2], { service: SERVICE })).toEqual([]);
  expect(await recorded(db)).toEqual([
    { version: 1, name: 'things', checksum: migrationChecksum(M1) },
    { version: 2, name: 'more things', checksum: migrationChecksum(M2) },
  ]);
  // bytea comes back as a Buffer
  expect((await db.query<{ blob: unknown }>('select blob from things'))[0]!.blob).toEqual(Buffer.from([1, 2]));
});

it('rolls a failing migration back whole and records nothing for it', async () => {
  const broken: Migration = { version: 2, name: 'broken', statements: ['create table half (id int)', 'select * from no_such_table'] };
  await expect(migrate(db, [M1, broken], { service: SERVICE })).rejects.toThrow(/no_such_table/);
  expect((await recorded(db)).map((r) => r.version)).toEqual([1]);
  expect(await db.query("select to_regclass('half') as t")).toEqual([{ t: null }]);
});

it('refuses a database that applied a migration the service does not know', async () => {
  await migrate(db, [M1, M2], { service: SERVICE });
  const run = migrate(db, [M1], { service: SERVICE });
  await expect(run).rejects.toBeInstanceOf(UnknownMigrationError);
  await expect(run).rejects.toThrow(`${SERVICE}: the database has applied migration 2 ("more things"), which this service does not know (it knows 1 to 1)`);
});

it('refuses a migration changed after it was applied, and another service’s migration', async () => {
  await migrate(db, [M1], { service: SERVICE });
  const edited = migrate(db, [{ ...M1, statements: [...M1.statements, 'select 1'] }, M2], { service: SERVICE });
  await expect(edited).rejects.toBeInstanceOf(ChangedMigrationError);
  await expect(edited).rejects.toThrow('migration 1 ("things") was changed after the database applied it');
  const another = migrate(db, [{ ...M1, name: 'users' }], { service: 'other-service' });
  await expect(another).rejects.toMatchObject({ name: 'ChangedMigrationError', what: 'name' });
  await expect(another).rejects.toThrow(`other-service: the database's migration 1 is "things", but this service's migration 1 is "users"`);
  // nothing of M2 was applied
  expect((await recorded(db)).map((r) => r.version)).toEqual([1]);
});

it('gives a row recorded before checksums existed its checksum', async () => {
  await db.query('create table schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())');
  await db.query("insert into schema_migrations (version, name) values (1, 'things')");
  for (const s of M1.statements) await db.query(s);
  expect(await migrate(db, [M1, M2], { service: SERVICE })).toEqual([2]);
  expect((await recorded(db))[0]!.checksum).toBe(migrationChecksum(M1));
});

it('runs transactions one at a time on PGlite and rolls back on a throw', async () => {
  await db.query('create table n (v int)');
  const failed = db.transaction(async (tx) => {
    await tx.query('insert into n values (1)');
    throw new Error('stop');
  });
  const counted = db.query<{ c: number }>('select count(*)::int as c from n');
  await expect(failed).rejects.toThrow('stop');
  expect(await counted).toEqual([{ c: 0 }]);
});

it('opens and migrates in one call, and closes once', async () => {
  const { db: other, applied } = await openMigratedDb({ database: { kind: 'pglite', dir: 'memory' }, service: SERVICE }, [M1, M2]);
  expect(applied).toEqual([1, 2]);
  expect(other.kind).toBe('pglite');
  await other.close();
  await other.close();
}, 60_000);
