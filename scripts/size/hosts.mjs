#!/usr/bin/env node
// What Latchkey costs a host, measured the way a host's bundler sees the package: host entries
// built with esbuild (browser, minified, code-split, everything but React bundled) against a
// built package (its package.json exports → dist/esm):
//
//   react       latchkey/react's ConnectButton in a LatchkeyProvider, no plugin
//   react+evm   the same with evmPlugin()                      (the bench page's entry)
//   react+<p>   react+evm plus one more first-party plugin <p>
//   react+all   react+evm plus every first-party plugin
//
// For each: `eager` is the gzip -9 size of the entry's static-import closure (the JS a page loads
// before its connect button works), `total` every output file (eager + what loads on first use)
// but the translation chunks (`locales`, of which a visitor loads at most one per bundle).
// A plugin's `manifest` figure is its entry growth over react+evm (evm: over react), its `lazy`
// figure what its first use adds beyond that (total growth minus manifest growth).
//
// First-party plugins are package.json's `./plugins/<name>` exports whose source exports a
// `…Plugin` factory (so a new plugin is measured without editing this file).
//
//   node scripts/size/hosts.mjs [--package DIR] [--json FILE] [--why HOST]
//     (DIR defaults to the repo, after `npm run build`; --why lists the inputs of HOST's eager
//     closure by minified bytes, grouped by package or first-party folder, then every file of 100 bytes or more)
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { gzipSize, staticClosure } from './closure.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const REACT = ['react', 'react/*', 'react-dom', 'react-dom/*'];
/**
 * A translation chunk's input: a non-English `…/locales/<locale>.ts|js` source, a manifest's
 * `labels` module (its texts in every other locale, loaded only for a non-English visitor), or
 * the package build's chunk of one (esbuild names a split chunk after its entry: `chunks/es-HASH.js`).
 */
const LOCALE_FILE =
  /(?:\/locales\/(?!en\.)[A-Za-z-]+\.[cm]?[jt]s|\/plugins\/[^/]+\/labels\.[cm]?[jt]s|\/chunks\/(?:es|pt-BR|fr|de|ja|ko|zh-CN|ar|tr|he|labels)-[A-Z0-9]+\.js)$/;

/** First-party plugins of a package: `{ name, factory }` for each `./plugins/<name>` export with a `…Plugin` factory. */
export async function firstPartyPlugins(packageDir = ROOT) {
  const pkg = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
  const plugins = [];
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    const name = /^\.\/plugins\/([a-z0-9-]+)$/.exec(subpath)?.[1];
    if (!name || typeof target !== 'object') continue;
    // the declaration names the factory whichever way the source is shipped
    const declaration = await readFile(join(packageDir, target.types), 'utf8').catch(() => '');
    const factory = /export declare function ([a-zA-Z0-9]+Plugin)\(/.exec(declaration)?.[1];
    if (factory) plugins.push({ name, factory });
  }
  return plugins.sort((a, b) => (a.name === 'evm' ? -1 : b.name === 'evm' ? 1 : a.name.localeCompare(b.name)));
}

function hostSource(plugins) {
  return [
    "import { createElement } from 'react';",
    "import { createRoot } from 'react-dom/client';",
    "import { createKernel } from 'latchkey';",
    "import { ConnectButton, LatchkeyProvider } from 'latchkey/react';",
    ...plugins.map((p) => `import { ${p.factory} } from 'latchkey/plugins/${p.name}';`),
    `const kernel = createKernel({ options: { projectId: 'size' }, plugins: [${plugins.map((p) => `${p.factory}()`).join(', ')}] });`,
    "createRoot(document.getElementById('root')).render(createElement(LatchkeyProvider, { kernel }, createElement(ConnectButton)));",
    '',
  ].join('\n');
}

/**
 * Builds the host entries against the package in `packageDir` and measures them.
 * @returns {Promise<{ hosts: Record<string, { eager: number, total: number, locales: number, files: number }>, plugins: Record<string, { manifest: number, lazy: number }> }>}
 */
export async function measureHosts({ packageDir = ROOT, why } = {}) {
  const pkg = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
  const packagePlugin = {
    name: 'latchkey-package',
    setup(b) {
      b.onResolve({ filter: /^latchkey(\/|$)/ }, (args) => {
        const sub = args.path === 'latchkey' ? '.' : `./${args.path.slice('latchkey/'.length)}`;
        const target = pkg.exports?.[sub]?.import;
        if (!target) return { errors: [{ text: `latchkey has no export '${sub}'` }] };
        return { path: join(packageDir, target) };
      });
    },
  };
  const all = await firstPartyPlugins(packageDir);
  const evm = all.find((p) => p.name === 'evm');
  if (!evm) throw new Error('hosts: the package has no ./plugins/evm export');
  const others = all.filter((p) => p !== evm);
  const hostList = { react: [], 'react+evm': [evm], ...Object.fromEntries(others.map((p) => [`react+${p.name}`, [evm, p]])), 'react+all': all };

  const dir = await mkdtemp(join(tmpdir(), 'latchkey-hosts-'));
  try {
    const hosts = {};
    for (const [name, plugins] of Object.entries(hostList)) {
      const entry = join(dir, `${name.replace('+', '-')}.js`);
      await writeFile(entry, hostSource(plugins));
      const result = await esbuild.build({
        entryPoints: [entry],
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        minify: true,
        write: false,
        outdir: join(dir, `out-${name.replace('+', '-')}`),
        metafile: true,
        logLevel: 'error',
        absWorkingDir: dir,
        nodePaths: [join(ROOT, 'node_modules')],
        external: REACT,
        define: { 'process.env.NODE_ENV': '"production"' },
        plugins: [packagePlugin],
      });
      const contents = new Map(result.outputFiles.map((f) => [relative(dir, f.path).split('\\').join('/'), f.contents]));
      const closure = staticClosure(result.metafile, relative(dir, entry), { cwd: dir, contents });
      // a locale chunk (every input a non-English locales/ file) is left out of `total`: a visitor
      // loads at most one language, so the sum of all of them is no cost anyone pays
      const localeChunk = (file) => {
        const inputs = Object.keys(result.metafile.outputs[file]?.inputs ?? {});
        return inputs.length > 0 && inputs.every((i) => LOCALE_FILE.test(i));
      };
      const js = [...contents].filter(([p]) => p.endsWith('.js'));
      const total = js.filter(([p]) => !localeChunk(p)).reduce((sum, [, c]) => sum + gzipSize(c), 0);
      const locales = js.filter(([p]) => localeChunk(p)).reduce((sum, [, c]) => sum + gzipSize(c), 0);
      hosts[name] = { eager: closure.gzip, total, locales, files: closure.files.length };
      if (why === name) hosts[name].why = eagerInputs(result.metafile, closure.files.map((f) => f.file), dir, packageDir);
    }
    const base = hosts['react+evm'];
    const plugins = {
      evm: { manifest: base.eager - hosts.react.eager, lazy: base.total - hosts.react.total - (base.eager - hosts.react.eager) },
    };
    for (const p of others) {
      const h = hosts[`react+${p.name}`];
      plugins[p.name] = { manifest: h.eager - base.eager, lazy: h.total - base.total - (h.eager - base.eager) };
    }
    return { hosts, plugins };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Minified bytes per input module of the given output files: `[{ input, bytes }]`, largest first.
 * A package file (dist/esm/…) is split into its own sources by the package build's metafile
 * (dist/esm/metafile.json, when present), in proportion to their bytes there.
 */
function eagerInputs(metafile, files, dir, packageDir) {
  const lib = (() => {
    try {
      return JSON.parse(readFileSync(join(packageDir, 'dist/esm/metafile.json'), 'utf8'));
    } catch {
      return undefined;
    }
  })();
  const bytes = new Map();
  const add = (name, b) => bytes.set(name, (bytes.get(name) ?? 0) + b);
  for (const file of files) {
    for (const [input, { bytesInOutput }] of Object.entries(metafile.outputs[file]?.inputs ?? {})) {
      const abs = resolve(dir, input);
      const inLib = relative(packageDir, abs).split('\\').join('/');
      const sources = lib?.outputs[inLib]?.inputs;
      if (sources) {
        const sum = Object.values(sources).reduce((n, i) => n + i.bytesInOutput, 0) || 1;
        for (const [src, i] of Object.entries(sources)) add(`latchkey:${src}`, (bytesInOutput * i.bytesInOutput) / sum);
      } else add(relative(ROOT, abs).split('\\').join('/'), bytesInOutput);
    }
  }
  return [...bytes].map(([input, b]) => ({ input, bytes: b })).filter((i) => i.bytes > 0).sort((a, b) => b.bytes - a.bytes);
}

/** Groups inputs by npm package, or by first-party folder (two levels) under dist/esm. */
function groupInputs(inputs) {
  const groups = new Map();
  for (const { input, bytes } of inputs) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
    const key = pkg ?? input.replace(/^(latchkey:[^/]+(?:\/[^/]+)?)\/.*$/, '$1');
    groups.set(key, (groups.get(key) ?? 0) + bytes);
  }
  return [...groups].sort((a, b) => b[1] - a[1]);
}

export const kib = (bytes) => (bytes / 1024).toFixed(2);

/** The figures as a table. */
export function formatHosts({ hosts, plugins }) {
  const lines = ['host entry (gzip -9, React excluded)      before the button works    with everything loaded    translations (all locales)'];
  for (const [name, h] of Object.entries(hosts)) lines.push(`  ${name.padEnd(38)} ${kib(h.eager).padStart(9)} KiB ${kib(h.total).padStart(20)} KiB ${kib(h.locales ?? 0).padStart(22)} KiB`);
  lines.push('plugin                                    manifest (entry growth)    first use (lazy)');
  for (const [name, p] of Object.entries(plugins)) lines.push(`  ${name.padEnd(38)} ${kib(p.manifest).padStart(9)} KiB ${kib(p.lazy).padStart(20)} KiB`);
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (flag) => {
    const i = process.argv.indexOf(flag);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const why = arg('--why');
  const figures = await measureHosts({ packageDir: resolve(arg('--package') ?? ROOT), why });
  console.log(formatHosts(figures));
  if (why) {
    const inputs = figures.hosts[why]?.why;
    if (!inputs) throw new Error(`--why: no host '${why}' (one of ${Object.keys(figures.hosts).join(', ')})`);
    console.log(`\n${why}: eager inputs, minified bytes (before gzip)`);
    for (const [group, b] of groupInputs(inputs)) console.log(`  ${kib(b).padStart(8)} KiB  ${group}`);
    console.log('  largest files:');
    for (const { input, bytes } of inputs.filter((i) => i.bytes >= 100)) console.log(`  ${kib(bytes).padStart(8)} KiB  ${input}`);
    for (const h of Object.values(figures.hosts)) delete h.why;
  }
  const json = arg('--json');
  if (json) await writeFile(json, JSON.stringify(figures, null, 2) + '\n');
}
