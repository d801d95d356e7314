/**
 * Drives tests/e2e/support/wcWallet.mjs (a @reown/walletkit wallet) in a child process:
 * commands over stdin, events (`WALLET {json}` lines) collected from stdout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(__dirname, '../../..');
const SCRIPT = join(REPO_ROOT, 'tests/e2e/support/wcWallet.mjs');

export interface WalletEvent {
  readonly type: string;
  readonly at: number;
  readonly [key: string]: any;
}

export interface WalletProcess {
  readonly events: readonly WalletEvent[];
  send(cmd: Record<string, unknown>): void;
  /** Waits for the first event (from index `from`) matching `match`. */
  waitFor(match: (e: WalletEvent) => boolean, options?: { timeoutMs?: number; from?: number; what?: string }): Promise<WalletEvent>;
  /** Pairs with `uri` and declines the session proposal that comes (as a visitor who says no); resolves with the wallet's `proposalRejected` event. */
  declinePairing(uri: string): Promise<WalletEvent>;
  output(): string;
  stop(): Promise<void>;
}

/** `key`: the wallet account's private key (default anvil's first account). */
export async function startWallet(config: { relayUrl: string; rpc: Record<string, string>; key?: string }): Promise<WalletProcess> {
  const child: ChildProcess = spawn(process.execPath, [SCRIPT, JSON.stringify(config)], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const events: WalletEvent[] = [];
  const waiters = new Set<() => void>();
  let out = '';
  let buffer = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    buffer += d.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.startsWith('WALLET ')) {
        events.push(JSON.parse(line.slice('WALLET '.length)));
        for (const w of [...waiters]) w();
      }
    }
  });
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));

  const waitFor: WalletProcess['waitFor'] = (match, { timeoutMs = 15_000, from = 0, what = 'a wallet event' } = {}) =>
    new Promise((res, rej) => {
      const check = () => {
        const found = events.slice(from).find(match);
        if (!found) return false;
        waiters.delete(onEvent);
        clearTimeout(timer);
        res(found);
        return true;
      };
      const onEvent = () => void check();
      const timer = setTimeout(() => {
        waiters.delete(onEvent);
        rej(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; wallet events: ${JSON.stringify(events.map((e) => e.type))}\n${out.slice(-3000)}`));
      }, timeoutMs);
      waiters.add(onEvent);
      if (!check()) void exited.then(() => check() || rej(new Error(`the wallet process exited while waiting for ${what}:\n${out.slice(-3000)}`)));
    });

  const wallet: WalletProcess = {
    events,
    send: (cmd) => void child.stdin!.write(`${JSON.stringify(cmd)}\n`),
    waitFor,
    async declinePairing(uri) {
      const from = events.length;
      wallet.send({ cmd: 'rejectNextProposal' });
      await waitFor((e) => e.type === 'rejectNextProposal', { from });
      wallet.send({ cmd: 'pair', uri });
      return waitFor((e) => e.type === 'proposalRejected', { from, what: 'the declined proposal' });
    },
    output: () => out,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin!.end();
      const hard = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(hard);
    },
  };
  await waitFor((e) => e.type === 'ready', { timeoutMs: 20_000, what: 'the wallet to start' });
  return wallet;
}
