/**
 * `samples/start.mjs` as a child process on free ports: spawning it, reading its ready line
 * (`LATCHKEY_STACK {json}`), stopping its process group. Used by ./stack.ts, for a stack of
 * one test file and for the shared stacks of a test run (./sharedStacks.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './artifacts';
import { getFreePortPair, getFreePorts } from './ports';
import { TEST_NODE_FLAGS } from '../../samples/shared/testing/serverProcess';

const READY = 'LATCHKEY_STACK ';

/** The wallet service's resend window in test stacks (seconds): a test waits one second, not thirty. */
export const TEST_RESEND_INTERVAL_S = 1;

export interface StackPorts {
  readonly port: number;
  readonly anvil1: number;
  readonly anvil2: number;
  readonly relayPort: number;
  readonly solanaPort: number;
  readonly walletPort: number;
  readonly oidcPort: number;
  readonly dataPort: number;
  readonly onrampPort: number;
  readonly bundlerPort: number;
}

export async function freeStackPorts(): Promise<StackPorts> {
  // The Solana chain needs two neighbouring ports (HTTP P, WebSocket P + 1).
  const solanaPort = await getFreePortPair();
  let ports: number[];
  do ports = await getFreePorts(9);
  while (ports.some((p) => p === solanaPort || p === solanaPort + 1));
  const [port, anvil1, anvil2, relayPort, walletPort, oidcPort, dataPort, onrampPort, bundlerPort] = ports as [number, number, number, number, number, number, number, number, number];
  return { port, anvil1, anvil2, relayPort, solanaPort, walletPort, oidcPort, dataPort, onrampPort, bundlerPort };
}

export interface SpawnStackOptions {
  readonly ports: StackPorts;
  readonly relayLog?: boolean;
  /** A build of the demo shared with other stacks of the run (samples/stack/serve.mjs DEMO_BUILD_DIR). */
  readonly demoBuildDir?: string;
  /** Where the child writes its output (a shared stack outlives the file that started it); default: a pipe. */
  readonly logFile?: string;
}

/** Starts the stack's child (detached: it leads its own process group, so a hard kill also reaches anvil); it stops when this process is gone. */
export function spawnStack(options: SpawnStackOptions): ChildProcess {
  const { ports, relayLog = false, demoBuildDir, logFile } = options;
  const fd = logFile ? openSync(logFile, 'a') : undefined;
  try {
    return spawn(process.execPath, [...TEST_NODE_FLAGS, join(REPO_ROOT, 'samples/start.mjs'), '--no-install', '--json'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(ports.port),
        ANVIL_PORT_1: String(ports.anvil1),
        ANVIL_PORT_2: String(ports.anvil2),
        RELAY_PORT: String(ports.relayPort),
        SOLANA_PORT: String(ports.solanaPort),
        RELAY_LOG: relayLog ? '1' : '0',
        WALLET_PORT: String(ports.walletPort),
        WALLET_OIDC_PORT: String(ports.oidcPort),
        WALLET_DATA_DIR: ':memory:',
        WALLET_RESEND_INTERVAL: String(TEST_RESEND_INTERVAL_S),
        DATA_PORT: String(ports.dataPort),
        // a database of its own for every test stack (several may run at once), deleted at stop
        DATA_PGLITE_DIR: 'temp',
        ONRAMP_PORT: String(ports.onrampPort),
        BUNDLER_PORT: String(ports.bundlerPort),
        LATCHKEY_STACK_PARENT_PID: String(process.pid),
        ...(demoBuildDir ? { DEMO_BUILD_DIR: demoBuildDir } : {}),
      },
      stdio: fd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', fd, fd],
      detached: true,
    });
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The stack's ready line in its output, parsed (undefined while it has not printed it). */
export function readyInfo(output: string): Record<string, any> | undefined {
  const line = output.split('\n').find((l) => l.startsWith(READY));
  return line ? (JSON.parse(line.slice(READY.length)) as Record<string, any>) : undefined;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits for the ready line in a stack's log file, polling (the child may belong to another
 * process of the run); fails when the child exits first or the time runs out.
 */
export async function waitForReadyLog(pid: number, logFile: string, timeoutMs: number): Promise<Record<string, any>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const output = readFileSync(logFile, 'utf8');
    const info = readyInfo(output);
    if (info) return info;
    if (!isAlive(pid)) throw new Error(`the stack exited before it was ready\n--- stack output ---\n${output}`);
    if (Date.now() > end) throw new Error(`the stack did not start within ${timeoutMs} ms\n--- stack output ---\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Stops a stack's process group: SIGTERM to the leader (start.mjs stops anvil and the servers
 * itself), SIGKILL to the group after `graceMs` or once the leader is gone (anything left).
 */
export async function stopStackGroup(pid: number, graceMs = 8000): Promise<void> {
  const group = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      /* already gone */
    }
  };
  if (!isAlive(pid)) return group('SIGKILL');
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  for (const end = Date.now() + graceMs; isAlive(pid) && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
  group('SIGKILL');
}
