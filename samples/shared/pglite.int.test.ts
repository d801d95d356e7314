import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { openPglite, PGLITE_SHARED_BUFFERS, pgliteTemplate, PgliteInUseError } from './pglite';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'lk-pglite-test-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('makes the template once, then opens new databases from it (in memory and in an empty folder)', async () => {
  const cacheDir = join(root, 'cache');
  const lines: string[] = [];
  const first = await openPglite({ dataDir: null, cacheDir, lockName: 'x.lock', log: (l) => lines.push(l) });
  // the first open on a machine writes the template and opens from it
  expect(readdirSync(cacheDir)).toEqual([expect.stringMatching(/^pglite-template-[0-9.]+\.tar$/)]);
  expect(lines).toEqual([expect.stringContaining('PGlite template written to')]);
  await first.db.query('CREATE TABLE t (n int)');
  await first.close();

  const again = await openPglite({ dataDir: 'memory', cacheDir, lockName: 'x.lock' });
  expect(again.fromTemplate).toBe(true);
  // a fresh cluster: the first database's table is not there
  try {
    expect((await again.db.query("SELECT to_regclass('t') AS t")).rows).toEqual([{ t: null }]);
    // the buffer pool it starts with (PostgreSQL's own 128MB doubled the time of an open)
    expect((await again.db.query('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: PGLITE_SHARED_BUFFERS }]);
  } finally {
    await again.close();
  }

  const dir = join(root, 'folder');
  const inFolder = await openPglite({ dataDir: dir, cacheDir, lockName: 'x.lock' });
  expect(inFolder.fromTemplate).toBe(true);
  await inFolder.db.query('CREATE TABLE kept (n int)');
  await inFolder.db.query('INSERT INTO kept VALUES (7)');
  await inFolder.close();
  // a folder with a database opens that database, not the template
  const reopened = await openPglite({ dataDir: dir, cacheDir, lockName: 'x.lock' });
  expect(reopened.fromTemplate).toBe(false);
  expect((await reopened.db.query<{ n: number }>('SELECT n FROM kept')).rows).toEqual([{ n: 7 }]);
  await reopened.close();
}, 60_000);

it('starts with the buffer pool it is given, and refuses a size PostgreSQL would not read as one', async () => {
  const cacheDir = join(root, 'cache');
  const small = await openPglite({ dataDir: 'memory', cacheDir, lockName: 'x.lock', sharedBuffers: '8MB' });
  try {
    expect((await small.db.query('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: '8MB' }]);
  } finally {
    await small.close();
  }
  await expect(openPglite({ dataDir: 'memory', cacheDir, lockName: 'x.lock', sharedBuffers: '32MB; DROP' })).rejects.toThrow(
    `PGlite sharedBuffers: expected a size such as '32MB' (kB, MB or GB), got "32MB; DROP"`,
  );
}, 60_000);

it('does not use a template folder other users can write to', async () => {
  // the first test's folder, with its template, made writable by everyone: the template is
  // refused before any database is made (openPglite then runs initdb, as the first test's did)
  const cacheDir = join(root, 'cache');
  const lines: string[] = [];
  const create = jest.fn();
  chmodSync(cacheDir, 0o777);
  try {
    await expect(pgliteTemplate(cacheDir, create, (l) => lines.push(l))).resolves.toBeUndefined();
    expect(lines).toEqual([`PGlite template not used: ${cacheDir} is not a folder of this user that only it can write to`]);
    expect(create).not.toHaveBeenCalled();
  } finally {
    chmodSync(cacheDir, 0o700);
  }
  await expect(pgliteTemplate(cacheDir, create, (l) => lines.push(l))).resolves.toBeInstanceOf(Blob);
  expect(create).not.toHaveBeenCalled();
}, 60_000);

it('refuses a folder another live process holds, takes over a dead process’s lock, and removes a temp folder on close', async () => {
  const cacheDir = join(root, 'cache');
  const dir = join(root, 'locked');
  const held = await openPglite({ dataDir: dir, cacheDir, lockName: 'svc.lock' });
  await held.close();
  expect(existsSync(join(dir, 'svc.lock'))).toBe(false);
  // another live process holds the folder (its pid in the lock; a process's own pid counts as a
  // stale lock, as after a restart in a container where the service is always pid 1)
  const other = spawn('sleep', ['30']);
  try {
    writeFileSync(join(dir, 'svc.lock'), String(other.pid));
    const second = openPglite({ dataDir: dir, cacheDir, lockName: 'svc.lock' });
    await expect(second).rejects.toBeInstanceOf(PgliteInUseError);
    await expect(second).rejects.toThrow(`PGlite data folder ${dir} is in use by process ${other.pid}`);
  } finally {
    other.kill();
  }

  // a lock left by a process that is gone (pid 2^22 + 1 is above Linux's pid limit)
  writeFileSync(join(dir, 'svc.lock'), String(4_194_305));
  const taken = await openPglite({ dataDir: dir, cacheDir, lockName: 'svc.lock' });
  await taken.close();

  // (the folder by the name it reports: other processes of the run make theirs in the same tmpdir)
  const temp = await openPglite({ dataDir: 'temp', cacheDir, lockName: 'svc.lock' });
  expect(dirname(temp.dataDir!)).toBe(tmpdir());
  expect(basename(temp.dataDir!)).toMatch(/^latchkey-pglite-/);
  expect(readdirSync(temp.dataDir!)).toContain('PG_VERSION');
  await temp.close();
  expect(existsSync(temp.dataDir!)).toBe(false);
}, 60_000);
