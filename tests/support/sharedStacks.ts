/**
 * One local stack per jest worker for a whole test run, instead of one per test file.
 *
 * The e2e project's globalSetup (./e2eGlobalSetup.ts) makes a run folder, names it in
 * LATCHKEY_TEST_RUN_DIR and starts a stack per worker in the background (they boot while the
 * first tests run); its globalTeardown (./e2eGlobalTeardown.ts) stops them. A test file's
 * `startTestStack()` (./stack.ts) then attaches to its worker's stack (`stack-<JEST_WORKER_ID>`,
 * started here if it is missing or died); its `stop()` leaves it running for the next file.
 * The stacks of a run share one build of the demo (`<run>/demo`). Files of one worker run one
 * after the other, so a file has its stack to itself while it runs, but not a fresh one: the
 * chains, the wallet service and the data service keep what earlier files did (see tests/README.md).
 */
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freeStackPorts, isAlive, spawnStack, stopStackGroup, waitForReadyLog, type StackPorts } from './stackProcess';

export const RUN_DIR_ENV = 'LATCHKEY_TEST_RUN_DIR';

export interface SharedStackSlot {
  readonly pid: number;
  readonly log: string;
  readonly ports: StackPorts;
}

/** The run's folder when the run shares stacks (set by the e2e project's globalSetup). */
export function runDir(): string | undefined {
  const dir = process.env[RUN_DIR_ENV];
  return dir && existsSync(dir) ? dir : undefined;
}

/** The shared build of the demo for the stacks of a run. */
export function demoBuildDir(run: string): string {
  return join(run, 'demo');
}

const slotFile = (run: string, slot: string) => join(run, `stack-${slot}.json`);

/** Starts the stack of a slot in the background and records it (pid, log, ports). */
export async function startSlot(run: string, slot: string): Promise<SharedStackSlot> {
  const ports = await freeStackPorts();
  // a log per start: a stack that died keeps its own for the failure message
  const log = join(run, `stack-${slot}-${Date.now()}.log`);
  writeFileSync(log, '');
  const child = spawnStack({ ports, logFile: log, demoBuildDir: demoBuildDir(run) });
  child.unref();
  const entry: SharedStackSlot = { pid: child.pid!, log, ports };
  writeFileSync(slotFile(run, slot), JSON.stringify(entry));
  return entry;
}

/** The worker's stack: the one recorded for its slot while it lives, else a new one; resolves once it is ready. */
export async function attachSlot(run: string, slot: string, timeoutMs: number): Promise<{ slot: SharedStackSlot; info: Record<string, any> }> {
  const file = slotFile(run, slot);
  let entry = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SharedStackSlot) : undefined;
  if (entry && !isAlive(entry.pid)) {
    // it died (a file stopped it by hand, or it crashed): say so, then start another
    console.warn(`[latchkey] the shared stack ${slot} (pid ${entry.pid}) is gone; starting another. Its output:\n${readFileSync(entry.log, 'utf8').slice(-3000)}`);
    entry = undefined;
  }
  entry ??= await startSlot(run, slot);
  return { slot: entry, info: await waitForReadyLog(entry.pid, entry.log, timeoutMs) };
}

/** Stops every stack of the run and removes its folder (the e2e project's globalTeardown). */
export async function stopRun(run: string): Promise<void> {
  const slots = readdirSync(run).filter((f) => /^stack-.+\.json$/.test(f));
  await Promise.all(slots.map((f) => stopStackGroup((JSON.parse(readFileSync(join(run, f), 'utf8')) as SharedStackSlot).pid)));
  rmSync(run, { recursive: true, force: true });
}
