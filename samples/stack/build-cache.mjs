// An esbuild build (write: false) kept on disk and reused while its inputs are unchanged: the
// wallet service built its frame pages and bundled its TypeScript at every start (15 frame builds
// and 16 service bundles in one `npm test`, ~45 s of esbuild's time), the same bytes each time.
//
// A build is found by a key: esbuild's version, the options (plugins by name), the repository's
// package.json and package-lock.json. It is reused only when every input esbuild read (its
// metafile) still has the same content, and every folder that held an input lists the same
// entries (a file added beside an input can change what an import resolves to). Anything else
// rebuilds. The cache is <absWorkingDir>/.cache/esbuild (the repository's). Writes go to a temporary name, then a rename: concurrent processes never read half a
// file; two that miss together both build and write the same thing.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** Outputs no build has written for this long are removed (a reuse that finds one gone rebuilds). */
const KEEP_MS = 7 * 24 * 3600_000;

const sha = (/** @type {string | Uint8Array} */ data) => createHash('sha256').update(data).digest('hex');

/** @param {string} file */
const contentHash = (file) => readFile(file).then(sha, () => 'missing');
/** @param {string} dir */
const listingHash = (dir) =>
  readdir(dir).then(
    // dot entries (.cache, where this cache lives) are no import's target
    (names) => sha(names.filter((n) => !n.startsWith('.')).sort().join('\n')),
    () => 'missing',
  );

/**
 * @param {Record<string, unknown>} options esbuild's options
 * @param {string} name names the cache files
 */
async function keyOf(options, name, root) {
  const esbuild = await import('esbuild');
  const shown = JSON.stringify(options, (k, v) => (k === 'plugins' ? v.map((/** @type {{ name: string }} */ p) => p.name) : v));
  const [pkg, lock] = await Promise.all([contentHash(join(root, 'package.json')), contentHash(join(root, 'package-lock.json'))]);
  return `${name}-${sha([esbuild.version, shown, pkg, lock].join('\n')).slice(0, 16)}`;
}

/** The folders that hold the inputs, and each input's content: what a reuse must find unchanged. */
async function fingerprint(/** @type {string[]} */ files) {
  const dirs = [...new Set(files.map((f) => dirname(f)))];
  const [contents, listings] = await Promise.all([Promise.all(files.map(contentHash)), Promise.all(dirs.map(listingHash))]);
  return {
    files: Object.fromEntries(files.map((f, i) => [f, contents[i]])),
    dirs: Object.fromEntries(dirs.map((d, i) => [d, listings[i]])),
  };
}

/**
 * Runs `esbuild.build({ ...options, write: false, metafile: true })`, or returns the outputs of the
 * same build made earlier when none of its inputs changed.
 * @param {import('esbuild').BuildOptions & { absWorkingDir: string }} options
 * @param {{ name: string }} cache
 * @returns {Promise<{ outputFiles: { path: string, contents: Uint8Array }[], reused: boolean }>}
 */
export async function cachedBuild(options, { name }) {
  const root = resolve(options.absWorkingDir);
  const CACHE_DIR = join(root, '.cache', 'esbuild');
  const key = await keyOf(options, name, root);
  const manifestFile = join(CACHE_DIR, `${key}.json`);
  const manifest = await readFile(manifestFile, 'utf8').then(JSON.parse, () => undefined);
  if (manifest) {
    const now = await fingerprint(Object.keys(manifest.inputs.files));
    if (JSON.stringify(now) === JSON.stringify(manifest.inputs)) {
      const outputFiles = await Promise.all(
        manifest.outputs.map(async (/** @type {{ path: string, blob: string }} */ o) => ({ path: o.path, contents: new Uint8Array(await readFile(join(CACHE_DIR, o.blob))) })),
      ).catch(() => undefined);
      if (outputFiles) return { outputFiles, reused: true };
    }
  }
  const esbuild = await import('esbuild');
  const result = await esbuild.build({ ...options, write: false, metafile: true });
  const outputFiles = result.outputFiles.map((f) => ({ path: f.path, contents: f.contents }));
  const read = Object.keys(result.metafile.inputs);
  // an input a plugin made (a namespace, not a file) cannot be checked: such a build is not kept
  if (read.some((f) => /^[\w-]+:/.test(f))) return { outputFiles, reused: false };
  const inputs = await fingerprint(read.map((f) => resolve(root, f)));
  await mkdir(CACHE_DIR, { recursive: true });
  const tmp = `.${process.pid}-${Date.now()}.tmp`;
  const outputs = await Promise.all(
    outputFiles.map(async (f) => {
      const blob = `${sha(f.contents)}.out`;
      await writeFile(join(CACHE_DIR, blob + tmp), f.contents);
      await rename(join(CACHE_DIR, blob + tmp), join(CACHE_DIR, blob));
      return { path: f.path, blob };
    }),
  );
  await writeFile(manifestFile + tmp, JSON.stringify({ inputs, outputs }));
  await rename(manifestFile + tmp, manifestFile);
  await prune(CACHE_DIR);
  return { outputFiles, reused: false };
}

/** Removes outputs and manifests not written for KEEP_MS. */
async function prune(/** @type {string} */ dir) {
  const now = Date.now();
  for (const name of await readdir(dir).catch(() => [])) {
    const file = join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > KEEP_MS) await rm(file, { force: true });
  }
}
