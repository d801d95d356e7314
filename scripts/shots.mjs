#!/usr/bin/env node
// `npm run shots [folder]`: screenshots of every view of every first-party plugin, as a person sees
// them (the card in the light and the dark theme, a 390 px phone's screen), taken on the local stack
// by tests/e2e/views.e2e.test.ts (the same walk that runs axe and the layout checks), into a folder a
// person can look through (default .cache/shots/, not committed: open its index.html), and the
// README's hero image (docs/hero.png, committed) made from them. Exits as the test run does (a view
// with an axe or layout finding still has its pictures).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const dir = resolve(process.argv[2] ?? '.cache/shots');
rmSync(dir, { recursive: true, force: true });
const res = spawnSync(process.execPath, ['scripts/test.mjs', 'e2e', '--maxWorkers=1', 'tests/e2e/views.e2e.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, LATCHKEY_SHOTS: dir },
});
console.log(`screenshots: ${join(dir, 'index.html')}; hero: docs/hero.png`);
process.exit(res.status ?? 1);
