/**
 * The package as a consumer gets it, built once per source state and shared by the test files of
 * a run: `builtDist()` runs `node esbuild.mjs` (dist/: the library, the declarations, the CDN
 * build) once and keeps what it printed; `packedTarball()` packs that dist/ (`npm pack`, its
 * prepack build skipped), for the consumer checks, the size budgets, the third-party plugin and
 * the CDN page. Both are keyed by a hash of everything the build reads and made under a lock, so
 * parallel test files build and pack once, and never write dist/ at the same time.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from './artifacts';

const BUILD_INPUTS = ['package.json', 'esbuild.mjs', 'tsconfig.json', 'tsconfig.build.json', 'kernel', 'plugins', 'ui', 'scripts/build', 'scripts/size'];

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const name of readdirSync(path).sort()) yield* files(join(path, name));
}

function sourceHash(): string {
  const h = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    for (const file of files(join(REPO_ROOT, input))) {
      h.update(file.slice(REPO_ROOT.length)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return h.digest('hex').slice(0, 16);
}

/** Runs a command without blocking this process (a build takes minutes on a loaded machine; jest's timers keep running). */
const run = promisify(execFile);

async function withLock<T>(lock: string, fn: () => T | Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      // only a held lock is waited for (a missing parent folder is an error, not a wait)
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // a lock older than 5 minutes belongs to a killed run
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() - started > 300_000) throw new Error(`tarball: lock ${lock} held for 5 minutes`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Where the build of a source state records what it printed: outside dist/ (which is packed) and
 * beside it in this checkout (not under node_modules, which a second worktree may share: its
 * record would claim this checkout's dist/ holds a build it never made).
 */
const buildRecord = (hash: string) => join(REPO_ROOT, '.cache', 'latchkey-dist', `${hash}.txt`);

/** Builds dist/ for the current sources unless it is built already; resolves with what `node esbuild.mjs` printed. */
export async function builtDist(): Promise<string> {
  const hash = sourceHash();
  const record = buildRecord(hash);
  // the record says this source state was built; dist/ must still hold it (a clean may have removed it)
  const built = () => existsSync(record) && existsSync(join(REPO_ROOT, 'dist', 'esm', 'kernel.js'));
  if (built()) return readFileSync(record, 'utf8');
  mkdirSync(join(REPO_ROOT, '.cache'), { recursive: true });
  return withLock(join(REPO_ROOT, '.cache', 'latchkey-dist.lock'), async () => {
    if (built()) return readFileSync(record, 'utf8');
    const r = await run(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 << 20 }).catch((err: { stdout?: string; stderr?: string; code?: unknown }) => {
      throw new Error(`node esbuild.mjs failed (exit ${String(err.code)}):\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
    });
    const output = `${r.stdout}\n${r.stderr}`;
    mkdirSync(dirname(record), { recursive: true });
    writeFileSync(`${record}.tmp`, output);
    renameSync(`${record}.tmp`, record);
    return output;
  });
}

/** Path of latchkey's tarball for the current sources (dist/ built by `builtDist()`, then `npm pack`). */
export async function packedTarball(): Promise<string> {
  const hash = sourceHash();
  const dir = join(tmpdir(), `latchkey-pack-${hash}`);
  const done = join(dir, 'latchkey.tgz');
  if (existsSync(done)) return done;
  await builtDist();
  return withLock(`${dir}.lock`, async () => {
    if (existsSync(done)) return done;
    mkdirSync(dir, { recursive: true });
    const { stdout: out } = await run('npm', ['pack', '--pack-destination', dir, '--json', '--ignore-scripts'], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
    const name = (JSON.parse(out.slice(out.indexOf('['))) as { filename: string }[])[0]!.filename;
    renameSync(join(dir, name), done);
    return done;
  });
}

/** Links packages of this repository's install into `project/node_modules` (as an install would place them). */
export function linkPackages(project: string, names: readonly string[]): void {
  for (const name of names) {
    const target = join(REPO_ROOT, 'node_modules', name);
    const at = join(project, 'node_modules', name);
    if (!existsSync(target) || existsSync(at)) continue;
    mkdirSync(dirname(at), { recursive: true });
    symlinkSync(target, at, 'dir');
  }
}

/**
 * Installs the tarball into `project/node_modules/latchkey` and links latchkey's dependencies
 * (and `extra` packages) from this repository's install: what `npm install <tarball>` gives,
 * without the network.
 */
export async function installTarball(project: string, extra: readonly string[] = []): Promise<string> {
  const tarball = await packedTarball();
  const into = join(project, 'node_modules', 'latchkey');
  mkdirSync(into, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', into, '--strip-components=1']);
  const pkg = JSON.parse(readFileSync(join(into, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  linkPackages(project, [...Object.keys(pkg.dependencies ?? {}), ...extra]);
  return tarball;
}
