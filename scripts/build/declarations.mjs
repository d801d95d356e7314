// Type declarations for every `exports` entry: tsgo (TypeScript's native compiler,
// @typescript/native-preview) emits .d.ts files for kernel/, plugins/ and ui/ into dist/types
// (tsconfig.build.json), then every relative specifier in them gets the explicit file it names
// ('./x' → './x.js' or './x/index.js'), which moduleResolution node16 / nodenext require of an
// ESM package and bundler resolution accepts as well.
// Why tsgo and not tsc 5.9: the same declarations (compared file by file on 2026-11-27: 15 of
// 464 files differ, in quote style, member order and one equivalent `typeof`) for 7 s of CPU
// instead of 30 s, and every test run builds them. What consumers get is still checked with tsc
// 5.9 (scripts/package/consumer.int.test.ts: host apps type-check against these files, and
// are-the-types-wrong reads them). Single-threaded: tsgo's parallel checkers each redo the shared
// work (the libraries' types), about half again the CPU for a shorter wall time only on an idle
// machine; the test run builds this beside other work.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

const require = createRequire(import.meta.url);

/** Relative specifiers after `from`, `import(`, bare `import` and `declare module`. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bdeclare\s+module\s+)(['"])(\.{1,2}\/[^'"]*|\.{1,2})\2/g;

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (p.endsWith('.d.ts')) yield p;
  }
}

/** './x' → './x.js' | './x/index.js'; throws when the declaration it names was not emitted. */
export function explicitSpecifier(fromFile, spec) {
  if (/\.(m?js|json)$/.test(spec)) return spec;
  const base = resolve(dirname(fromFile), spec);
  if (existsSync(`${base}.d.ts`)) return `${spec}.js`;
  if (existsSync(join(base, 'index.d.ts'))) return `${spec.replace(/\/$/, '')}/index.js`;
  throw new Error(`${fromFile}: '${spec}' names no emitted declaration`);
}

export function rewriteSpecifiers(file, text) {
  return text.replace(SPECIFIER, (_m, lead, q, spec) => `${lead}${q}${explicitSpecifier(file, spec)}${q}`);
}

/** Emits dist/types; returns the number of declaration files. */
export function buildDeclarations(root) {
  const out = join(root, 'dist', 'types');
  rmSync(out, { recursive: true, force: true });
  // the package's exports map names no bin: its bin file, next to its package.json
  const tsgo = join(dirname(require.resolve('@typescript/native-preview/package.json', { paths: [root] })), 'bin', 'tsgo');
  const r = spawnSync(process.execPath, [tsgo, '--singleThreaded', '-p', join(root, 'tsconfig.build.json')], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`declarations: tsgo failed\n${r.stdout}${r.stderr}`);
  let n = 0;
  for (const file of walk(out)) {
    const text = readFileSync(file, 'utf8');
    const next = rewriteSpecifiers(file, text);
    if (next !== text) writeFileSync(file, next);
    n++;
  }
  return n;
}

/** The declaration file an exports entry's `types` condition must name, from its `source`. */
export function typesPathFor(source) {
  return `./${relative('.', join('dist/types', source.replace(/^\.\//, '').replace(/\.tsx?$/, '.d.ts')))}`;
}
