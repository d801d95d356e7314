/**
 * Test support: runs `node samples/relay/server.mjs --json` in a child process (jest's CommonJS mode
 * cannot import the .mjs server) and gives its URL. `restart()` stops it and starts it again on the
 * same port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(__dirname, '../../..');
const SERVER = join(REPO_ROOT, 'samples/relay/server.mjs');
const READY = 'LATCHKEY_RELAY ';

export interface RelayProcessOptions {
  /** 0 (default) picks a free port. */
  readonly port?: number;
  readonly pingIntervalMs?: number;
  readonly timeoutMs?: number;
  /** More RELAY_* variables (limits) for the relay. */
  readonly env?: Readonly<Record<string, string>>;
}

export interface RelayProcess {
  readonly url: string;
  readonly port: number;
  /** Everything the relay printed (its per-method log), for failure messages. */
  output(): string;
  /** GET /stats (served to loopback only): the relay's counters. */
  stats(): Promise<{ ok: boolean } & Record<string, number>>;
  stop(): Promise<void>;
  /** Stops the relay and starts a new one on the same port. */
  restart(): Promise<void>;
}

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
  port: number;
  url: string;
}

async function launch(port: number, options: RelayProcessOptions, sink: (s: string) => void): Promise<Running> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, RELAY_PORT: String(port) };
  if (options.pingIntervalMs) env.RELAY_PING_INTERVAL_MS = String(options.pingIntervalMs);
  const child = spawn(process.execPath, [SERVER, '--json'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const onData = (d: Buffer) => {
    out += d.toString();
    sink(d.toString());
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  const info = await new Promise<{ url: string; port: number }>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`relay did not start within ${options.timeoutMs ?? 10_000} ms:\n${out}`)), options.timeoutMs ?? 10_000);
    const check = () => {
      const line = out.split('\n').find((l) => l.startsWith(READY));
      if (line) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        res(JSON.parse(line.slice(READY.length)));
      }
    };
    child.stdout!.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      rej(new Error(`relay exited before it was ready:\n${out}`));
    });
  });
  return { child, exited, ...info };
}

async function halt(r: Running): Promise<void> {
  if (r.child.exitCode !== null || r.child.signalCode !== null) return;
  r.child.kill('SIGTERM');
  const hard = setTimeout(() => r.child.kill('SIGKILL'), 3000);
  await r.exited;
  clearTimeout(hard);
}

export async function startRelayProcess(options: RelayProcessOptions = {}): Promise<RelayProcess> {
  let log = '';
  const sink = (s: string) => (log += s);
  let running: Running | undefined = await launch(options.port ?? 0, options, sink);
  const port = running.port;
  const url = running.url;
  return {
    url,
    port,
    output: () => log,
    async stats() {
      const res = await fetch(`http://127.0.0.1:${port}/stats`);
      return (await res.json()) as { ok: boolean } & Record<string, number>;
    },
    async stop() {
      if (running) await halt(running);
      running = undefined;
    },
    async restart() {
      if (running) await halt(running);
      running = await launch(port, options, sink);
    },
  };
}
