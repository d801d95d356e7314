/**
 * The Next.js example (samples/next-app) as its users run it: the packed tarball in its
 * node_modules, `next build` (its type check done by tsgo after it: `nextBuild`), then `next start`. Next and React come from this repository's
 * install (no network): the build folder sits under .cache/ in the repository, so Node and
 * Turbopack find them up the tree (LATCHKEY_NEXT_ROOT tells next.config.mjs the root).
 *
 * `next build` takes minutes on a loaded machine: a build is kept under
 * .cache/next-app/<key>, the key a hash of the tarball (itself keyed by the library's sources)
 * and of the example's files, so a run builds once and later runs with the same sources reuse
 * it. Parallel test files share one build through a lock; older builds are removed.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../support/artifacts';
import { packedTarball } from '../../support/tarball';

export const EXAMPLE_DIR = join(REPO_ROOT, 'samples/next-app');
const CACHE_DIR = join(REPO_ROOT, '.cache/next-app');
const NEXT_BIN = join(REPO_ROOT, 'node_modules/next/dist/bin/next');
const TSGO_BIN = join(REPO_ROOT, 'node_modules/@typescript/native-preview/bin/tsgo');
/** What the example's build reads besides the tarball (its README, run.mjs, a user's node_modules or .next: not). */
const INPUTS = ['app', 'next.config.mjs', 'package.json', 'tsconfig.json'];

function* files(path: string): Generator<string> {
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const name of readdirSync(path).sort()) yield* files(join(path, name));
}

function buildKey(tarball: string): string {
  const h = createHash('sha256').update(readFileSync(tarball));
  for (const input of INPUTS) {
    for (const file of files(join(EXAMPLE_DIR, input))) h.update(file.slice(EXAMPLE_DIR.length)).update('\0').update(readFileSync(file)).update('\0');
  }
  h.update(readFileSync(join(REPO_ROOT, 'node_modules/next/package.json')));
  return h.digest('hex').slice(0, 16);
}

async function withLock<T>(lock: string, fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock, { recursive: false });
      break;
    } catch {
      // a lock older than 15 minutes belongs to a killed run
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 900_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() - started > 900_000) throw new Error(`next app: lock ${lock} held for 15 minutes`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Runs `node <args>` in `dir` (a child process: the test's event loop keeps running); resolves with its output, rejects with it when it fails. */
function runNode(what: string, args: readonly string[], dir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: dir, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${what} exited with ${code}:\n${out}`))));
  });
}

/**
 * `next build` in `dir`, then the example's type check: next.config.mjs skips `next build`'s own
 * (tsc, 9 s of CPU on this example) under LATCHKEY_NEXT_ROOT; tsgo checks
 * the same program (the example's tsconfig.json: its app/, next-env.d.ts and the route types the
 * build wrote in .next/types) in ~1 s, on one thread (the run's cores are busy). A build whose
 * types fail is not kept.
 */
async function nextBuild(dir: string): Promise<string> {
  const output = await runNode('next build', [NEXT_BIN, 'build'], dir);
  try {
    await runNode('tsgo (the example\'s type check)', [TSGO_BIN, '--noEmit', '--singleThreaded', '--incremental', 'false', '-p', 'tsconfig.json'], dir);
  } catch (err) {
    rmSync(join(dir, '.next', 'BUILD_ID'), { force: true });
    throw err;
  }
  return output;
}

export interface NextBuild {
  /** The built app's folder (its .next inside). */
  readonly dir: string;
  /** False when an earlier run's build was reused. */
  readonly built: boolean;
  /** What `next build` printed (empty when reused). */
  readonly output: string;
}

const env = () => ({ ...process.env, NEXT_TELEMETRY_DISABLED: '1', LATCHKEY_NEXT_ROOT: REPO_ROOT });

/** The example built against the packed tarball (built now, or an earlier build of the same sources). */
export async function buildNextApp(): Promise<NextBuild> {
  const tarball = await packedTarball();
  const key = buildKey(tarball);
  const dir = join(CACHE_DIR, key);
  const done = join(dir, '.next', 'BUILD_ID');
  if (existsSync(done)) return { dir, built: false, output: '' };
  mkdirSync(CACHE_DIR, { recursive: true });
  return withLock(`${dir}.lock`, async () => {
    if (existsSync(done)) return { dir, built: false, output: '' };
    for (const old of readdirSync(CACHE_DIR)) if (!old.startsWith(key)) rmSync(join(CACHE_DIR, old), { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
    for (const input of INPUTS) cpSync(join(EXAMPLE_DIR, input), join(dir, input), { recursive: true });
    // the example's package.json without its name: jest's module map would see two packages of one name
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    delete pkg.name;
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
    // `npm install ./latchkey-0.1.0.tgz`, without the network: the tarball unpacked into node_modules
    const into = join(dir, 'node_modules', 'latchkey');
    mkdirSync(into, { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '-C', into, '--strip-components=1']);
    const output = await nextBuild(dir);
    if (!existsSync(done)) throw new Error(`next build wrote no ${done}:\n${output}`);
    return { dir, built: true, output };
  });
}

/**
 * First-load JS per route, uncompressed bytes, as `next build` (16) records it in
 * .next/diagnostics/route-bundle-stats.json (its printed table no longer has the column).
 */
export function firstLoadJs(dir: string): Record<string, number> {
  const rows = JSON.parse(readFileSync(join(dir, '.next/diagnostics/route-bundle-stats.json'), 'utf8')) as { route: string; firstLoadUncompressedJsBytes: number }[];
  return Object.fromEntries(rows.map((r) => [r.route, r.firstLoadUncompressedJsBytes]));
}

export interface ServerProcess {
  readonly url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs `node <args>` in `cwd` as a server on `port`; resolves once its output matches `ready`
 * (rejects with its output if it exits first or stays silent for 60 s).
 */
export async function startServerProcess(args: readonly string[], options: { cwd: string; port: number; env: NodeJS.ProcessEnv; ready: RegExp }): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not get ready in 60 s:\n${out}`)), 60_000);
    const check = () => {
      if (options.ready.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited:\n${out}`));
    });
  }).catch(async (err) => {
    await stop();
    throw err;
  });
  return { url: `http://127.0.0.1:${options.port}`, output: () => out, stop };
}

/** `next start` on `port` in the built app's folder; resolves once it answers. */
export function startNextApp(dir: string, port: number, extraEnv: Readonly<Record<string, string>>): Promise<ServerProcess> {
  return startServerProcess([NEXT_BIN, 'start', '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: dir,
    port,
    env: { ...env(), ...extraEnv },
    ready: /Ready in/,
  });
}
