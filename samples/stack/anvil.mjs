// Starts a local anvil node (the real binary shipped by @foundry-rs/anvil-linux-amd64) and waits until it answers RPC.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import net from 'node:net';
import { nodeRpc } from './rpc.mjs';
import { terminate } from '../shared/child.mjs';

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

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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
  const bin = anvilBinary();
  const child = spawn(
    bin,
    ['--host', '127.0.0.1', '--port', String(port), '--silent', '--chain-id', String(chainId)],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
    if (stderr.length > 4000) stderr = stderr.slice(-4000);
  });
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
    child.once('error', (err) => {
      exited = { code: null, signal: null, err };
      resolve();
    });
  });

  const url = `http://127.0.0.1:${port}`;
  const stop = () => terminate(child, exitPromise, () => Boolean(exited));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      const why = exited.err ? exited.err.message : `exited with code ${exited.code ?? exited.signal}`;
      throw new Error(`anvil on port ${port} failed to start: ${why}${stderr ? `\n${stderr.trim()}` : ''}`);
    }
    try {
      const hex = await nodeRpc(url, 'eth_chainId', [], { timeoutMs: 1000 });
      const got = Number.parseInt(hex, 16);
      if (got !== chainId) {
        await stop();
        throw new Error(`anvil on port ${port} answered chain id ${got}, expected ${chainId} (port taken by another node?)`);
      }
      break;
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('anvil on port')) throw err;
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`anvil on port ${port} did not answer eth_chainId within ${timeoutMs} ms${stderr ? `\n${stderr.trim()}` : ''}`);
      }
      await sleep(50);
    }
  }
  return { url, chainId, port, pid: child.pid, stop };
}
