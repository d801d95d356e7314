// Size helpers shared by the build (esbuild.mjs) and the benchmark.
//
// `staticClosure(metafile, entry)` answers: "how many bytes does the browser
// fetch before this entry can run?" It starts at the entry's output file and
// follows the *static* `import` statements esbuild recorded in the metafile
// (kind 'import-statement'), skipping dynamic `import()` (code loaded on first
// use) and external imports (listed separately so callers can check, e.g.,
// that no 'react' import is reachable). Each file is gzipped on its own at
// level 9, as a server would send it, and the sizes are summed.
//
// CLI: node scripts/size/closure.mjs <metafile.json> <entry> [--cwd DIR]
import { readFileSync } from 'node:fs';
import { resolve, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync, constants } from 'node:zlib';
import { createHash } from 'node:crypto';

/** esbuild's `[hash]` in a chunk's file name (`chunks/Account-4IJJXGJD.js`): 8 base32 characters. */
const CHUNK_HASH = /(?<=-)[A-Z2-7]{8}(?=\.js\b)/g;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const stand = [];
/** The k-th stand-in for a chunk hash: 8 base32 characters from SHA-256 of k (fixed, as incompressible as a real hash). */
function standIn(k) {
  while (stand.length <= k) {
    const digest = createHash('sha256').update(String(stand.length)).digest();
    stand.push(Array.from(digest.subarray(0, 8), (b) => BASE32[b & 31]).join(''));
  }
  return stand[k];
}

/**
 * gzip size in bytes of a buffer or string, level 9.
 *
 * esbuild's chunk hashes depend on where the build ran (the paths of its inputs), and being
 * random they do not compress: the same code built in two folders gzips up to ~60 bytes apart.
 * So each chunk name's hash in the text is replaced, in order of first appearance, by a fixed stand-in of
 * the same length and entropy: the figure keeps what the names cost and no longer depends on the folder.
 */
export function gzipSize(data) {
  const text = Buffer.from(data).toString('latin1');
  const seen = new Map();
  const stable = text.replace(CHUNK_HASH, (hash) => {
    if (!seen.has(hash)) seen.set(hash, standIn(seen.size));
    return seen.get(hash);
  });
  return gzipSync(Buffer.from(stable, 'latin1'), { level: constants.Z_BEST_COMPRESSION }).length;
}

const norm = (p) => p.split(sep).join('/').replace(/^\.\//, '');

/**
 * Finds the metafile output key for `entry`, which may be an output path
 * (`dist/cdn/kernel.js`) or the entry's source file (`kernel/index.ts`).
 * Paths are compared relative to `cwd` (the build's working directory).
 */
export function findOutput(metafile, entry, cwd = process.cwd()) {
  const outputs = metafile.outputs ?? {};
  const want = norm(relative(cwd, resolve(cwd, entry)));
  if (outputs[want]) return want;
  for (const [out, info] of Object.entries(outputs)) {
    if (info.entryPoint && norm(info.entryPoint) === want) return out;
  }
  throw new Error(`closure: '${entry}' is neither an output nor an entry point of this metafile`);
}

/**
 * The static-import closure of `entry` in an esbuild metafile.
 * @param {object|string} metafile esbuild metafile object, or a path to its JSON
 * @param {string} entry output path or entry source path
 * @param {{ cwd?: string, contents?: Map<string, Uint8Array|string> }} [opts]
 *   cwd: directory the metafile paths are relative to (esbuild's absWorkingDir);
 *   contents: output bytes by metafile path (for `write: false` builds), else read from disk.
 * @returns {{ entry: string, files: {file: string, bytes: number, gzip: number}[],
 *             bytes: number, gzip: number, externals: string[], dynamic: string[] }}
 */
export function staticClosure(metafile, entry, opts = {}) {
  const cwd = opts.cwd ?? process.cwd();
  const meta = typeof metafile === 'string' ? JSON.parse(readFileSync(metafile, 'utf8')) : metafile;
  const start = findOutput(meta, entry, cwd);
  const seen = new Set();
  const externals = new Set();
  const dynamic = new Set();
  const queue = [start];
  while (queue.length) {
    const out = queue.shift();
    if (seen.has(out)) continue;
    seen.add(out);
    const info = meta.outputs[out];
    if (!info) throw new Error(`closure: '${out}' is imported but missing from the metafile outputs`);
    for (const imp of info.imports ?? []) {
      if (imp.kind === 'dynamic-import') {
        if (!imp.external) dynamic.add(imp.path);
        continue;
      }
      if (imp.kind !== 'import-statement') continue;
      if (imp.external) externals.add(imp.path);
      else queue.push(imp.path);
    }
  }
  const files = [...seen].map((file) => {
    const data = opts.contents?.get(file) ?? readFileSync(resolve(cwd, file));
    return { file, bytes: Buffer.byteLength(data), gzip: gzipSize(data) };
  });
  for (const f of seen) dynamic.delete(f);
  return {
    entry: start,
    files,
    bytes: files.reduce((n, f) => n + f.bytes, 0),
    gzip: files.reduce((n, f) => n + f.gzip, 0),
    externals: [...externals].sort(),
    dynamic: [...dynamic].sort(),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const i = args.indexOf('--cwd');
  const cwd = i >= 0 ? resolve(args.splice(i, 2)[1]) : process.cwd();
  const [metaPath, entry] = args;
  if (!metaPath || !entry) {
    console.error('usage: node scripts/size/closure.mjs <metafile.json> <entry> [--cwd DIR]');
    process.exit(2);
  }
  const c = staticClosure(resolve(metaPath), entry, { cwd });
  for (const f of c.files) console.log(`${f.file}\t${f.bytes} B\t${(f.gzip / 1024).toFixed(2)} KiB gzip`);
  console.log(`total\t${c.bytes} B\t${(c.gzip / 1024).toFixed(2)} KiB gzip`);
  if (c.externals.length) console.log(`external static imports: ${c.externals.join(', ')}`);
}
