/**
 * The e2e project's globalSetup: the run's shared stacks (./sharedStacks.ts), one per worker,
 * started in the background so they boot while the first tests run, and the run's one Chromium
 * (./chromium.ts, launchSharedBrowser), which the files connect to. LATCHKEY_SHARED_STACKS=0 and
 * LATCHKEY_SHARED_BROWSER=0 turn them off (every file starts its own stack or browser, as before).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumAvailable, launchSharedBrowser, SHARED_BROWSER_ENV, sharedBrowserHolder } from './chromium';
import { RUN_DIR_ENV, startSlot } from './sharedStacks';

export default async function e2eGlobalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  if (process.env['LATCHKEY_SHARED_STACKS'] !== '0') {
    const run = mkdtempSync(join(tmpdir(), 'latchkey-run-'));
    process.env[RUN_DIR_ENV] = run;
    const workers = Math.max(1, Math.min(globalConfig.maxWorkers, 2));
    for (let slot = 1; slot <= workers; slot++) await startSlot(run, String(slot));
  }
  // while the stacks boot
  if (process.env['LATCHKEY_SHARED_BROWSER'] !== '0' && chromiumAvailable()) {
    const server = await launchSharedBrowser();
    sharedBrowserHolder().server = server;
    process.env[SHARED_BROWSER_ENV] = server.wsEndpoint();
  }
}
