/**
 * The e2e project's globalSetup: the run's shared stacks (./sharedStacks.ts), one per worker,
 * started in the background so they boot while the first tests run. LATCHKEY_SHARED_STACKS=0
 * turns them off (every file starts its own stack, as before).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUN_DIR_ENV, startSlot } from './sharedStacks';

export default async function e2eGlobalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  if (process.env['LATCHKEY_SHARED_STACKS'] === '0') return;
  const run = mkdtempSync(join(tmpdir(), 'latchkey-run-'));
  process.env[RUN_DIR_ENV] = run;
  const workers = Math.max(1, Math.min(globalConfig.maxWorkers, 2));
  for (let slot = 1; slot <= workers; slot++) await startSlot(run, String(slot));
}
