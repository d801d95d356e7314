#!/usr/bin/env node
// A local Solana chain for development: the Solana JSON-RPC over HTTP and its pubsub over
// WebSocket, in front of litesvm (the Solana runtime, in-process). See README.md.
//
//   node samples/solana/server.mjs [--json]
//   Env: SOLANA_PORT (HTTP, default PORTS.solana of ../shared/ports.mjs), SOLANA_WS_PORT (default SOLANA_PORT + 1, where
//        @solana/web3.js looks), SOLANA_HOST (127.0.0.1), SOLANA_SLOT_MS (400),
//        SOLANA_MAX_TRANSACTIONS (5000), SOLANA_LOG=1 (one line per request).
//   --json prints `LATCHKEY_SOLANA {"rpcUrl":…,"wsUrl":…,"caipNetworkId":…}` once listening.
import { createServer } from 'node:http';
import { isMain, runServer } from '../shared/launcher.mjs';
import { ErrorCode, RpcError, base58, isObject, short, stringify } from './codec.mjs';
import { CAIP_NETWORK_ID, FAUCET_ADDRESS, GENESIS_HASH, LAMPORTS_PER_SOL, LocalChain } from './chain.mjs';
import { PubSub } from './pubsub.mjs';
import { METHOD_NAMES, methods } from './rpc.mjs';
import { boolean, integer, port as portSetting, string } from '../shared/env.mjs';
import { LOCAL_HOST, PORTS } from '../shared/ports.mjs';
import { BodyTooLargeError, readBody } from '../shared/http.mjs';

export { CAIP_NETWORK_ID, FAUCET_ADDRESS, GENESIS_HASH, LAMPORTS_PER_SOL, METHOD_NAMES };

/** The default HTTP port (STACK.md); the WebSocket's is the next one. */
export const DEFAULT_SOLANA_PORT = PORTS.solana;
/** Largest HTTP request body, as the Agave RPC (50 KiB). */
const MAX_BODY_BYTES = 50 * 1024;
const MAX_BATCH = 100;
/** Open HTTP connections at once (keep-alive included); more are refused by the server. */
const MAX_HTTP_CONNECTIONS = 1024;
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': 'content-type, solana-client',
  'access-control-max-age': '86400',
};

/**
 * @typedef {object} SolanaOptions
 * @property {number} [port] HTTP port; default env SOLANA_PORT, else DEFAULT_SOLANA_PORT; 0 picks a free port
 * @property {number} [wsPort] WebSocket port; default env SOLANA_WS_PORT, else port + 1 (0 when port is 0)
 * @property {string} [host] default '127.0.0.1'
 * @property {number} [slotMs] slot duration in ms, default 400; 0 stops the clock
 * @property {number} [maxTransactions] transactions kept in history, default 5000
 * @property {number} [maxConnections] WebSocket connections, default 256
 * @property {boolean | ((line: string) => void)} [log] true logs each request to the console
 */

/**
 * Starts the chain and its two servers. Resolves once both listen.
 * @param {SolanaOptions} [options]
 */
export async function startSolana(options = {}) {
  const env = process.env;
  // options win over variables; both go through the shared reader (../shared/env.mjs)
  const port = portSetting(options.port ?? env.SOLANA_PORT, 'SOLANA_PORT', DEFAULT_SOLANA_PORT);
  const wsPort = portSetting(options.wsPort ?? env.SOLANA_WS_PORT, 'SOLANA_WS_PORT', port === 0 ? 0 : port + 1);
  const host = string(options.host ?? env.SOLANA_HOST, 'SOLANA_HOST', { def: LOCAL_HOST });
  const slotMs = integer(options.slotMs ?? env.SOLANA_SLOT_MS, 'SOLANA_SLOT_MS', { min: 0, max: 60_000, def: 400 });
  const maxTransactions = integer(options.maxTransactions ?? env.SOLANA_MAX_TRANSACTIONS, 'SOLANA_MAX_TRANSACTIONS', { min: 1, max: 1_000_000, def: 5000 });
  const logOpt = options.log ?? boolean(env.SOLANA_LOG, 'SOLANA_LOG', false);
  /** @type {(line: string) => void} */
  const log = typeof logOpt === 'function' ? logOpt : logOpt ? (line) => console.log(`[solana] ${line}`) : () => {};

  const chain = new LocalChain({ slotMs, maxTransactions });
  const identity = base58.encode(new Uint8Array(32).fill(7)); // a fixed validator identity
  const ctx = { chain, identity };
  const pubsub = new PubSub(chain, { maxConnections: options.maxConnections ?? 256, log });
  const counters = { requests: 0, errors: 0 };

  /** @param {unknown} req @returns {Promise<object | undefined>} the response, undefined for a notification */
  const handleOne = async (req) => {
    if (!isObject(req) || req.jsonrpc !== '2.0' || typeof req.method !== 'string') {
      return { jsonrpc: '2.0', error: { code: ErrorCode.INVALID_REQUEST, message: 'Invalid request' }, id: null };
    }
    const id = req.id;
    if (id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number') {
      return { jsonrpc: '2.0', error: { code: ErrorCode.INVALID_REQUEST, message: 'Invalid request: id must be a string, a number or null' }, id: null };
    }
    const started = performance.now();
    counters.requests++;
    let response;
    try {
      if (!Object.hasOwn(methods, req.method)) throw new RpcError(ErrorCode.METHOD_NOT_FOUND, `Method not found: ${short(req.method)}`);
      const result = await methods[req.method](req.params, ctx);
      response = { jsonrpc: '2.0', result, id: id ?? null };
      log(`${req.method} ${(performance.now() - started).toFixed(1)} ms`);
    } catch (err) {
      counters.errors++;
      const e = err instanceof RpcError ? err : new RpcError(ErrorCode.INTERNAL_ERROR, `Internal error: ${err instanceof Error ? err.message : String(err)}`);
      if (!(err instanceof RpcError)) console.error('[solana] internal error in', req.method, err);
      response = { jsonrpc: '2.0', error: { code: e.code, message: e.message, ...(e.data !== undefined ? { data: e.data } : {}) }, id: id ?? null };
      log(`${req.method} -> ${e.code} ${e.message}`);
    }
    return id === undefined ? undefined : response;
  };

  const rpcServer = createServer((req, res) => {
    const reply = (/** @type {number} */ status, /** @type {string} */ type, /** @type {string} */ body, extra = {}) => {
      res.writeHead(status, { ...CORS_HEADERS, 'content-type': type, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store', ...extra });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS).end();
      return;
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && path === '/health') return reply(200, 'text/plain; charset=utf-8', 'ok');
    if ((req.method === 'GET' || req.method === 'HEAD') && path === '/stats') {
      return reply(200, 'application/json', stringify({ ...chain.stats(), ...pubsub.stats(), ...counters, rss: process.memoryUsage().rss }));
    }
    if (req.method !== 'POST') return reply(405, 'text/plain; charset=utf-8', 'Use POST with a JSON-RPC body\n', { allow: 'POST, OPTIONS' });
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return reply(415, 'text/plain; charset=utf-8', 'Supplied content type is not allowed. Content-Type: application/json is required\n');
    }
    readBody(req, MAX_BODY_BYTES).then(async (raw) => {
      let body;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply(200, 'application/json', stringify({ jsonrpc: '2.0', error: { code: ErrorCode.PARSE_ERROR, message: 'Parse error' }, id: null }));
      }
      try {
        if (Array.isArray(body)) {
          if (body.length === 0 || body.length > MAX_BATCH) {
            const message = body.length === 0 ? 'Invalid request: empty batch' : `Invalid request: at most ${MAX_BATCH} requests per batch`;
            return reply(200, 'application/json', stringify({ jsonrpc: '2.0', error: { code: ErrorCode.INVALID_REQUEST, message }, id: null }));
          }
          const answers = [];
          for (const item of body) {
            const a = await handleOne(item);
            if (a) answers.push(a);
          }
          if (answers.length === 0) return reply(204, 'text/plain', '');
          return reply(200, 'application/json', stringify(answers));
        }
        const answer = await handleOne(body);
        if (!answer) return reply(204, 'text/plain', '');
        return reply(200, 'application/json', stringify(answer));
      } catch (err) {
        console.error('[solana] failed to answer a request', err);
        if (!res.headersSent) reply(500, 'text/plain; charset=utf-8', 'Internal server error\n');
      }
    }, (err) => {
      // a body past its bound: refused unread, and the connection closes after the answer
      if (err instanceof BodyTooLargeError) reply(err.status, 'text/plain; charset=utf-8', `${err.message}\n`, err.headers);
      else req.destroy();
    });
  });
  rpcServer.on('upgrade', (req, socket, head) => pubsub.handleUpgrade(req, socket, head));
  rpcServer.requestTimeout = 30_000;
  rpcServer.headersTimeout = 10_000;
  rpcServer.maxConnections = MAX_HTTP_CONNECTIONS;

  const wsServer = createServer((req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket' }).end('This port speaks the Solana pubsub over WebSocket\n');
  });
  wsServer.on('upgrade', (req, socket, head) => pubsub.handleUpgrade(req, socket, head));
  wsServer.maxConnections = MAX_HTTP_CONNECTIONS;

  /** @param {import('node:http').Server} server @param {number} p @param {string} envName */
  const listen = (server, p, envName) =>
    new Promise((resolve, reject) => {
      const onError = (/** @type {NodeJS.ErrnoException} */ err) => {
        reject(
          err.code === 'EADDRINUSE'
            ? Object.assign(new Error(`solana: port ${p} on ${host} is already in use (another local chain?). Stop it or set ${envName} to another port.`), { code: 'EADDRINUSE' })
            : err,
        );
      };
      server.once('error', onError);
      server.listen(p, host, () => {
        server.off('error', onError);
        resolve(/** @type {import('node:net').AddressInfo} */ (server.address()).port);
      });
    });

  const close = (/** @type {import('node:http').Server} */ server) =>
    new Promise((resolve) => {
      if (!server.listening) return resolve(undefined);
      server.close(() => resolve(undefined));
      server.closeAllConnections?.();
    });

  let actualPort;
  let actualWsPort;
  try {
    actualPort = await listen(rpcServer, port, 'SOLANA_PORT');
    actualWsPort = await listen(wsServer, wsPort, wsPort === port + 1 && options.wsPort === undefined && !env.SOLANA_WS_PORT ? 'SOLANA_PORT' : 'SOLANA_WS_PORT');
  } catch (err) {
    await pubsub.close();
    await Promise.all([close(rpcServer), close(wsServer)]);
    throw err;
  }
  chain.start();

  const rpcUrl = `http://${host}:${actualPort}`;
  const wsUrl = `ws://${host}:${actualWsPort}`;
  let stopped = false;
  return {
    rpcUrl,
    wsUrl,
    port: actualPort,
    wsPort: actualWsPort,
    genesisHash: GENESIS_HASH,
    caipNetworkId: CAIP_NETWORK_ID,
    chain,
    /**
     * Sends SOL from the faucet (a real transaction); resolves with its signature.
     * @param {string} address base58 @param {bigint} lamports
     */
    async airdrop(address, lamports) {
      const bytes = base58.decode(address);
      if (bytes.length !== 32) throw new Error(`not a Solana address: ${address}`);
      return chain.airdrop(bytes, lamports).signature;
    },
    stats: () => ({ ...chain.stats(), ...pubsub.stats(), ...counters }),
    async stop() {
      if (stopped) return;
      stopped = true;
      chain.stop();
      await pubsub.close();
      await Promise.all([close(rpcServer), close(wsServer)]);
    },
  };
}

if (isMain(import.meta.url)) {
  await runServer({
    name: 'solana',
    marker: 'LATCHKEY_SOLANA',
    start: () => startSolana(),
    started: (solana) => console.log(`Local Solana chain (litesvm): RPC ${solana.rpcUrl}, WebSocket ${solana.wsUrl}, network ${solana.caipNetworkId}`),
    ready: ({ rpcUrl, wsUrl, port, wsPort, caipNetworkId, genesisHash }) => ({ rpcUrl, wsUrl, port, wsPort, caipNetworkId, genesisHash, faucet: FAUCET_ADDRESS }),
  });
}
