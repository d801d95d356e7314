// The child processes the stack runs (anvil, the bundler): started with the end of their output
// kept, waited for until they answer, and stopped with SIGTERM, then SIGKILL if they have not
// exited within the grace period.
import { spawn } from 'node:child_process';

/** How much of a child's output is kept for error messages (characters, the last ones). */
const OUTPUT_TAIL = 4000;

/**
 * @param {import('node:child_process').ChildProcess} child
 * @param {Promise<unknown>} exitPromise resolves when the child has exited (or failed to start)
 * @param {() => boolean} hasExited
 * @param {number} [graceMs]
 */
export async function terminate(child, exitPromise, hasExited, graceMs = 2000) {
  if (hasExited()) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (!hasExited()) child.kill('SIGKILL');
  }, graceMs);
  await exitPromise;
  clearTimeout(timer);
}

/**
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null, err?: Error }} ChildExit
 * @typedef {{ pid: number | undefined, exit(): ChildExit | null, output(): string, stop(): Promise<void> }} RunningChild
 */

/**
 * Spawns `command` and keeps the end of what it prints on the pipes `options.stdio` opens; each
 * chunk of it also goes to `onText`. `exit()` is how it ended (null while it runs, `err` when it
 * could not start); `stop()` terminates it.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {import('node:child_process').SpawnOptions} options
 * @param {(text: string) => void} [onText]
 * @returns {RunningChild}
 */
export function runChild(command, args, options, onText) {
  const child = spawn(command, args, options);
  let output = '';
  const onData = (d) => {
    const text = String(d);
    output = (output + text).slice(-OUTPUT_TAIL);
    onText?.(text);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  /** @type {ChildExit | null} */
  let exit = null;
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve(undefined);
    });
    child.once('error', (err) => {
      exit = { code: null, signal: null, err };
      resolve(undefined);
    });
  });
  return {
    pid: child.pid,
    exit: () => exit,
    output: () => output.trim(),
    stop: () => terminate(child, exitPromise, () => exit !== null),
  };
}

/**
 * Asks `probe` every 50 ms until the child answers. The probe resolves to nothing when the child
 * is ready, or to why it never will be (another program answers on its port): then the child is
 * stopped and that reason thrown. Also throws, with the end of the child's output, when the child
 * exits first (`<name> failed to start: …`) or `timeoutMs` passes (`<name> did not answer <question> within …`).
 * @param {RunningChild} run
 * @param {{ name: string, question: string, timeoutMs: number, probe: () => Promise<string | undefined> }} opts
 */
export async function waitUntilAnswering(run, { name, question, timeoutMs, probe }) {
  const deadline = Date.now() + timeoutMs;
  const tail = () => (run.output() ? `\n${run.output()}` : '');
  for (;;) {
    const exit = run.exit();
    if (exit) throw new Error(`${name} failed to start: ${exit.err ? exit.err.message : `exited with code ${exit.code ?? exit.signal}`}${tail()}`);
    let refused;
    try {
      refused = await probe();
    } catch {
      if (Date.now() > deadline) {
        await run.stop();
        throw new Error(`${name} did not answer ${question} within ${timeoutMs} ms${tail()}`);
      }
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    if (refused === undefined) return;
    await run.stop();
    throw new Error(refused);
  }
}
