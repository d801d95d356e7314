// Starts a local anvil node (the real binary shipped by @foundry-rs/anvil-linux-amd64) and waits until it answers RPC.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import net from 'node:net';
import { nodeRpc } from './rpc.mjs';
import { runChild, waitUntilAnswering } from '../shared/child.mjs';

const require = createRequire(import.meta.url);

/** Absolute path of the anvil binary. */
export function anvilBinary() {
  let pkg;
  try {
    pkg = require.resolve('@foundry-rs/anvil-linux-amd64/package.json');
  } catch {
    throw new Error(
      'anvil binary not found: @foundry-rs/anvil-linux-amd64 is not installed (run `npm install`; it is an optional dependency of @foundry-rs/anvil for linux x64).',
    );
  }
  return join(dirname(pkg), 'bin', 'anvil');
}

/** Resolves true when something already listens on 127.0.0.1:port. */
export function isPortTaken(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts anvil on 127.0.0.1:port with the given chain id.
 * @param {{ port: number, chainId: number, timeoutMs?: number }} opts
 * @returns {Promise<{ url: string, chainId: number, port: number, pid: number, stop(): Promise<void> }>}
 */
export async function startAnvil({ port, chainId, timeoutMs = 10_000 }) {
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`anvil: invalid port ${port}`);
  if (await isPortTaken(port)) {
    throw new Error(
      `anvil: port ${port} on 127.0.0.1 is already in use (another anvil or program?). Stop it or choose other ports with ANVIL_PORT_1 / ANVIL_PORT_2.`,
    );
  }
  const run = runChild(anvilBinary(), ['--host', '127.0.0.1', '--port', String(port), '--silent', '--chain-id', String(chainId)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(run, {
    name: `anvil on port ${port}`,
    question: 'eth_chainId',
    timeoutMs,
    probe: async () => {
      const got = Number.parseInt(await nodeRpc(url, 'eth_chainId', [], { timeoutMs: 1000 }), 16);
      if (got !== chainId) return `anvil on port ${port} answered chain id ${got}, expected ${chainId} (port taken by another node?)`;
    },
  });
  return { url, chainId, port, pid: run.pid, stop: run.stop };
}
