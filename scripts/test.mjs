#!/usr/bin/env node
// Runs jest and ends with one line CI can read: `N passed, N failed[, N skipped]`.
//   node scripts/test.mjs unit   -> unit + dom projects
//   node scripts/test.mjs all    -> every project (unit, dom, int, e2e)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const which = process.argv[2] ?? 'all';
const extra = process.argv.slice(3);
const projects = which === 'unit' ? ['unit', 'dom'] : which === 'all' ? ['unit', 'dom', 'int', 'e2e'] : which.split(',');
const out = join(mkdtempSync(join(tmpdir(), 'lk-jest-')), 'result.json');
const args = [
  'node_modules/jest/bin/jest.js',
  '--selectProjects', ...projects,
  '--json', '--outputFile', out,
  '--passWithNoTests',
  ...(process.env.CI ? ['--ci'] : []),
  ...extra,
];
const res = spawnSync(process.execPath, args, { stdio: 'inherit', env: process.env });
let passed = 0, failed = 0, skipped = 0;
if (existsSync(out)) {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  passed = r.numPassedTests;
  failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  skipped = r.numPendingTests + (r.numTodoTests ?? 0);
  // CI logs are read from their end: repeat each failure there, briefly (jest printed it in full above)
  const plain = (s) => s.replace(/\u001b\[[0-9;]*m/g, '');
  for (const file of r.testResults ?? []) {
    const name = file.name.replace(process.cwd() + '/', '');
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed')) {
      console.log(`FAILED ${name}: ${plain(file.message ?? '').trim().split('\n').slice(0, 6).join('\n  ')}`);
    }
    for (const a of file.assertionResults ?? []) {
      if (a.status !== 'failed') continue;
      const why = plain((a.failureMessages ?? []).join('\n')).trim().split('\n').slice(0, 6).join('\n  ');
      console.log(`FAILED ${name} › ${a.fullName} (${a.duration ?? '?'} ms)\n  ${why}`);
    }
  }
} else {
  failed = 1;
}
if (res.status !== 0 && failed === 0) failed = 1; // jest failed outside a test (config, suite crash)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
