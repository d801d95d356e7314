#!/usr/bin/env node
// are-the-types-wrong on the packed tarball, with the ESM-only scope this package has: the
// problems under node16 from ESM and bundler resolution (also those inside a declaration, which
// name their resolution by `resolutionOption`). attw itself exits 1 on problems its own profile
// ignores (node10 internal resolution errors), so its JSON report is read instead.
// ./styles.css is a stylesheet (bundlers and <link> take it), not a module with types.
//
//   node scripts/package/types-check.mjs dist/latchkey-0.1.0.tgz
// Used by `npm run check:package` and scripts/package/consumer.int.test.ts.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const IN_SCOPE = ['node16-esm', 'bundler'];
const OPTIONS_IN_SCOPE = ['node16', 'bundler'];

/** attw's analysis of `tarball`: `{ entrypoints: string[], problems: object[] }` (problems in scope only). */
export function typeProblems(tarball) {
  // into a file: attw exits before a pipe drains, which cuts a large report short
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-attw-'));
  const out = join(dir, 'report.json');
  const fd = openSync(out, 'w');
  try {
    const r = spawnSync(join(ROOT, 'node_modules', '.bin', 'attw'), [tarball, '--profile', 'esm-only', '--format', 'json', '--exclude-entrypoints', './styles.css'], {
      stdio: ['ignore', fd, 'inherit'],
    });
    if (r.error) throw r.error;
    closeSync(fd);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    return {
      entrypoints: Object.keys(report.analysis.entrypoints),
      problems: report.analysis.problems.filter((p) => IN_SCOPE.includes(p.resolutionKind) || OPTIONS_IN_SCOPE.includes(p.resolutionOption)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const tarball = process.argv[2];
  if (!tarball) {
    console.error('usage: node scripts/package/types-check.mjs <tarball>');
    process.exit(2);
  }
  const { entrypoints, problems } = typeProblems(tarball);
  for (const p of problems) console.error(`${p.kind} (${p.resolutionKind ?? p.resolutionOption}) ${p.entrypoint ?? p.fileName ?? ''} ${p.moduleSpecifier ?? ''}`);
  console.log(`are-the-types-wrong: ${entrypoints.length} entry points, ${problems.length} problem${problems.length === 1 ? '' : 's'} (node16 from ESM, bundler)`);
  process.exit(problems.length ? 1 : 0);
}
