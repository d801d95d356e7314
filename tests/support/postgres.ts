/**
 * A throwaway PostgreSQL server for integration tests, from Debian's `postgresql` package
 * (installed by .ci/run): `initdb` into a temporary folder, `postgres` on a free port on
 * 127.0.0.1, one database. Runs as the `postgres` system user when the tests run as root
 * (PostgreSQL refuses to run as root). `startPostgres()` resolves to undefined when the
 * binaries are not installed, so a test can say it was skipped instead of failing on a
 * machine without them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getFreePort } from './ports';

export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:PORT/DB */
  readonly url: string;
  readonly port: number;
  /** A new empty database on the same server; resolves to its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** The newest installed PostgreSQL's bin folder, or undefined. */
export function postgresBinDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** argv that runs `cmd` as the postgres user when we are root. */
function asPostgres(cmd: string, args: readonly string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, [...args]];
}

function run(cmd: string, args: readonly string[]): void {
  const [c, a] = asPostgres(cmd, args);
  const res = spawnSync(c, a, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${cmd} failed (${res.status}): ${res.stderr || res.stdout}`);
}

/** The postmaster's pid (first line of postmaster.pid), or undefined. */
function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export async function startPostgres(options: { readonly database?: string } = {}): Promise<TestPostgres | undefined> {
  const bin = postgresBinDir();
  if (!bin) return undefined;
  const database = options.database ?? 'latchkey';
  const dir = mkdtempSync(join(tmpdir(), 'lk-pg-'));
  chmodSync(dir, 0o777); // the postgres user writes here
  const data = join(dir, 'data');
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await getFreePort();
  const [c, a] = asPostgres(join(bin, 'postgres'), [
    '-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir,
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=50',
  ]);
  const child: ChildProcess = spawn(c, a, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const psql = join(bin, 'psql');
  const ready = Date.now() + 15_000;
  for (;;) {
    const [pc, pa] = asPostgres(psql, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-Atc', 'select 1']);
    if (spawnSync(pc, pa, { encoding: 'utf8' }).stdout?.trim() === '1') break;
    if (child.exitCode !== null || Date.now() > ready) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`postgres did not start: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const urlFor = (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  const createDatabase = async (name: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
    run(psql, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-c', `create database ${name}`]);
    return urlFor(name);
  };
  await createDatabase(database);
  let stopped = false;
  return {
    url: urlFor(database),
    port,
    createDatabase,
    async stop() {
      if (stopped) return;
      stopped = true;
      const exited = new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())));
      // Signal the postmaster itself: `runuser` does not pass SIGINT on, and an orphaned postgres
      // (holding our pipes) kept jest alive for about a minute after the tests.
      const pid = postmasterPid(data);
      const alive = (p: number) => {
        try {
          process.kill(p, 0);
          return true;
        } catch {
          return false;
        }
      };
      if (pid) {
        try {
          process.kill(pid, 'SIGINT'); // fast shutdown
        } catch {
          /* already gone */
        }
        const deadline = Date.now() + 10_000;
        while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        if (alive(pid)) process.kill(pid, 'SIGKILL');
      }
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      // the server's own children may hold the log pipes a moment longer: do not keep the test process alive for them
      child.stdout?.destroy();
      child.stderr?.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
