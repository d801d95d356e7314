/**
 * Test support: runs `node samples/solana/server.mjs --json` in a child process (jest's CommonJS
 * mode cannot import the .mjs server) on a free port pair (HTTP P, WebSocket P + 1).
 */
import { join, resolve } from 'node:path';
import { startServerProcess } from '../../shared/testing/serverProcess';
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
  const server = await startServerProcess<Omit<SolanaProcess, 'output' | 'stats' | 'stop'>>({
    name: 'the Solana chain',
    script: SERVER,
    ready: READY,
    env,
    cwd: REPO_ROOT,
    timeoutMs: options.timeoutMs ?? 15_000,
  });
  return {
    ...server.info,
    output: server.output,
    async stats() {
      return (await (await fetch(`${server.info.rpcUrl}/stats`)).json()) as Record<string, number | string>;
    },
    stop: server.stop,
  };
}
