/** The e2e project's globalTeardown: closes the run's shared Chromium and stops its shared stacks (./sharedStacks.ts). */
import { sharedBrowserHolder } from './chromium';
import { runDir, stopRun } from './sharedStacks';

export default async function e2eGlobalTeardown(): Promise<void> {
  const holder = sharedBrowserHolder();
  const server = holder.server;
  holder.server = undefined;
  await server?.close().catch(() => undefined);
  const run = runDir();
  if (run) await stopRun(run);
}
