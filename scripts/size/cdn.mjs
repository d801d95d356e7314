#!/usr/bin/env node
// The CDN bundles' cost, measured from the files alone (a packed package ships no esbuild
// metafile): what a page fetches before `dist/cdn/element.js` runs, and what each
// `dist/cdn/plugins/<name>.js` adds to that when the page registers it.
//
// A file's static imports of other files of the build are the import / export-from statements
// esbuild hoists to its top (`import{a as b}from"./chunks/chunk-X.js";import"./chunks/chunk-Y.js";…`);
// `import()` in the code is what loads on first use and is not followed, nor is a bare import (a
// package the page maps itself, which esbuild leaves where the source had it). Each file is gzipped on its own at level
// 9, as a server sends it (scripts/size/closure.mjs does the same from a metafile).
//
//   node scripts/size/cdn.mjs [DIR]   (DIR: a package folder holding dist/cdn; default the repo)
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSize } from './closure.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** One leading static import or re-export: `import…from"x"`, `import"x"`, `export{…}from"x"`, `export*from"x"`. */
const LEADING_IMPORT = /^\s*(?:import\s*(?:[^"';]*?\s*from\s*)?|export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*)(["'])([^"']+)\1\s*;?/;

/** What a file imports statically in the run of import statements at its top. */
export function staticImports(code) {
  const out = [];
  let rest = code.replace(/^#![^\n]*\n/, '');
  for (let m = LEADING_IMPORT.exec(rest); m; m = LEADING_IMPORT.exec(rest)) {
    out.push(m[2]);
    rest = rest.slice(m[0].length);
  }
  return out;
}

/**
 * The static-import closure of `entry` (a path relative to `dir`, e.g. 'dist/cdn/element.js'):
 * its files (relative to `dir`, entry first) and their gzip -9 sizes.
 */
export function fileClosure(dir, entry) {
  const files = [];
  const seen = new Set();
  const queue = [posix.normalize(entry)];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const data = readFileSync(join(dir, file));
    files.push({ file, gzip: gzipSize(data) });
    for (const spec of staticImports(data.toString('utf8'))) {
      if (spec.startsWith('./') || spec.startsWith('../')) queue.push(posix.normalize(posix.join(posix.dirname(file), spec)));
    }
  }
  return { files, gzip: files.reduce((n, f) => n + f.gzip, 0) };
}

/**
 * The CDN figures of the package in `dir`: `element` (element.js and its static closure, gzip
 * bytes) and, per plugin, what its file and the chunks it imports statically add to that.
 * @returns {{ element: { gzip: number, files: string[] }, plugins: Record<string, { gzip: number, files: string[] }> }}
 */
export function measureCdn(dir = ROOT) {
  const element = fileClosure(dir, 'dist/cdn/element.js');
  const loaded = new Set(element.files.map((f) => f.file));
  const plugins = {};
  const pluginDir = join(dir, 'dist/cdn/plugins');
  const names = existsSync(pluginDir) ? readdirSync(pluginDir).filter((f) => f.endsWith('.js')).sort() : [];
  for (const name of names) {
    const added = fileClosure(dir, `dist/cdn/plugins/${name}`).files.filter((f) => !loaded.has(f.file));
    plugins[name.slice(0, -'.js'.length)] = { gzip: added.reduce((n, f) => n + f.gzip, 0), files: added.map((f) => f.file) };
  }
  return { element: { gzip: element.gzip, files: element.files.map((f) => f.file) }, plugins };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dir = resolve(process.argv[2] ?? ROOT);
  const { element, plugins } = measureCdn(dir);
  const kib = (n) => `${(n / 1024).toFixed(2)} KiB`;
  console.log(`dist/cdn/element.js and its static imports: ${kib(element.gzip)} gzip (${element.gzip} B, ${element.files.length} files)`);
  console.log('dist/cdn/plugins/<name>.js, added to that page when registered (gzip):');
  for (const [name, p] of Object.entries(plugins)) console.log(`  ${name.padEnd(16)} ${kib(p.gzip).padStart(10)}  (${p.gzip} B, ${p.files.length} file${p.files.length === 1 ? '' : 's'})`);
}
