#!/usr/bin/env node
// What a chain plugin adds to a host's entry bundle, and what it loads later. Run after
// `npm run build` (it reads dist/esm, as a host's bundler does):
//
//   node scripts/size/chain-plugins.mjs [--json FILE]
//
// Builds three host entries with esbuild (browser, minified, code-split, everything but React
// bundled): the kernel with the evm plugin; the same plus solanaPlugin(); plus bitcoinPlugin().
// Prints the gzip size (level 9) of each entry's static-import closure (the JS a page loads
// before the connect button works), the growth per chain plugin (issue 10's budget: at most
// 1 KiB each), and the lazy chunks each plugin loads on first use (from dist/size-report.json).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { staticClosure } from './closure.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PKG = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
const BUDGET_KIB = 1;
const jsonOut = (() => {
  const i = process.argv.indexOf('--json');
  return i >= 0 ? process.argv[i + 1] : undefined;
})();

/** 'latchkey' and 'latchkey/…' through package.json's exports to dist/esm. */
const packagePlugin = {
  name: 'latchkey-package',
  setup(b) {
    b.onResolve({ filter: /^latchkey(\/|$)/ }, (args) => {
      const sub = args.path === 'latchkey' ? '.' : `./${args.path.slice('latchkey/'.length)}`;
      const target = PKG.exports?.[sub]?.import;
      if (!target) return { errors: [{ text: `latchkey has no export '${sub}'` }] };
      return { path: join(ROOT, target) };
    });
  },
};

const HOSTS = {
  base: { plugins: ['evm'] },
  solana: { plugins: ['evm', 'solana'] },
  both: { plugins: ['evm', 'solana', 'bitcoin'] },
};
const FACTORY = { evm: 'evmPlugin', solana: 'solanaPlugin', bitcoin: 'bitcoinPlugin' };

function source(plugins) {
  const imports = plugins.map((p) => `import { ${FACTORY[p]} } from 'latchkey/plugins/${p}';`).join('\n');
  return `import { createKernel } from 'latchkey';\n${imports}\nconst kernel = createKernel({ options: { projectId: 'size' }, plugins: [${plugins.map((p) => `${FACTORY[p]}()`).join(', ')}] });\nvoid kernel.start();\n`;
}

const dir = await mkdtemp(join(tmpdir(), 'latchkey-chain-size-'));
try {
  const figures = {};
  for (const [name, host] of Object.entries(HOSTS)) {
    const entry = join(dir, `${name}.js`);
    await writeFile(entry, source(host.plugins));
    const out = join(dir, `out-${name}`);
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      outdir: out,
      metafile: true,
      logLevel: 'error',
      absWorkingDir: ROOT,
      nodePaths: [join(ROOT, 'node_modules')],
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [packagePlugin],
    });
    const entryRel = relative(ROOT, entry);
    const closure = staticClosure(result.metafile, entryRel, { cwd: ROOT });
    figures[name] = { eagerGzip: closure.gzip, files: closure.files.length };
    if (process.env.DEBUG) console.log(name, closure.files.map((f) => `${f.file} ${f.gzip}`).join('\n  '));
  }
  const kib = (n) => (n / 1024).toFixed(2);
  const solanaGrowth = figures.solana.eagerGzip - figures.base.eagerGzip;
  const bitcoinGrowth = figures.both.eagerGzip - figures.solana.eagerGzip;
  console.log('host entry bundle (static closure, gzip -9, everything but React):');
  console.log(`  kernel + evm                      ${kib(figures.base.eagerGzip)} KiB`);
  console.log(`  + solanaPlugin()                  ${kib(figures.solana.eagerGzip)} KiB  (+${kib(solanaGrowth)} KiB, budget ${BUDGET_KIB} KiB: ${solanaGrowth <= BUDGET_KIB * 1024 ? 'ok' : 'OVER'})`);
  console.log(`  + bitcoinPlugin()                 ${kib(figures.both.eagerGzip)} KiB  (+${kib(bitcoinGrowth)} KiB, budget ${BUDGET_KIB} KiB: ${bitcoinGrowth <= BUDGET_KIB * 1024 ? 'ok' : 'OVER'})`);
  // The lazy chunks, from the build's own report (cdn: dependencies bundled; esm: our code only).
  const report = JSON.parse(await readFile(join(ROOT, 'dist/size-report.json'), 'utf8'));
  const lazy = report.files.filter((f) => f.entryPoint && /^plugins\/(solana|bitcoin)\/(?!index\.ts$)/.test(f.entryPoint));
  console.log('lazy chunks (dist/size-report.json), gzip:');
  for (const f of lazy) console.log(`  ${f.build.padEnd(4)} ${f.entryPoint.padEnd(34)} ${kib(f.gzip).padStart(7)} KiB (${f.bytes} bytes)`);
  figures.lazy = lazy.map(({ build, entryPoint, bytes, gzip }) => ({ build, entryPoint, bytes, gzip }));
  if (jsonOut) await writeFile(jsonOut, JSON.stringify({ figures, solanaGrowth, bitcoinGrowth }, null, 2) + '\n');
} finally {
  await rm(dir, { recursive: true, force: true });
}
