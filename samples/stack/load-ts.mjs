// Loads a TypeScript module of this repository from plain Node (no loader flags): esbuild bundles
// the entry (npm packages stay external, so they resolve from node_modules as usual) into
// .cache/ts/<name>-<hash>.mjs, then it is imported (the build itself is reused while the sources
// are unchanged: build-cache.mjs). The file name carries a hash of the output,
// so concurrent processes never read a half-written file and an unchanged build is reused.
import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cachedBuild } from './build-cache.mjs';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT_DIR = join(REPO_ROOT, '.cache', 'ts');

/**
 * Bundles and imports `entry` (a path relative to the repository root, e.g. 'samples/data-service/src/index.ts').
 * @returns {Promise<any>} the module's namespace
 */
export async function loadTs(entry) {
  const result = await cachedBuild(
    {
      entryPoints: [resolve(REPO_ROOT, entry)],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      sourcemap: 'inline',
      logLevel: 'silent',
      absWorkingDir: REPO_ROOT,
      outdir: OUT_DIR,
    },
    { name: `ts-${basename(entry).replace(/\.[cm]?tsx?$/, '')}` },
  );
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild produced nothing for ${entry}`);
  const hash = createHash('sha256').update(output.contents).digest('hex').slice(0, 16);
  const file = join(OUT_DIR, `${basename(entry).replace(/\.[cm]?tsx?$/, '')}-${hash}.mjs`);
  const exists = await stat(file).then(
    () => true,
    () => false,
  );
  if (!exists) {
    await mkdir(OUT_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, output.contents);
    await rename(tmp, file);
  }
  return import(pathToFileURL(file).href);
}
