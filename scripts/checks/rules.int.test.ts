/**
 * The house rules as checks in `npm test`: the import rules (dependency-cruiser), the
 * type-check (tsc), the unused files / exports / dependencies report (knip, kept empty or
 * explained in knip.jsonc; once with the tests and once in production mode, without them), and a
 * package that ships no test file.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { packedTarball } from '../../tests/support/tarball';

const ROOT = join(__dirname, '..', '..');
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

function run(cmd: string, args: readonly string[], cwd = ROOT) {
  const res = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 240_000, maxBuffer: 64 << 20 });
  return { status: res.status, stdout: res.stdout ?? '', output: `${res.stdout ?? ''}${res.stderr ?? ''}` };
}

describe('import rules (.dependency-cruiser.cjs)', () => {
  it('the repository keeps them: no cycle, headless kernel, plugins through public entries only', () => {
    const r = run(bin('depcruise'), ['kernel', 'plugins', 'ui', 'samples', 'tests', 'scripts', 'esbuild.mjs', '--config', '.dependency-cruiser.cjs']);
    expect(r.output).toContain('no dependency violations found');
    expect(r.status).toBe(0);
  });

  it('each rule fires on a tree that breaks it (tests/fixtures/import-rules)', () => {
    const r = run(bin('depcruise'), ['kernel', 'plugins', 'ui', 'samples', '--config', join(ROOT, '.dependency-cruiser.cjs')], join(ROOT, 'tests/fixtures/import-rules'));
    expect(r.status).not.toBe(0);
    for (const rule of [
      'no-cycles',
      'kernel-headless',
      'plugin-public-kernel-only',
      'plugin-public-ui-only',
      'plugin-no-other-plugin',
      'ui-public-kernel-only',
      'ui-no-plugin',
      'shipped-code-no-samples',
    ]) {
      expect([rule, r.output.includes(`error ${rule}:`)]).toEqual([rule, true]);
    }
  });
});

/**
 * The repository's type-check runs on TypeScript's native compiler (tsgo, TypeScript 7): the same
 * checker, about 12 s here where tsc 5.9 takes 54 s. What hosts compile with is still checked
 * with tsc 5.9 (the declarations build, scripts/package/consumer.int.test.ts). Single-threaded:
 * tsgo's parallel checkers each redo the shared work (the libraries' types), 35 s of CPU against
 * 19 s on one thread; the run keeps both cores busy with other files anyway.
 */
it('type-checks (tsgo --noEmit)', () => {
  const r = run(bin('tsgo'), ['--noEmit', '--singleThreaded', '-p', '.']);
  expect(r.output.trim()).toBe('');
  expect(r.status).toBe(0);
}, 120_000);

it('knip finds no unused file, export or dependency', () => {
  const r = run(bin('knip'), ['--no-progress']);
  expect(r.output.trim()).toBe('');
  expect(r.status).toBe(0);
}, 240_000);

/**
 * The same without the tests (`--production`: the entries marked `!` in knip.jsonc, the package's
 * exports and `npm start`): production code that only tests use is reported too. Code meant for
 * tests lives under a testing/ folder.
 */
it('knip --production finds no file, export or dependency that only tests use', () => {
  const r = run(bin('knip'), ['--production', '--no-progress']);
  expect(r.output.trim()).toBe('');
  expect(r.status).toBe(0);
}, 240_000);

/** The run's packed tarball (built once and shared with the consumer checks and the size budgets): what npm publishes. */
it('the packed tarball ships no test, test kit or fixture', async () => {
  const r = run('tar', ['-tzf', await packedTarball()]);
  expect(r.status).toBe(0);
  const files = r.stdout.split('\n').filter(Boolean).map((f) => f.replace(/^package\//, ''));
  expect(files.length).toBeGreaterThan(20);
  expect(files.filter((f) => /\.(test|spec)\.tsx?$|(^|\/)(testing|fixtures)\//.test(f) || /metafile\.json$/.test(f))).toEqual([]);
  // and what a host imports is there
  expect(files).toEqual(expect.arrayContaining(['kernel/index.ts', 'plugins/evm/index.ts', 'ui/react/index.ts', 'dist/esm/kernel.js']));
}, 300_000);
