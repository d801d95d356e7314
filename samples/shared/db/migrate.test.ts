import { migrate, MigrationListError, splitSql, type Migration } from './migrate';
import type { Db } from './open';

// the list is checked before the database is touched: a database that fails every call
const noDb = new Proxy({}, { get: () => () => Promise.reject(new Error('the database was used')) }) as Db;
const m = (version: number, name = `m${version}`, statements = ['select 1']): Migration => ({ version, name, statements });

describe('splitSql', () => {
  it('drops comment lines and splits at semicolons', () => {
    expect(splitSql('create table a (x int);\n-- a comment; with a semicolon\ncreate index b on a (x);\n')).toEqual(['create table a (x int)', 'create index b on a (x)']);
  });
});

describe('the migration list', () => {
  it.each([
    ['starts at 2', [m(2)], 'migration 1 in the list has version 2'],
    ['has a gap', [m(1), m(3)], 'migration 2 in the list has version 3'],
    ['is out of order', [m(2), m(1)], 'migration 1 in the list has version 2'],
    ['repeats a version', [m(1), m(1)], 'migration 2 in the list has version 1'],
    ['has a nameless migration', [m(1, ' ')], 'migration 1 has no name'],
    ['has an empty migration', [m(1, 'x', [])], 'migration 1 has no statements'],
  ])('is refused when it %s', async (_what, list, message) => {
    const run = migrate(noDb, list, { service: 'svc' });
    await expect(run).rejects.toBeInstanceOf(MigrationListError);
    await expect(run).rejects.toThrow(`svc: invalid migration list: ${message}`);
  });
});
