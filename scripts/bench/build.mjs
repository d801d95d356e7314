// The bench's page builds: the library as a host installs it (dist/esm), then every page and the React
// vendor entry in one esbuild run; and what each output file weighs (gzip, React or not, by package).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { BROWSER_BUNDLE, formatBuildErrors } from '../build/browserBundle.mjs';
import { firstPartyPlugins } from '../size/hosts.mjs';
import { PAGES, ROOT } from './settings.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const REACT_INPUT = /(^|\/)node_modules\/(react|react-dom|scheduler)\//;

const PKG = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));

/** Resolves 'latchkey' and 'latchkey/…' through package.json's exports to dist/esm, as a host's bundler does. */
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

/** The library as a host installs it: `node esbuild.mjs --lib-only` writes dist/esm. */
async function buildLibrary() {
  const { spawnSync } = await import('node:child_process');
  const res = spawnSync(process.execPath, [join(ROOT, 'esbuild.mjs'), '--lib-only'], { cwd: ROOT, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`the library did not build:\n${res.stdout}${res.stderr}`);
}

/** The Latchkey page with every first-party plugin (package.json's ./plugins/* with a …Plugin factory), written to `dir`. */
async function allPluginsPage(dir) {
  const plugins = await firstPartyPlugins(ROOT);
  const source = `${plugins.map((p) => `import { ${p.factory} } from 'latchkey/plugins/${p.name}';`).join('\n')}
import { mountBenchHost } from ${JSON.stringify(join(here, 'pages/host.tsx'))};
// the local relay the bench gives in the query string, as on the WalletConnect page (its prewarm pairs there)
const relayUrl = new URLSearchParams(location.search).get('relay') ?? 'ws://127.0.0.1:9';
mountBenchHost([${plugins.map((p) => `${p.factory}()`).join(', ')}], { relayUrl });
`;
  const file = join(dir, 'latchkey-all.js');
  await writeFile(file, source);
  return { file, plugins: plugins.map((p) => p.name) };
}

function buildOptions(outdir, names, generated = {}) {
  return {
    plugins: [packagePlugin],
    nodePaths: [join(ROOT, 'node_modules')],
    entryPoints: [
      ...names.filter((n) => PAGES[n].entry).map((n) => ({ in: join(here, 'pages', PAGES[n].entry), out: n })),
      ...names.filter((n) => generated[n]).map((n) => ({ in: generated[n], out: n })),
      { in: join(here, 'pages/react-vendor.ts'), out: 'react-vendor' },
    ],
    ...BROWSER_BUNDLE,
    outdir,
    absWorkingDir: ROOT,
    chunkNames: 'chunks/[name]-[hash]',
  };
}

/** Builds both pages (and the React vendor entry) in one esbuild run; falls back to the plain page alone. */
export async function build(outdir) {
  try {
    await buildLibrary();
    const all = await allPluginsPage(await mkdtemp(join(tmpdir(), 'latchkey-bench-src-')));
    const result = await esbuild.build(buildOptions(outdir, ['plain', 'latchkey', 'embedded', 'all', 'directory', 'walletconnect'], { all: all.file }));
    return {
      pages: ['plain', 'latchkey', 'noisy', 'embedded', 'all', 'directory', 'walletconnect'],
      metafile: result.metafile,
      errors: {},
      allPlugins: all.plugins,
    };
  } catch (err) {
    const latchkeyError = formatBuildErrors(err).join('\n');
    const result = await esbuild.build(buildOptions(outdir, ['plain'])); // must work on its own
    return { pages: ['plain'], metafile: result.metafile, errors: { latchkey: latchkeyError } };
  }
}

/** 'viem', '@noble/curves', 'kernel', 'ui', … for a metafile input path. */
function inputGroup(input) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (m) return m[1];
  return input.split('/')[0];
}

/** Output file (relative to outdir) → { gzip, react } where react marks chunks made only of React's modules. */
export async function describeOutputs(outdir, metafile) {
  const files = new Map();
  for (const [out, meta] of Object.entries(metafile.outputs)) {
    if (!out.endsWith('.js')) continue;
    const rel = out.slice(out.indexOf(basename(outdir)) + basename(outdir).length + 1);
    const inputs = Object.keys(meta.inputs).filter((i) => meta.inputs[i].bytesInOutput > 0);
    const reactInputs = inputs.filter((i) => REACT_INPUT.test(i));
    const react = inputs.length > 0 && reactInputs.length === inputs.length;
    const mixed = reactInputs.length > 0 && !react;
    const body = await readFile(join(outdir, rel));
    const byGroup = {};
    for (const i of inputs) byGroup[inputGroup(i)] = (byGroup[inputGroup(i)] ?? 0) + meta.inputs[i].bytesInOutput;
    files.set(rel, { bytes: body.length, gzip: gzipSync(body, { level: 9 }).length, react, mixed, byGroup });
  }
  return files;
}
