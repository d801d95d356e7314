#!/usr/bin/env node
// What a feature plugin (one that adds views, not a chain) adds to a host's entry bundle, and
// what it loads on first use. Run after `npm run build` (it reads dist/esm, as a host's bundler
// does):
//
//   node scripts/size/feature-plugins.mjs [--json FILE] [plugin=factory ...]
//
// Default plugins: swaps=swapsPlugin. Builds one host entry per plugin with esbuild (browser,
// minified, code-split, React external as the host has it): the kernel, the evm plugin and the
// React modal; then the same with the plugin registered. Prints:
// - the gzip size (level 9) of each entry's static-import closure (the JS a page loads before
//   the connect button works) and the growth the plugin causes (budget: at most 1 KiB);
// - its lazy code: the files its dynamic imports (module, views) reach that the page had not
//   loaded, in total and the part no other part of the host shares ("own").
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { staticClosure } from './closure.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PKG = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
const BUDGET_KIB = 1;
const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonOut = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
const named = args.filter((a, i) => a.includes('=') && i !== jsonAt + 1);
const PLUGINS = Object.fromEntries((named.length ? named : ['swaps=swapsPlugin']).map((a) => a.split('=')));
for (const [id, factory] of Object.entries(PLUGINS)) {
  if (!/^[a-z][a-z0-9-]*$/.test(id) || !/^[A-Za-z_$][\w$]*$/.test(factory)) throw new Error(`not a plugin=factory pair: ${id}=${factory}`);
  if (!PKG.exports?.[`./plugins/${id}`]) throw new Error(`package.json has no export ./plugins/${id}`);
}

/** 'latchkey' and 'latchkey/…' through package.json's exports to dist/esm. */
const packagePlugin = {
  name: 'latchkey-package',
  setup(b) {
    b.onResolve({ filter: /^latchkey(\/|$)/ }, (a) => {
      const sub = a.path === 'latchkey' ? '.' : `./${a.path.slice('latchkey/'.length)}`;
      const target = PKG.exports?.[sub]?.import;
      if (!target) return { errors: [{ text: `latchkey has no export '${sub}'` }] };
      return { path: join(ROOT, target) };
    });
  },
};

function source(plugin) {
  const [id, factory] = plugin ?? [];
  return [
    `import { createElement } from 'react';`,
    `import { createRoot } from 'react-dom/client';`,
    `import { createKernel } from 'latchkey';`,
    `import { evmPlugin } from 'latchkey/plugins/evm';`,
    `import { ConnectButton, LatchkeyProvider } from 'latchkey/react';`,
    id ? `import { ${factory} } from 'latchkey/plugins/${id}';` : '',
    `const kernel = createKernel({ options: { projectId: 'size' }, plugins: [evmPlugin()${id ? `, ${factory}()` : ''}] });`,
    `createRoot(document.body).render(createElement(LatchkeyProvider, { kernel }, createElement(ConnectButton)));`,
  ].join('\n');
}

async function build(dir, name, plugin) {
  const entry = join(dir, `${name}.js`);
  await writeFile(entry, source(plugin));
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    outdir: join(dir, `out-${name}`),
    metafile: true,
    logLevel: 'error',
    absWorkingDir: ROOT,
    nodePaths: [join(ROOT, 'node_modules')],
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [packagePlugin],
  });
  return { meta: result.metafile, entry: relative(ROOT, entry) };
}

/** Output files reachable from `starts` by static imports (the closure of each). */
function closureOf(meta, starts) {
  const files = new Map();
  for (const s of starts) for (const f of staticClosure(meta, s, { cwd: ROOT }).files) files.set(f.file, f);
  return files;
}

/** The dist/esm chunks `dist/esm/plugins/<id>.js` loads with import() (its module and views). */
const DIST_META = JSON.parse(await readFile(join(ROOT, 'dist/esm/metafile.json'), 'utf8'));
function lazyDistChunks(id) {
  const out = DIST_META.outputs[`dist/esm/plugins/${id}.js`];
  if (!out) throw new Error(`dist/esm/plugins/${id}.js is not in dist/esm/metafile.json: run npm run build`);
  return out.imports.filter((i) => i.kind === 'dynamic-import' && !i.external).map((i) => i.path);
}

/** The host's outputs that hold one of `distFiles` (where its bundler put the plugin's lazy chunks). */
const outputsHolding = (meta, distFiles) =>
  Object.entries(meta.outputs)
    .filter(([, o]) => Object.keys(o.inputs).some((i) => distFiles.includes(i)))
    .map(([out]) => out);

const kib = (n) => (n / 1024).toFixed(2);
const sum = (files) => [...files.values()].reduce((a, f) => a + f.gzip, 0);
const dir = await mkdtemp(join(tmpdir(), 'latchkey-feature-size-'));
try {
  const base = await build(dir, 'base');
  const baseGzip = sum(closureOf(base.meta, [base.entry]));
  console.log('host entry bundle (static closure, gzip -9; kernel, evm plugin, React modal; React itself external):');
  console.log(`  kernel + evm + modal              ${kib(baseGzip)} KiB`);
  const figures = { base: { eagerGzip: baseGzip }, plugins: {} };
  for (const [id, factory] of Object.entries(PLUGINS)) {
    const host = await build(dir, id, [id, factory]);
    const eager = closureOf(host.meta, [host.entry]);
    const growth = sum(eager) - baseGzip;
    // the plugin's dynamic-import targets, where the host's bundle put them
    const lazyStarts = outputsHolding(host.meta, lazyDistChunks(id)).filter((o) => !eager.has(o));
    if (!lazyStarts.length) throw new Error(`${id}: none of its lazy chunks found in the host's bundle`);
    const lazyAll = closureOf(host.meta, lazyStarts);
    for (const f of eager.keys()) lazyAll.delete(f);
    // shared with the rest of the host: reachable from any other dynamic import (the modal's views, other plugins)
    const others = Object.keys(host.meta.outputs).filter((o) => o.endsWith('.js') && !lazyStarts.includes(o) && !eager.has(o) && !lazyAll.has(o));
    const shared = closureOf(host.meta, others);
    const own = new Map([...lazyAll].filter(([f]) => !shared.has(f)));
    console.log(`  + ${`${factory}()`.padEnd(31)} ${kib(sum(eager))} KiB  (+${kib(growth)} KiB, budget ${BUDGET_KIB} KiB: ${growth <= BUDGET_KIB * 1024 ? 'ok' : 'OVER'})`);
    console.log(`    loaded on first use: ${kib(sum(lazyAll))} KiB in ${lazyAll.size} files, of which its own ${kib(sum(own))} KiB (${[...own.values()].reduce((a, f) => a + f.bytes, 0)} bytes minified)`);
    if (process.env.DEBUG) for (const f of lazyAll.values()) console.log(`      ${f.file} ${f.gzip}${own.has(f.file) ? ' own' : ''}`);
    figures.plugins[id] = { eagerGzip: sum(eager), growth, lazyGzip: sum(lazyAll), lazyFiles: lazyAll.size, ownLazyGzip: sum(own), ownLazyBytes: [...own.values()].reduce((a, f) => a + f.bytes, 0) };
  }
  if (jsonOut) await writeFile(jsonOut, JSON.stringify(figures, null, 2) + '\n');
} finally {
  await rm(dir, { recursive: true, force: true });
}
