#!/usr/bin/env node
// are-the-types-wrong (@arethetypeswrong/core, the engine of its CLI) on the packed tarball, with
// the ESM-only scope this package has: the problems under node16 from ESM and bundler resolution
// (also those inside a declaration, which name their resolution by `resolutionOption`).
// ./styles.css is a stylesheet (bundlers and <link> take it), not a module with types.
//
// The engine answers "does this directory exist?" by scanning every file of the package, once per
// question; with this tarball's ~1,550 files that scan was 3.3 s of the CLI's 10.4 s. The package
// here answers it from an index of its directories built once (same answers: a directory exists
// when a file's path starts with it). The CLI's other work (its terminal report) is not needed.
//
//   node scripts/package/types-check.mjs dist/latchkey-0.1.0.tgz [--json]
// Used by `npm run check:package` and scripts/package/consumer.int.test.ts (--json: one line
// `{ entrypoints, problems }`).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkPackage, createPackageFromTarballData, Package } from '@arethetypeswrong/core';

const IN_SCOPE = ['node16-esm', 'bundler'];
const OPTIONS_IN_SCOPE = ['node16', 'bundler'];

/** @type {WeakMap<Package, Set<string>>} */
const directories = new WeakMap();
/** @param {string} path */
Package.prototype.directoryExists = function directoryExists(path) {
  let index = directories.get(this);
  if (!index) {
    index = new Set(['/']);
    for (const file of this.listFiles('/')) {
      for (let i = file.indexOf('/', 1); i !== -1; i = file.indexOf('/', i + 1)) index.add(file.slice(0, i + 1));
    }
    directories.set(this, index);
  }
  return index.has(path.endsWith('/') ? path : `${path}/`);
};

/**
 * are-the-types-wrong's analysis of `tarball`: `{ entrypoints: string[], problems: object[] }`
 * (problems in scope only).
 * @param {string} tarball
 */
export async function typeProblems(tarball) {
  const pkg = createPackageFromTarballData(new Uint8Array(readFileSync(tarball)));
  const analysis = await checkPackage(pkg, { excludeEntrypoints: ['./styles.css'] });
  if (!analysis.types) throw new Error(`${tarball}: the package has no types`);
  return {
    entrypoints: Object.keys(analysis.entrypoints),
    problems: analysis.problems.filter((p) => IN_SCOPE.includes(p.resolutionKind) || OPTIONS_IN_SCOPE.includes(p.resolutionOption)),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const tarball = process.argv[2];
  if (!tarball) {
    console.error('usage: node scripts/package/types-check.mjs <tarball> [--json]');
    process.exit(2);
  }
  const { entrypoints, problems } = await typeProblems(tarball);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ entrypoints, problems }));
  } else {
    for (const p of problems) console.error(`${p.kind} (${p.resolutionKind ?? p.resolutionOption}) ${p.entrypoint ?? p.fileName ?? ''} ${p.moduleSpecifier ?? ''}`);
    console.log(`are-the-types-wrong: ${entrypoints.length} entry points, ${problems.length} problem${problems.length === 1 ? '' : 's'} (node16 from ESM, bundler)`);
  }
  process.exit(problems.length ? 1 : 0);
}
