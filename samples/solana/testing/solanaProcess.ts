/**
 * Test support: runs `node samples/solana/server.mjs --json` in a child process (jest's CommonJS
 * mode cannot import the .mjs server) on a free port pair (HTTP P, WebSocket P + 1).
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { getFreePortPair } from '../../../tests/support/ports';

const REPO_ROOT = resolve(__dirname, '../../..');
const SERVER = join(REPO_ROOT, 'samples/solana/server.mjs');
const READY = 'LATCHKEY_SOLANA ';

export interface SolanaProcess {
  readonly rpcUrl: string;
  readonly wsUrl: string;
  readonly port: number;
  readonly wsPort: number;
  readonly caipNetworkId: string;
  readonly genesisHash: string;
  readonly faucet: string;
  /** Everything the server printed. */
  output(): string;
  /** GET /stats: slot, counters, RSS. */
  stats(): Promise<Record<string, number | string>>;
  stop(): Promise<void>;
}

export interface SolanaProcessOptions {
  readonly slotMs?: number;
  readonly maxTransactions?: number;
  readonly log?: boolean;
  readonly timeoutMs?: number;
}

export async function startSolanaProcess(options: SolanaProcessOptions = {}): Promise<SolanaProcess> {
  const port = await getFreePortPair();
  const env: NodeJS.ProcessEnv = { ...process.env, SOLANA_PORT: String(port), SOLANA_LOG: options.log ? '1' : '0' };
  delete env.SOLANA_WS_PORT;
  if (options.slotMs !== undefined) env.SOLANA_SLOT_MS = String(options.slotMs);
  if (options.maxTransactions !== undefined) env.SOLANA_MAX_TRANSACTIONS = String(options.maxTransactions);
  const child = spawn(process.execPath, [SERVER, '--json'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  const timeoutMs = options.timeoutMs ?? 15_000;
  const info = await new Promise<Omit<SolanaProcess, 'output' | 'stats' | 'stop'>>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`the Solana chain did not start within ${timeoutMs} ms:\n${out}`)), timeoutMs);
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
      rej(new Error(`the Solana chain exited before it was ready:\n${out}`));
    });
  });
  return {
    ...info,
    output: () => out,
    async stats() {
      return (await (await fetch(`${info.rpcUrl}/stats`)).json()) as Record<string, number | string>;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const hard = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(hard);
    },
  };
}
