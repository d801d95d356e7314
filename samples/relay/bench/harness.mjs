// The relay benchmarks' tools (abuse.mjs, abuseAddresses.mjs, pairs.mjs): their command-line
// options, a relay in a child process (with its VmRSS), sockets with fresh signed identities from a
// chosen loopback source address, and helpers that send frames as fast as the relay reads them and
// count what comes back.
import { spawn } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { base58 } from '@scure/base';
import WebSocket from 'ws';

/** A relay-auth token for `aud` as a WalletConnect client makes it, from a fresh Ed25519 key (its did:key, multicodec ed25519-pub 0xed 0x01, is `iss`). */
function relayJwt(aud) {
  const { privateKey } = generateKeyPairSync('ed25519');
  const x = /** @type {string} */ (createPublicKey(privateKey).export({ format: 'jwk' }).x);
  const iat = Math.floor(Date.now() / 1000);
  const enc = (/** @type {unknown} */ v) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const header = enc({ alg: 'EdDSA', typ: 'JWT' });
  const payload = enc({ iss: `did:key:z${base58.encode(Uint8Array.from([0xed, 0x01, ...Buffer.from(x, 'base64url')]))}`, sub: randomBytes(32).toString('hex'), aud, iat, exp: iat + 86_400 });
  return `${header}.${payload}.${sign(null, Buffer.from(`${header}.${payload}`, 'ascii'), privateKey).toString('base64url')}`;
}

/** The command line after `node <script>`. */
export const args = process.argv.slice(2);
/** The value given after `--name` on the command line, or `fallback`. @param {string} name @param {string} fallback */
export const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
/** The relay these benchmarks run by default: samples/relay/server.mjs. */
export const RELAY_SERVER = fileURLToPath(new URL('../server.mjs', import.meta.url));

export const MiB = 1024 * 1024;
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const topic = () => randomBytes(32).toString('hex');
/** Payloads of about `kib` KiB of base64, like an encrypted message. */
export const payload = (kib) => randomBytes(Math.round((kib * 1024 * 3) / 4)).toString('base64');

/** The resident memory of a process (VmRSS), in bytes. @param {number} pid */
export function rss(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}
export const mb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / MiB).toFixed(0)} MB` : 'n/a');

/**
 * Runs `node server --json` with these RELAY_* variables; resolves once it listens.
 * @param {string} server path of server.mjs
 * @param {Record<string, string>} env
 */
export async function startRelay(server, env = {}) {
  const child = spawn(process.execPath, ['--expose-gc', server, '--json'], {
    env: { ...process.env, RELAY_PORT: '0', RELAY_LOG: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr.on('data', (d) => (out += d));
  const info = await new Promise((res, rej) => {
    const t = setTimeout(() => rej(new Error(`relay did not start:\n${out}`)), 10_000);
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('LATCHKEY_RELAY '));
      if (line) {
        clearTimeout(t);
        res(JSON.parse(line.slice('LATCHKEY_RELAY '.length)));
      }
    });
    child.once('exit', () => rej(new Error(`relay exited:\n${out}`)));
  });
  return {
    ...info,
    pid: child.pid,
    /** GET /stats (or /health from a relay without it); {} when it does not answer. */
    async stats() {
      for (const path of ['/stats', '/health']) {
        try {
          const res = await fetch(`http://127.0.0.1:${info.port}${path}`, { signal: AbortSignal.timeout(5000) });
          if (res.ok) return await res.json();
        } catch {
          // not answering
        }
      }
      return {};
    },
    async stop() {
      child.kill('SIGTERM');
      const hard = setTimeout(() => child.kill('SIGKILL'), 3000);
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      clearTimeout(hard);
    },
  };
}

/**
 * A socket with a fresh signed identity; resolves once open, or with null when refused.
 * `from` is the source address (any 127.x.y.z on Linux), so one machine can be several clients.
 * @param {string} url @param {string} [from]
 * @returns {Promise<WebSocket | null>}
 */
export function connect(url, from) {
  const jwt = relayJwt(url);
  const ws = new WebSocket(`${url}/?auth=${jwt}&projectId=bench`, from ? { localAddress: from } : {});
  ws.on('error', () => {});
  return new Promise((res) => {
    ws.once('open', () => res(ws));
    ws.once('unexpected-response', (_req, response) => {
      response.resume();
      res(null);
    });
    ws.once('close', () => res(null));
    ws.once('error', () => res(null));
  });
}

let nextId = 1;
export const request = (method, params) => JSON.stringify({ id: nextId++, jsonrpc: '2.0', method, params });

/**
 * Calls `handle` with every JSON frame the socket receives other than a delivery, which it answers
 * (as clients do). @param {WebSocket} ws @param {(frame: any) => void} handle
 */
function onFrame(ws, handle) {
  ws.on('message', (data) => {
    let f;
    try {
      f = JSON.parse(data.toString());
    } catch {
      return;
    }
    if (f.method === 'irn_subscription') ws.send(JSON.stringify({ id: f.id, jsonrpc: '2.0', result: true }));
    else handle(f);
  });
}

/** Request/answer on a socket that reads: `call` resolves with the answer frame (result or error). @param {WebSocket} ws */
export function rpc(ws) {
  /** @type {Map<number, (f: any) => void>} */
  const waiting = new Map();
  onFrame(ws, (f) => {
    waiting.get(f.id)?.(f);
    waiting.delete(f.id);
  });
  ws.once('close', () => {
    for (const w of waiting.values()) w({ error: { code: 'closed' } });
    waiting.clear();
  });
  return {
    /** @param {string} method @param {unknown} params @returns {Promise<any>} */
    call(method, params) {
      const id = nextId++;
      return new Promise((res) => {
        if (ws.readyState !== WebSocket.OPEN) return res({ error: { code: 'closed' } });
        waiting.set(id, res);
        ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }));
      });
    },
  };
}

/**
 * Sends frames from `make` while the socket takes them (client-side buffer under 4 MiB), until the
 * shared budget is spent or `until`.
 */
export async function pump(ws, make, budget, until) {
  let sent = 0;
  while (budget.left > 0 && Date.now() < until && ws.readyState === WebSocket.OPEN) {
    if (ws.bufferedAmount > 4 * MiB) {
      await sleep(2);
      continue;
    }
    budget.left--;
    ws.send(make());
    sent++;
    if (sent % 64 === 0) await new Promise((r) => setImmediate(r));
  }
  return sent;
}

/** Counts results and errors on a socket (and answers its deliveries). */
export function tally(ws) {
  const t = { results: 0, errors: 0, codes: /** @type {Record<string, number>} */ ({}) };
  onFrame(ws, (f) => {
    if (f.error) {
      t.errors++;
      t.codes[f.error.code] = (t.codes[f.error.code] ?? 0) + 1;
    } else t.results++;
  });
  return t;
}

export const closeAll = (sockets) => Promise.all(sockets.filter(Boolean).map((ws) => new Promise((r) => (ws.readyState === WebSocket.CLOSED ? r() : (ws.once('close', r), ws.terminate())))));
export const sum = (tallies, k) => tallies.reduce((a, t) => a + t[k], 0);
export const mergeCodes = (tallies) => {
  const out = {};
  for (const t of tallies) for (const [c, n] of Object.entries(t.codes)) out[c] = (out[c] ?? 0) + n;
  return out;
};

/** Stops reading a socket (its TCP socket is paused; the kernel buffers fill, then the relay's). @param {WebSocket} ws */
export const stopReading = (ws) => /** @type {any} */ (ws)._socket.pause();
