/**
 * Test support: runs `node samples/relay/server.mjs --json` in a child process (jest's CommonJS mode
 * cannot import the .mjs server) and gives its URL. `restart()` stops it and starts it again on the
 * same port.
 */
import { join, resolve } from 'node:path';
import { startServerProcess, type ServerProcess } from '../../shared/testing/serverProcess';

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

type Running = ServerProcess<{ url: string; port: number }>;

function launch(port: number, options: RelayProcessOptions, sink: (s: string) => void): Promise<Running> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, RELAY_PORT: String(port) };
  if (options.pingIntervalMs) env.RELAY_PING_INTERVAL_MS = String(options.pingIntervalMs);
  return startServerProcess({ name: 'the relay', script: SERVER, ready: READY, env, cwd: REPO_ROOT, timeoutMs: options.timeoutMs ?? 10_000, onOutput: sink });
}

export async function startRelayProcess(options: RelayProcessOptions = {}): Promise<RelayProcess> {
  let log = '';
  const sink = (s: string) => (log += s);
  let running: Running | undefined = await launch(options.port ?? 0, options, sink);
  const { port, url } = running.info;
  return {
    url,
    port,
    output: () => log,
    async stats() {
      // The relay bounds every HTTP request's headers by its upgrade timeout (1 s in the abuse tests): when an abuse keeps
      // its loop busy that long, Node answers 408 with no body. That is the relay shedding as configured, not a wrong
      // answer: ask again (a full run under load met it once in ~40 samples per case).
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(`http://127.0.0.1:${port}/stats`);
        if (res.status === 408 && attempt < 5) continue;
        if (!res.ok) throw new Error(`relay /stats answered ${res.status}: ${await res.text()}`);
        return (await res.json()) as { ok: boolean } & Record<string, number>;
      }
    },
    async stop() {
      await running?.stop();
      running = undefined;
    },
    async restart() {
      await running?.stop();
      running = await launch(port, options, sink);
    },
  };
}
