/** The e2e project's globalTeardown: stops the run's shared stacks (./sharedStacks.ts). */
import { runDir, stopRun } from './sharedStacks';

export default async function e2eGlobalTeardown(): Promise<void> {
  const run = runDir();
  if (run) await stopRun(run);
}
