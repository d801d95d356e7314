#!/usr/bin/env node
// `npm run test:stress [-- rounds [jest args…]]`: the e2e project `rounds` times (default 3) with a
// CPU hog beside it (`node -e 'for(;;){}'`, one core kept busy the whole time), as a loaded CI
// machine or a visitor's slow phone would be. Prints, per test that failed, in how many rounds
// and its first failure, then one line: `N rounds, N tests run, N failures`. Exits non-zero on
// any failure. A flake is a bug: fix the cause (an event not awaited, a shared account or port, a timer).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { failures } from './results.mjs';

const rounds = /^\d+$/.test(process.argv[2] ?? '') ? Number(process.argv[2]) : 3;
const extra = process.argv.slice(/^\d+$/.test(process.argv[2] ?? '') ? 3 : 2);
const dir = mkdtempSync(join(tmpdir(), 'lk-stress-'));
const hog = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
const stopHog = () => hog.exitCode === null && hog.kill('SIGKILL');
process.on('exit', stopHog);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

/** test name → { rounds it failed in, its first failure } */
const failed = new Map();
let run = 0;
let crashed = 0;
const started = Date.now();
for (let round = 1; round <= rounds; round++) {
  const out = join(dir, `round-${round}.json`);
  const t0 = Date.now();
  console.log(`\n=== test:stress round ${round} of ${rounds} (e2e project, a CPU hog beside it) ===`);
  const res = spawnSync(process.execPath, ['scripts/test.mjs', 'e2e', ...extra], { stdio: 'inherit', env: { ...process.env, LATCHKEY_TEST_JSON: out } });
  if (!existsSync(out)) {
    crashed++;
    console.log(`round ${round}: jest gave no results (exit ${res.status})`);
    continue;
  }
  const result = JSON.parse(readFileSync(out, 'utf8'));
  run += result.numTotalTests;
  const mine = failures(result, process.cwd());
  for (const f of mine) {
    const key = f.test === undefined ? `${f.file} (the file)` : `${f.file} › ${f.test}`;
    const entry = failed.get(key) ?? { rounds: [], why: f.why };
    entry.rounds.push(round);
    failed.set(key, entry);
  }
  console.log(`round ${round}: ${result.numTotalTests} tests, ${mine.length} failed, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
stopHog();
rmSync(dir, { recursive: true, force: true });

console.log(`\ntest:stress: ${rounds} rounds of the e2e project with a CPU hog, ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const [name, { rounds: where, why }] of [...failed].sort((a, b) => b[1].rounds.length - a[1].rounds.length)) {
  console.log(`  failed in ${where.length} of ${rounds} rounds (${where.join(', ')}): ${name}\n    ${why.split('\n').slice(0, 3).join('\n    ')}`);
}
const failures_ = [...failed.values()].reduce((n, e) => n + e.rounds.length, 0) + crashed;
console.log(`${rounds} rounds, ${run} tests run, ${failures_} failures`);
process.exit(failures_ ? 1 : 0);
