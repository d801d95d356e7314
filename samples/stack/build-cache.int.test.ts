/**
 * The esbuild cache of the stack's servers (build-cache.mjs): a second build of unchanged sources
 * is read back (same bytes, esbuild not run); an edited input, and a file added beside an input
 * that changes what an import resolves to, both rebuild.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cachedBuild } from './build-cache.mjs';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lk-build-cache-'));
  writeFileSync(join(root, 'package.json'), '{"name":"probe","private":true}');
  writeFileSync(join(root, 'entry.ts'), "import { word } from './dep';\nconsole.log(word);\n");
  writeFileSync(join(root, 'dep.js'), "export const word = 'from-js';\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const build = () =>
  cachedBuild({ entryPoints: [join(root, 'entry.ts')], bundle: true, format: 'esm', outdir: join(root, 'out'), absWorkingDir: root, logLevel: 'silent' }, { name: 'probe' });
const text = (r: Awaited<ReturnType<typeof build>>) => r.outputFiles.map((f) => Buffer.from(f.contents).toString()).join('');

it('reuses an unchanged build, rebuilds after an edit', async () => {
  const first = await build();
  expect(first.reused).toBe(false);
  expect(text(first)).toContain('from-js');
  const second = await build();
  expect(second.reused).toBe(true);
  expect(text(second)).toBe(text(first));
  expect(second.outputFiles.map((f) => f.path)).toEqual(first.outputFiles.map((f) => f.path));

  writeFileSync(join(root, 'dep.js'), "export const word = 'edited';\n");
  const third = await build();
  expect(third.reused).toBe(false);
  expect(text(third)).toContain('edited');
});

it('rebuilds when a file added beside an input changes what an import resolves to', async () => {
  expect(text(await build())).toContain('from-js');
  // esbuild resolves './dep' to dep.ts before dep.js
  writeFileSync(join(root, 'dep.ts'), "export const word: string = 'from-ts';\n");
  const again = await build();
  expect(again.reused).toBe(false);
  expect(text(again)).toContain('from-ts');
});
