#!/usr/bin/env node
// Builds dist/ from the package.json `exports` map.
//
//   node esbuild.mjs              both builds + size report
//   node esbuild.mjs --lib-only   dist/esm only (+ size report)
//   node esbuild.mjs --cdn-only   dist/cdn only (+ size report)
//
// Entries: package.json `exports`, each with a `source` condition (the TypeScript file).
//
// dist/esm/  The ESM library for bundlers: one entry per exports subpath,
//            code-split so entries share chunks, every dependency and peer
//            dependency left external (the host's bundler keeps one copy),
//            readable (syntax minified, identifiers and whitespace kept). Entries that
//            reach React start with "use client" (scripts/build/clientBoundary.mjs), so a
//            React Server Component can render latchkey/react's components.
// dist/types/ .d.ts declarations of kernel/, plugins/ and ui/ (scripts/build/declarations.mjs);
//            every entry's `types` condition names the file of its `source`.
// dist/cdn/  Bundles for <script type="module"> from a CDN, no import map needed:
//            everything bundled (React too, for element.js and the plugins' views;
//            only wagmi, which wagmi.js plugs into, stays the host's),
//            minified, code-split so the kernel, inversify and rxjs live in one
//            shared chunk that every plugin bundle imports, and React in chunks
//            that only UI code reaches (kernel.js loads none of it). A page loads
//            element.js and the plugins/<name>.js it registers.
// dist/latchkey.css  The UI's stylesheet as a file (`latchkey/styles.css`), for hosts that
//            link it (LatchkeyProvider styles="none"): the same rules the UI adopts itself
//            (ui/shell/css/base.ts, then ui/shell/css/modal.ts).
// dist/size-report.json  bytes and gzip -9 bytes of every emitted .js file and,
//            per entry, the gzip size of its static-import closure.
import * as esbuild from 'esbuild';
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSize, staticClosure } from './scripts/size/closure.mjs';
import { coreChunkPlugin } from './scripts/build/chunking.mjs';
import { latchkeySourcePlugin } from './scripts/build/source-resolution.cjs';
import { buildDeclarations, typesPathFor } from './scripts/build/declarations.mjs';
import { markClientEntries } from './scripts/build/clientBoundary.mjs';

const ROOT = dirname(fileURLToPath(import.meta.url));
const DIST = join(ROOT, 'dist');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** Dependencies the ESM library leaves to the host (plus their subpaths). */
const LIB_EXTERNAL_NAMES = [
  ...new Set([
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
    ...Object.keys(pkg.optionalDependencies ?? {}),
    'react', 'react-dom', 'inversify', 'rxjs', 'zod', 'viem', 'reflect-metadata', 'qrcode',
  ]),
];
const LIB_EXTERNAL = [...LIB_EXTERNAL_NAMES.flatMap((n) => [n, `${n}/*`]), '@walletconnect/*', '@solana/*'];
/**
 * The CDN build bundles everything, React included, except the host's own libraries that an
 * entry plugs into (peer dependencies other than React: latchkey/wagmi's @wagmi/core must be
 * the host's copy); a CDN page maps those with an import map.
 */
const CDN_EXTERNAL = Object.keys(pkg.peerDependencies ?? {})
  .filter((n) => n !== 'react' && n !== 'react-dom')
  .flatMap((n) => [n, `${n}/*`]);

// ---------------------------------------------------------------- arguments
const argv = process.argv.slice(2);
for (const a of argv) {
  if (!['--lib-only', '--cdn-only', '--help', '-h'].includes(a)) {
    console.error(`esbuild.mjs: unknown argument '${a}' (use --lib-only or --cdn-only)`);
    process.exit(2);
  }
}
if (argv.includes('--help') || argv.includes('-h')) {
  console.log('usage: node esbuild.mjs [--lib-only | --cdn-only]');
  process.exit(0);
}
const libOnly = argv.includes('--lib-only');
const cdnOnly = argv.includes('--cdn-only');
if (libOnly && cdnOnly) {
  console.error('esbuild.mjs: --lib-only and --cdn-only exclude each other');
  process.exit(2);
}

// ------------------------------------------------------------------ entries
/**
 * One entry per `exports` subpath, from package.json alone: the `source` condition names the
 * TypeScript file, the `import` target under dist/esm/ names the output. A new plugin is added
 * to package.json's exports and nowhere else.
 */
function resolveEntries() {
  const entries = [];
  const skipped = [];
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    if (typeof target !== 'object' || target === null) continue; // './package.json'
    const source = typeof target.source === 'string' ? target.source.replace(/^\.\//, '') : undefined;
    const out = /^\.\/dist\/esm\/(.+)\.js$/.exec(target.import ?? '')?.[1];
    if (!source || !out) throw new Error(`package.json exports['${subpath}'] needs a "source" (.ts) and an "import" under ./dist/esm/`);
    if (target.types !== typesPathFor(source)) {
      throw new Error(`package.json exports['${subpath}'].types must be "${typesPathFor(source)}" (the declaration of its source)`);
    }
    if (!existsSync(join(ROOT, source))) {
      skipped.push({ subpath, why: `no ${source}` });
      continue;
    }
    entries.push({ subpath, name: out, source });
  }
  return { entries, skipped };
}

// ------------------------------------------------------------------- builds
const common = {
  absWorkingDir: ROOT,
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',
  metafile: true,
  treeShaking: true,
  logLevel: 'warning',
  chunkNames: 'chunks/[name]-[hash]',
  tsconfig: join(ROOT, 'tsconfig.json'),
  jsx: 'automatic',
  plugins: [latchkeySourcePlugin(), coreChunkPlugin()],
};

/** entryPoints object: output name → source; "." and "./kernel" share one. */
function entryPoints(entries) {
  const out = {};
  for (const e of entries) {
    if (out[e.name] && out[e.name] !== e.source) {
      throw new Error(`two exports subpaths write ${e.name}.js from different sources (${out[e.name]}, ${e.source})`);
    }
    out[e.name] = e.source;
  }
  return out;
}

async function buildLib(entries) {
  const outdir = join(DIST, 'esm');
  rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    ...common,
    entryPoints: entryPoints(entries),
    outdir,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    external: LIB_EXTERNAL,
    // Library consumers minify; keep the output readable but dead-code free.
    minifySyntax: true,
    minifyWhitespace: false,
    minifyIdentifiers: false,
  });
  const bundledDeps = Object.keys(result.metafile.inputs).filter((p) => p.includes('node_modules/'));
  if (bundledDeps.length) {
    const pkgs = [...new Set(bundledDeps.map((p) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(p)?.[1]))];
    console.warn(`warning: the ESM library bundles ${pkgs.join(', ')}; add to dependencies to keep it external`);
  }
  writeFileSync(join(outdir, 'metafile.json'), JSON.stringify(result.metafile));
  const client = markClientEntries(result.metafile, entries, ROOT);
  console.log(`"use client": ${client.join(', ')}`);
  return result.metafile;
}

async function buildCdn(entries) {
  const outdir = join(DIST, 'cdn');
  rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    ...common,
    entryPoints: entryPoints(entries),
    outdir,
    platform: 'browser',
    external: CDN_EXTERNAL,
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    legalComments: 'none',
  });
  writeFileSync(join(outdir, 'metafile.json'), JSON.stringify(result.metafile));
  return result.metafile;
}

// --------------------------------------------------------------- stylesheet
/** The CSS modules the UI adopts at run time, in order; dist/latchkey.css is their concatenation. */
const CSS_MODULES = [
  { file: 'ui/shell/css/base.ts', name: 'BASE_CSS' },
  { file: 'ui/shell/css/modal.ts', name: 'MODAL_CSS' },
];

/** Writes dist/latchkey.css from the CSS modules (bundled in memory, then imported). */
async function buildStylesheet() {
  const contents = CSS_MODULES.map((m, i) => `export { ${m.name} as css${i} } from ${JSON.stringify(`./${m.file}`)};`).join('\n');
  const result = await esbuild.build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts', sourcefile: 'stylesheet.ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'warning',
  });
  const code = result.outputFiles[0].text;
  const mod = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  const parts = CSS_MODULES.map((_, i) => mod[`css${i}`]);
  if (parts.some((p) => typeof p !== 'string' || !p)) throw new Error('a CSS module exports no stylesheet text');
  const css = `/* latchkey ${pkg.version}: the modal's stylesheet. Link it and pass styles="none" to LatchkeyProvider, or let the UI adopt it. */\n${parts.join('')}`;
  const file = join(DIST, 'latchkey.css');
  writeFileSync(file, css);
  return { file: 'dist/latchkey.css', bytes: Buffer.byteLength(css), gzip: gzipSize(Buffer.from(css)) };
}

// -------------------------------------------------------------- size report
const BUILDS = ['esm', 'cdn'];

function sizeReport(entries) {
  const files = [];
  const entrySummaries = {};
  const builds = {};
  for (const build of BUILDS) {
    const metaPath = join(DIST, build, 'metafile.json');
    if (!existsSync(metaPath)) continue;
    const meta = JSON.parse(readFileSync(metaPath, 'utf8'));
    builds[build] = { builtAt: statSync(metaPath).mtime.toISOString(), metafile: `dist/${build}/metafile.json` };
    for (const out of Object.keys(meta.outputs)) {
      if (!out.endsWith('.js')) continue;
      const data = readFileSync(join(ROOT, out));
      const entryPoint = meta.outputs[out].entryPoint;
      files.push({ build, file: out, bytes: data.length, gzip: gzipSize(data), ...(entryPoint ? { entryPoint } : {}) });
    }
    for (const e of entries) {
      const hasEntry = Object.values(meta.outputs).some((o) => o.entryPoint === e.source);
      if (!hasEntry) continue;
      const c = staticClosure(meta, e.source, { cwd: ROOT });
      (entrySummaries[e.subpath] ??= {})[build] = {
        entry: c.entry,
        bytes: c.bytes,
        gzip: c.gzip,
        files: c.files.map((f) => f.file),
        externals: c.externals,
      };
    }
  }
  files.sort((a, b) => (a.build === b.build ? a.file.localeCompare(b.file) : BUILDS.indexOf(a.build) - BUILDS.indexOf(b.build)));
  return {
    generatedAt: new Date().toISOString(),
    builds,
    files,
    summary: {
      // The kernel entry (".") and the JS its static imports pull in, gzip -9 per file, summed.
      kernel: entrySummaries['.'] ?? null,
      entries: entrySummaries,
    },
  };
}

const kib = (n) => (n / 1024).toFixed(2);

function printTable(report) {
  const rows = report.files.map((f) => [f.file, String(f.bytes), kib(f.gzip)]);
  const head = ['file', 'bytes', 'gzip KiB'];
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => `${r[0].padEnd(w[0])}  ${r[1].padStart(w[1])}  ${r[2].padStart(w[2])}`;
  console.log('');
  console.log(line(head));
  console.log(line(w.map((n) => '-'.repeat(n))));
  for (const r of rows) console.log(line(r));
  console.log('');
  console.log('static-import closure per entry, gzip KiB (esm: own code only, deps external; cdn: everything):');
  const seen = new Map(); // subpaths built from the same source share one line
  for (const [subpath, byBuild] of Object.entries(report.summary.entries)) {
    const key = JSON.stringify(BUILDS.map((b) => byBuild[b]?.entry));
    seen.set(key, { subpaths: [...(seen.get(key)?.subpaths ?? []), subpath], byBuild });
  }
  for (const { subpaths, byBuild } of seen.values()) {
    const subpath = subpaths.join(', ');
    const parts = BUILDS.filter((b) => byBuild[b]).map(
      (b) => `${b} ${kib(byBuild[b].gzip)} (${byBuild[b].files.length} file${byBuild[b].files.length === 1 ? '' : 's'})`,
    );
    console.log(`  ${subpath.padEnd(26)} ${parts.join('   ')}`);
  }
}

// --------------------------------------------------------------------- main
try {
  const { entries, skipped } = resolveEntries();
  for (const s of skipped) console.log(`skip ${s.subpath}: ${s.why}`);
  if (!entries.length) throw new Error('no exports subpath has a source file to build');
  mkdirSync(DIST, { recursive: true });
  const started = Date.now();
  if (!cdnOnly) {
    await buildLib(entries);
    const n = buildDeclarations(ROOT);
    console.log(`dist/types: ${n} declaration files`);
  }
  if (!libOnly) await buildCdn(entries);
  const stylesheet = await buildStylesheet();
  const report = { ...sizeReport(entries), stylesheet };
  writeFileSync(join(DIST, 'size-report.json'), JSON.stringify(report, null, 2) + '\n');
  printTable(report);
  console.log(`\nstylesheet: ${stylesheet.file} ${stylesheet.bytes} bytes, ${kib(stylesheet.gzip)} KiB gzip`);
  const built = [!cdnOnly && 'dist/esm', !libOnly && 'dist/cdn', 'dist/latchkey.css'].filter(Boolean).join(' + ');
  console.log(`\nbuilt ${built} (${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}) in ${Date.now() - started} ms; wrote dist/size-report.json`);
} catch (err) {
  // esbuild has already printed its diagnostics (logLevel 'warning').
  if (!err?.errors) console.error(err?.stack ?? err);
  console.error('build failed');
  process.exit(1);
}
