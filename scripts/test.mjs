#!/usr/bin/env node
// Runs jest and ends with one line CI can read: `N passed, N failed[, N skipped]`. Above it: the
// ten slowest test files and the time of each project (so a slow-down shows where it is), then
// each failure in brief (jest printed it in full above).
//   node scripts/test.mjs unit   -> unit + dom projects
//   node scripts/test.mjs all    -> every project (unit, dom, int, e2e)
//   node scripts/test.mjs int,e2e [jest args…]
// Two workers unless the arguments name --maxWorkers or --runInBand: the e2e files of a worker
// share that worker's local stack (tests/support/sharedStacks.ts), the other files start what
// they need on free ports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { counts, failures, timingLines } from './test/results.mjs';

const which = process.argv[2] ?? 'all';
const extra = process.argv.slice(3);
const projects = which === 'unit' ? ['unit', 'dom'] : which === 'all' ? ['unit', 'dom', 'int', 'e2e'] : which.split(',');
// LATCHKEY_TEST_JSON: where jest's --json result goes (kept; scripts/test/stress.mjs reads it)
const out = process.env.LATCHKEY_TEST_JSON ?? join(mkdtempSync(join(tmpdir(), 'lk-jest-')), 'result.json');
const namesWorkers = extra.some((a) => a.startsWith('--maxWorkers') || a === '--runInBand' || a === '-i' || a.startsWith('-w'));
const workers = namesWorkers ? [] : ['--maxWorkers=2'];
// jest's workers inherit these flags: WebAssembly on the baseline compiler, as for the servers
// tests start (TEST_NODE_FLAGS in samples/shared/testing/serverProcess.ts: PGlite opens in test
// files cost half the CPU)
const args = [
  '--liftoff-only',
  'node_modules/jest/bin/jest.js',
  '--selectProjects', ...projects,
  '--json', '--outputFile', out,
  '--passWithNoTests',
  ...workers,
  ...(process.env.CI ? ['--ci'] : []),
  ...extra,
];
const started = Date.now();
const res = spawnSync(process.execPath, args, { stdio: 'inherit', env: process.env });
const wallMs = Date.now() - started;
let passed = 0, failed = 0, skipped = 0;
if (existsSync(out)) {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  ({ passed, failed, skipped } = counts(r));
  console.log(timingLines(r, process.cwd(), wallMs).join('\n'));
  // CI logs are read from their end: repeat each failure there, briefly
  for (const f of failures(r, process.cwd())) {
    console.log(f.test === undefined ? `FAILED ${f.file}: ${f.why}` : `FAILED ${f.file} › ${f.test} (${f.ms ?? '?'} ms)\n  ${f.why}`);
  }
} else {
  failed = 1;
}
if (res.status !== 0 && failed === 0) failed = 1; // jest failed outside a test (config, suite crash)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
