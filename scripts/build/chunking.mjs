// Chunk steering for the library build (esbuild.mjs), and nowhere else (why files are split at
// chunk boundaries, once for the whole tree: docs/chunks.md): the sources import
// their siblings, never the kernel's index.
//
// esbuild (and every bundler that splits at `import()`) puts each module in the chunk of the
// exact set of entry points, dynamic-import targets included, that reach it. Our lazily
// loaded modules (a view, a transport, a plugin's module) each import a few kernel files;
// left alone, each set of lazy modules sharing some files gets a small chunk of its own: one
// request and one gzip stream more before the connect button works.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const KERNEL_INDEX = join(ROOT, 'kernel/index.ts');
/**
 * The UI's first screen, loaded with the React entry: the core views' manifest (Connect and the
 * wallet list) and the React entry's helpers that views share (one export of each, to re-export).
 */
const UI_CORE = [
  ['ui/views/manifest.ts', 'ensureCoreViews'],
  ['ui/react/context.ts', 'useKernel'],
  ['ui/react/select.ts', 'pickNamespace'],
].map(([file, name]) => ({ path: join(ROOT, file), name }));
/** A lazily loaded view (or other UI code): not a plugin's service module, not a translation. */
const isLazyUi = (p) => /[\\/](ui|views)[\\/]/.test(p) && !/[\\/]locales[\\/]/.test(p) && !p.startsWith(join(ROOT, 'kernel'));

const DYNAMIC_IMPORT = /\bimport\(\s*(?:\/\*[^*]*\*\/\s*)?['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/**
 * Every module of ours that some source of ours loads by `import('./…')`. Found by reading the
 * sources before the build: esbuild may load a module (reached statically from another entry)
 * before it resolves the `import()` that makes it lazy, and a module loaded unsteered keeps its
 * chunk out of the core one (its `import()` target then misses the core chunk, and so does every
 * chunk it shares).
 */
export function lazyTargets(root = ROOT) {
  const targets = new Set();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === 'node_modules' || name.startsWith('.')) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        for (const m of readFileSync(path, 'utf8').matchAll(DYNAMIC_IMPORT)) {
          const base = resolve(dirname(path), m[1]);
          const file = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((f) => existsSync(f) && statSync(f).isFile());
          if (file) targets.add(file);
        }
      }
    }
  };
  for (const dir of ['kernel', 'ui', 'plugins']) if (existsSync(join(root, dir))) walk(join(root, dir));
  return targets;
}

/** The namespace of the lazily loaded code's copy of a plugin's DI tokens (see coreChunkPlugin). */
const DI_LAZY = 'latchkey-di-lazy';
/** A plugin's DI tokens, `plugins/<name>/di.ts` (plugins/README.md). */
const isDiTokens = (p) => /[\\/]plugins[\\/][^\\/]+[\\/]di\.ts$/.test(p);

/**
 * Adds to every module of ours that is loaded by `import()` a re-export of the kernel's
 * public index, so every eager kernel module is reached by the same modules and lands in one
 * chunk (in dist/, and in a host's bundle of dist/esm). A lazy module is always loaded after
 * the index, so the added edge is never a load-order cycle.
 *
 * And keeps each plugin's DI tokens (`plugins/<name>/di.ts`, declared once) in the entry chunk
 * with its manifest: the manifest imports ./di, the lazily loaded code imports the tokens through
 * ./types, and ./types' import of ./di is given a copy of the file of its own (built from the same
 * source; `Symbol.for` makes both copies one token). So no module is shared by the entry and the
 * lazy chunks (it would be a chunk of its own, one request more before the connect button works),
 * and a host's bundler drops the manifest's copy (`@__PURE__`) when the manifest does not use it.
 * Measured against the kernel's way (the tokens in the core chunk, one copy): that put every
 * token a lazy chunk uses in the entry, +27 to +35 bytes gzip per plugin's manifest.
 */
export function coreChunkPlugin() {
  const lazy = lazyTargets();
  const ours = (p) => /[\\/](kernel|ui|plugins)[\\/]/.test(p) && !/[\\/]node_modules[\\/]/.test(p);
  return {
    name: 'latchkey-core-chunk',
    setup(b) {
      b.onResolve({ filter: /^\.\/di$/ }, async (args) => {
        if (args.namespace === DI_LAZY || !/[\\/]types\.ts$/.test(args.importer) || args.pluginData?.di === false) return undefined;
        const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { di: false } });
        if (r.errors.length || !isDiTokens(r.path)) return undefined;
        // relative: the path is printed in dist/ (comments, metafile)
        return { path: relative(ROOT, r.path).split('\\').join('/'), namespace: DI_LAZY, sideEffects: false };
      });
      b.onLoad({ filter: /.*/, namespace: DI_LAZY }, (args) => ({
        contents: readFileSync(join(ROOT, args.path), 'utf8'),
        loader: 'ts',
        resolveDir: dirname(join(ROOT, args.path)),
      }));
      b.onResolve({ filter: /^\./ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.steer === false) return undefined;
        const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { steer: false } });
        if (r.errors.length) return undefined;
        if (ours(r.path)) lazy.add(r.path);
        return { path: r.path, external: r.external };
      });
      b.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (!lazy.has(args.path) || args.path === KERNEL_INDEX) return undefined;
        const src = readFileSync(args.path, 'utf8');
        // A lazy view also reaches the UI's first screen (already loaded when a view loads), so
        // the UI code that screen shares with some views lands in one chunk, not one per set of views.
        const ui = isLazyUi(args.path)
          ? UI_CORE.filter((m) => m.path !== args.path).map((m, i) => `export { ${m.name} as __latchkeyUi${i} } from ${JSON.stringify(m.path)};\n`).join('')
          : '';
        return {
          contents: `${src}\nexport { definePlugin as __latchkeyCore } from ${JSON.stringify(KERNEL_INDEX)};\n${ui}`,
          loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
          resolveDir: dirname(args.path),
        };
      });
    },
  };
}
