/**
 * Test support: one of the stack's servers as a child process (`node <script> --json`, its real
 * launcher: jest's CommonJS mode cannot import the .mjs servers), ready once it prints its ready
 * line (`<PREFIX> {json}`, the JSON it tells its callers: URLs, ports). One starter for the relay,
 * the Solana front and the wallet service, instead of a copy in each.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcessOptions {
  /** What the errors call it ('the relay'). */
  readonly name: string;
  /** The script to run with `--json`. */
  readonly script: string;
  /** The start of its ready line, before the JSON ('LATCHKEY_RELAY '). */
  readonly ready: string;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd?: string;
  /** Give up (and kill it) when the ready line has not come by then. */
  readonly timeoutMs: number;
  /** How long `stop()` waits after SIGTERM before SIGKILL (default 3 s). */
  readonly killAfterMs?: number;
  /** Each piece of its output, as it comes (a log kept across restarts). */
  readonly onOutput?: (text: string) => void;
}

export interface ServerProcess<Info> {
  /** The JSON of its ready line. */
  readonly info: Info;
  readonly child: ChildProcess;
  /** Everything it printed (stdout and stderr). */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited in time; resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Node flags for servers a test starts: `--liftoff-only` keeps WebAssembly on V8's baseline
 * compiler. A test's server lives seconds, and optimising PGlite's 9 MB of WebAssembly costs it
 * more than it gains (an open from the template: 2.2 s and 2.0 s of CPU by default, 1.1 s and
 * 1.2 s with the flag; a first initdb: 12.5 s and 5.8 s). Servers a host runs keep the default.
 */
export const TEST_NODE_FLAGS: readonly string[] = ['--liftoff-only'];

/** Starts the server; resolves once its ready line came, rejects (with its output) if it exits or stays silent first. */
export async function startServerProcess<Info>(options: ServerProcessOptions): Promise<ServerProcess<Info>> {
  const { name, ready, timeoutMs } = options;
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, options.script, '--json'], { ...(options.cwd ? { cwd: options.cwd } : {}), env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const onData = (d: Buffer) => {
    const text = d.toString();
    out += text;
    options.onOutput?.(text);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const hard = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 3000);
    await exited;
    clearTimeout(hard);
  };
  const info = await new Promise<Info>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const check = () => {
      const line = out.split('\n').find((l) => l.startsWith(ready));
      if (!line) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      resolve(JSON.parse(line.slice(ready.length)) as Info);
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (code ${code}) before it was ready:\n${out}`));
    });
  }).catch(async (err: unknown) => {
    child.kill('SIGKILL');
    await exited;
    throw err;
  });
  return { info, child, output: () => out, stop };
}
