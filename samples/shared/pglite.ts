/**
 * Opening PGlite (PostgreSQL in WebAssembly, in-process) for the local stack's services, one way
 * for all of them (the wallet service, the data service):
 *
 * - **A template instead of initdb.** A new cluster runs initdb inside WebAssembly: 3–9 s of CPU.
 *   The first open on a machine dumps an initialised empty cluster to
 *   `<cacheDir>/pglite-template-<PGlite version>.tar`; every later new database (in memory, or in
 *   an empty folder) loads that file instead, in well under a second. The cache folder must be
 *   this user's and not writable by others, or the template is not used (a planted file is a
 *   planted database).
 * - **One process per folder.** A data folder takes a lock file holding the process id; a second
 *   live process is refused with {@link PgliteInUseError} (several processes need PostgreSQL); a
 *   dead process's lock is taken over.
 * - `'temp'`: a fresh folder under the OS temp dir, removed on close (like memory, but with the
 *   pages on disk instead of in the heap).
 * - **A 32MB buffer pool** ({@link PGLITE_SHARED_BUFFERS}) instead of PostgreSQL's 128MB, which
 *   PGlite clears in WebAssembly at every start.
 */
import { openAsBlob } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** What the services use of a PGlite instance. */
export interface PgliteInstance {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  transaction<T>(fn: (tx: { query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }> }) => Promise<T>): Promise<T>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob | File>;
  close(): Promise<void>;
}

export interface OpenPgliteOptions {
  /** `null` or `'memory'`: in memory; `'temp'`: a folder removed on close; else a data folder. */
  readonly dataDir: string | null;
  /** Where the template is kept (default {@link defaultPgliteCacheDir}). */
  readonly cacheDir?: string;
  /** The lock file's name in a data folder (the service's own, so an error names it). */
  readonly lockName: string;
  readonly log?: (line: string) => void;
  /**
   * PostgreSQL's buffer pool (`shared_buffers`, e.g. `'32MB'`; default {@link PGLITE_SHARED_BUFFERS}).
   * PGlite clears the pool when it starts, in WebAssembly: with PostgreSQL's own 128MB that took
   * about half of each open.
   */
  readonly sharedBuffers?: string;
}

/**
 * The buffer pool PGlite starts with unless told otherwise. Measured per open from the template
 * (WebAssembly on the baseline compiler, as the tests and the stack run it): 128MB 1.63 s of CPU,
 * 96MB 1.24 s, 64MB 1.10 s, 32MB 0.83 s, 16MB 0.85 s, 8MB 0.86 s. 32MB is 4,096 pages, the most
 * that costs nothing more at start; a larger database reads its other pages from its files (in
 * memory or in its data folder) as it needs them.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

export interface OpenedPglite {
  readonly db: PgliteInstance;
  /** Closes the database, then releases the folder's lock (and removes a `'temp'` folder). */
  close(): Promise<void>;
  /** True when the database was loaded from the template (no initdb ran). */
  readonly fromTemplate: boolean;
  /** The data folder in use (the one made for `'temp'`); undefined in memory. */
  readonly dataDir: string | undefined;
}

/** A data folder another live process holds. */
export class PgliteInUseError extends Error {
  override readonly name = 'PgliteInUseError';
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`PGlite data folder ${dir} is in use by process ${pid}. PGlite serves one process; run several processes on PostgreSQL (DATABASE_URL).`);
  }
}

/** The machine's template folder when a service names none: one for every service of this user. */
export function defaultPgliteCacheDir(): string {
  return join(tmpdir(), `latchkey-pglite-${process.getuid?.() ?? 'user'}`);
}

export async function openPglite(options: OpenPgliteOptions): Promise<OpenedPglite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const sharedBuffers = options.sharedBuffers ?? PGLITE_SHARED_BUFFERS;
  if (!/^[1-9][0-9]{0,5}(kB|MB|GB)$/.test(sharedBuffers)) {
    throw new Error(`PGlite sharedBuffers: expected a size such as '32MB' (kB, MB or GB), got ${JSON.stringify(sharedBuffers)}`);
  }
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
  const create = (o: object) => PGlite.create({ ...o, startParams }) as unknown as Promise<PgliteInstance>;
  const cacheDir = options.cacheDir ?? defaultPgliteCacheDir();
  const log = options.log ?? (() => {});
  let dir = options.dataDir;
  if (dir === null || dir === 'memory') {
    const template = await pgliteTemplate(cacheDir, create, log).catch(() => undefined);
    const db = await create(template ? { loadDataDir: template } : {});
    return { db, fromTemplate: Boolean(template), dataDir: undefined, close: () => db.close() };
  }
  let removeAfterClose = async (): Promise<void> => {};
  if (dir === 'temp') {
    const folder = await mkdtemp(join(tmpdir(), 'latchkey-pglite-'));
    dir = folder;
    removeAfterClose = () => rm(folder, { recursive: true, force: true });
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const unlock = await lockDir(dir, options.lockName);
  try {
    const empty = (await readdir(dir)).every((f) => f === options.lockName);
    const template = empty ? await pgliteTemplate(cacheDir, create, log).catch(() => undefined) : undefined;
    const db = await create(template ? { dataDir: dir, loadDataDir: template } : { dataDir: dir });
    return {
      db,
      fromTemplate: Boolean(template),
      dataDir: dir,
      async close() {
        await db.close();
        await unlock();
        await removeAfterClose();
      },
    };
  } catch (err) {
    await unlock();
    await removeAfterClose();
    throw err;
  }
}

/** PGlite's version, found from the working folder or this module's (a template is per version). */
function pgliteVersion(): string | undefined {
  // __dirname: set under CommonJS (jest); in the services' ES module bundles the working folder finds it
  const here = typeof __dirname === 'string' ? [__dirname] : [];
  for (const base of [process.cwd(), ...here]) {
    try {
      const req = createRequire(join(base, 'noop.js'));
      // <pkg>/dist/index.cjs -> <pkg>/package.json
      const pkg = req(join(dirname(dirname(req.resolve('@electric-sql/pglite'))), 'package.json')) as { version?: string };
      if (pkg.version) return pkg.version;
    } catch {
      // try the next base
    }
  }
  return undefined;
}

/** The folder is this user's and nobody else may write to it. */
async function privateFolder(dir: string): Promise<boolean> {
  const s = await stat(dir);
  const uid = process.getuid?.();
  return s.isDirectory() && (uid === undefined || s.uid === uid) && (s.mode & 0o022) === 0;
}

/**
 * The template of this PGlite version from `cacheDir`, made there first if missing (one initdb);
 * undefined when the folder is not this user's alone or the version is unknown.
 */
export async function pgliteTemplate(cacheDir: string, create: (o: object) => Promise<PgliteInstance>, log: (l: string) => void): Promise<Blob | undefined> {
  const version = pgliteVersion();
  if (!version || !/^[0-9A-Za-z.+-]{1,40}$/.test(version)) return undefined;
  await mkdir(cacheDir, { recursive: true, mode: 0o700 });
  if (!(await privateFolder(cacheDir))) {
    log(`PGlite template not used: ${cacheDir} is not a folder of this user that only it can write to`);
    return undefined;
  }
  const file = join(cacheDir, `pglite-template-${version}.tar`);
  try {
    // a Blob over the file, read when PGlite loads it. `new Blob([await readFile(file)])` copied the
    // 40 MB tar into the Blob, and PGlite's arrayBuffer() copied it out again in chunks: an open from
    // the template took 1.86–1.98 s of CPU that way, 1.36–1.39 s this way (measured). A template is
    // never rewritten once made (one per PGlite version), so the file is unchanged when read.
    return await openAsBlob(file, { type: 'application/x-tar' });
  } catch {
    // made once: an empty initialised cluster
  }
  const started = Date.now();
  const db = await create({});
  const blob = await db.dumpDataDir('none');
  await db.close();
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
  await rename(tmp, file);
  log(`PGlite template written to ${file} in ${Date.now() - started} ms (later databases open from it)`);
  return blob;
}

async function lockDir(dir: string, name: string): Promise<() => Promise<void>> {
  const file = join(dir, name);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const h = await open(file, 'wx');
      await h.writeFile(String(process.pid));
      await h.close();
      return () => rm(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      let alive = false;
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
        try {
          process.kill(pid, 0);
          alive = true;
        } catch (e) {
          alive = (e as NodeJS.ErrnoException).code === 'EPERM';
        }
      }
      if (alive) throw new PgliteInUseError(dir, pid);
      await rm(file, { force: true }); // a dead process's lock
    }
  }
  throw new Error(`could not lock the PGlite data folder ${dir}`);
}
