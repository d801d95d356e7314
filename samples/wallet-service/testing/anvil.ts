/** Test support: a local anvil (the real binary from @foundry-rs/anvil-linux-amd64) on a free port. */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { getFreePort } from '../../../tests/support/ports';

export interface Anvil {
  readonly url: string;
  readonly chainId: number;
  stop(): Promise<void>;
}

export async function startAnvil(chainId = 31337): Promise<Anvil> {
  const bin = join(dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil');
  const port = await getFreePort();
  const child = spawn(bin, ['--host', '127.0.0.1', '--port', String(port), '--silent', '--chain-id', String(chainId)], { stdio: 'ignore' });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' });
      if ((await res.json()).result) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`anvil did not start on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    chainId,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
