#!/usr/bin/env node
// A local relay for WalletConnect v2 clients (sign-client / universal-provider / walletkit 2.x),
// hardened to be exposed: verified client identities, bounded memory, limits on every input.
//
// It speaks the JSON-RPC 2.0 "irn" relay protocol over WebSocket, keeps everything in memory and
// never looks inside messages (they are end-to-end encrypted by the clients).
//
//   node samples/relay/server.mjs [--json] [--help]
//   --json prints one machine-readable line `LATCHKEY_RELAY {"url":…,"port":…}` once listening.
//   Every option has an env variable (RELAY_PORT, RELAY_HOST, RELAY_MAX_…; `--help` lists them, as
//   does README.md); RELAY_LOG=0 silences the per-method log.
//
// This file wires the parts together; each has its own module:
//   config.mjs    options, env variables, defaults, validation
//   auth.mjs      the connection JWT (EdDSA over the did:key in `iss`), verified on upgrade
//   front.mjs     HTTP up to the upgrade: /health, /stats, refusals, bounds on pending connections
//   limits.mjs    token bucket (request rate), counts per address, client address (IPv6 by /64)
//   store.mjs     stored messages, bounded by count and bytes, per topic, per address and in total
//   hub.mjs       subscriptions, delivery once per client, fetch pages, back-pressure on slow readers
//   outbox.mjs    bytes written to a socket and bytes its client provably read (ping/pong probes)
//   protocol.mjs  JSON-RPC parsing and errors, the irn_* and wc_* methods
//   log.mjs       log lines a client cannot forge
//
// Connections: `/?auth=<JWT>&projectId=…`. A token that does not verify is refused with HTTP 401
// before the WebSocket opens; a verified token's `iss` is the client's identity, on which delivery is
// keyed. A socket without `auth` gets a random identity of its own (`anon:…`), which can never be a
// did:key, so it can never receive another client's messages in that client's place (turn these
// sockets off with allowAnonymous: false). Too many sockets (in total or from one address): 503 / 429.
// Before any HTTP is read, a connection from an address that already has maxPendingPerAddress
// connections not yet upgraded is closed; a connection that has not upgraded within
// upgradeTimeoutMs is closed (checked every second), so nobody can sit on the connection slots.
// `GET /health` answers {ok:true}; `GET /stats` (loopback, not proxied) the counters; other HTTP: 426.
import { randomBytes } from 'node:crypto';
import { isMain, runServer } from '../shared/launcher.mjs';
import { WebSocketServer, WebSocket } from 'ws';
import { AuthError, verifyRelayJwt } from './auth.mjs';
import { ConfigError } from '../shared/env.mjs';
import { SPECS, resolveConfig } from './config.mjs';
import { Hub, TICK_MS } from './hub.mjs';
import { createFront, refuse } from './front.mjs';
import { AddressCounter, TokenBucket, clientAddress, tokensFor } from './limits.mjs';
import { logText, safeSink } from './log.mjs';
import { INTERNAL_ERROR, LIMIT_EXCEEDED, METHOD_NOT_FOUND, PARSE_ERROR, RpcError, createMethods, parseFrame, peekId } from './protocol.mjs';
import { Outbox } from './outbox.mjs';
import { MessageStore } from './store.mjs';

export { TAG_SESSION_PROPOSE, TAG_SESSION_PROPOSE_RESPONSE, TAG_SESSION_SETTLE } from './protocol.mjs';
export { RelayConfigError } from './config.mjs';
export { ConfigError, EnvError } from '../shared/env.mjs';
export { AuthError } from './auth.mjs';

/**
 * @typedef {Partial<import('./config.mjs').RelayConfig> & {
 *   log?: boolean | ((line: string) => void),
 *   env?: Record<string, string | undefined>,
 * }} RelayOptions
 * `env` (default process.env) supplies every option that is not given (see config.mjs).
 */

/** @typedef {import('./hub.mjs').Conn} Conn */

/** Frames longer than this are not parsed when the socket is over its rate limit. */
const PEEK_LIMIT = 1024;

/**
 * Starts a relay. Resolves once it listens.
 * @param {RelayOptions} [options]
 */
export async function startRelay(options = {}) {
  const { log = false, env = process.env, ...rest } = options;
  const config = resolveConfig(rest, env);
  const say = safeSink(typeof log === 'function' ? log : log ? (line) => console.log(`[relay] ${line}`) : () => {});

  const counters = { rateLimited: 0, invalidFrames: 0, refusedUnauthorized: 0, refusedPerAddress: 0, refusedCapacity: 0, refusedPending: 0 };
  /** @type {Hub} */
  let hub;
  const store = new MessageStore(config, (msg) => hub.onRemoved(msg));
  hub = new Hub(config, store, say);
  const methods = createMethods(hub);
  const perAddress = new AddressCounter(config.maxSocketsPerAddress);
  let connCount = 0;
  let stopping = /** @type {Promise<void> | undefined} */ (undefined);

  const rateLimitMessage = `Rate limit exceeded: at most ${config.rateLimitPerSecond} requests per second (burst ${config.rateLimitBurst})`;
  /** @param {Conn} conn @param {string | number | null} id @param {number} code @param {string} message */
  const sendError = (conn, id, code, message) => hub.send(conn, { id, jsonrpc: '2.0', error: { code, message } });

  /** @param {Conn} conn @param {string} text @param {number} bytes */
  const onText = (conn, text, bytes) => {
    // A large frame pays (one token per rateLimitBytesPerToken bytes) before it is parsed, so over the
    // rate limit it is refused unread.
    const paid = bytes > PEEK_LIMIT;
    if (paid && !conn.bucket.take(tokensFor(bytes, config.rateLimitBytesPerToken))) {
      counters.rateLimited++;
      const id = peekId(text);
      if (id !== null) sendError(conn, id, LIMIT_EXCEEDED, rateLimitMessage);
      return;
    }
    const frame = parseFrame(text);
    // The client's answer to a delivery (a small frame): it has the message now. Free of the rate limit.
    if (frame.type === 'response' && hub.onAck(conn, frame.id)) return;
    if (!paid && !conn.bucket.take()) {
      counters.rateLimited++;
      // Only a request that waits for an answer gets one; junk and notifications are dropped.
      if (frame.type === 'request' && frame.hasId) {
        sendError(conn, frame.id, LIMIT_EXCEEDED, rateLimitMessage);
      }
      return;
    }
    if (frame.type === 'response') return; // an answer to nothing the relay asked
    if (frame.type === 'invalid') {
      counters.invalidFrames++;
      sendError(conn, frame.id, frame.code, frame.message);
      return;
    }
    const handler = Object.hasOwn(methods, frame.method) ? methods[frame.method] : undefined;
    if (!handler) {
      counters.invalidFrames++;
      say(`#${conn.n} ${logText(frame.method, 64)}: method not found`);
      if (frame.hasId) sendError(conn, frame.id, METHOD_NOT_FOUND, `Method not found: ${frame.method.slice(0, 64)}`);
      return;
    }
    /** @type {import('./protocol.mjs').Outcome} */
    let out;
    try {
      out = handler(conn, frame.params, frame.hasId ? frame.id : undefined);
    } catch (err) {
      if (err instanceof RpcError) {
        counters.invalidFrames++;
        say(`#${conn.n} ${frame.method}: error ${err.code} ${logText(err.message, 160)}`);
        if (frame.hasId) sendError(conn, frame.id, err.code, err.message);
      } else {
        say(`#${conn.n} ${frame.method}: internal error ${logText(err instanceof Error ? err.stack ?? err.message : err, 400)}`);
        if (frame.hasId) sendError(conn, frame.id, INTERNAL_ERROR, 'Internal error');
      }
      return;
    }
    if (frame.hasId && !out.answered) hub.send(conn, { id: frame.id, jsonrpc: '2.0', result: out.result });
    const flushed = out.after ? out.after() : 0;
    say(`#${conn.n} ${frame.method} ${out.note ?? ''}${flushed ? ` (+${flushed} stored)` : ''}`.trimEnd());
  };

  const { http, upgraded, pendingConnections } = createFront(config, () => stats(), counters);
  const wss = new WebSocketServer({ noServer: true, maxPayload: config.maxPayload, perMessageDeflate: false, clientTracking: false });

  /**
   * A refusal `[status, text]` for a socket from `address` while the relay stops or is full, else
   * undefined: checked when the socket arrives, and again once its token is verified (asynchronously).
   * @param {string} address
   * @returns {[number, string] | undefined}
   */
  const noRoom = (address) => {
    if (stopping) return [503, 'relay stopping'];
    if (hub.conns.size >= config.maxSockets) {
      counters.refusedCapacity++;
      return [503, 'too many connections'];
    }
    if (!perAddress.hasRoom(address)) {
      counters.refusedPerAddress++;
      return [429, `too many connections from one address (at most ${config.maxSocketsPerAddress})`];
    }
    return undefined;
  };

  http.on('upgrade', async (req, socket, head) => {
    socket.on('error', () => {});
    const address = clientAddress(req, config.trustProxy);
    const full = noRoom(address);
    if (full) return refuse(socket, ...full);
    /** @type {string | null} */
    let auth;
    try {
      auth = new URL(req.url ?? '/', 'http://relay.local').searchParams.get('auth');
    } catch {
      return refuse(socket, 400, 'bad request URL');
    }
    /** @type {string} */
    let identity;
    let anonymous = false;
    if (auth === null) {
      if (!config.allowAnonymous) {
        counters.refusedUnauthorized++;
        say('refused a connection without auth token (401)');
        return refuse(socket, 401, 'an auth token is required');
      }
      identity = `anon:${randomBytes(16).toString('hex')}`;
      anonymous = true;
    } else {
      try {
        identity = (await verifyRelayJwt(auth, { clockSkewSeconds: config.clockSkewSeconds, maxLifetimeSeconds: config.maxTokenLifetimeSeconds, audiences: config.audiences })).identity;
      } catch (err) {
        // verifyRelayJwt refuses with AuthError only; anything else is refused the same way rather than thrown from an event handler
        counters.refusedUnauthorized++;
        const text = err instanceof AuthError ? err.message : 'invalid auth token';
        say(`refused a connection (401 ${text})`);
        return refuse(socket, 401, text);
      }
      const late = noRoom(address);
      if (late) return refuse(socket, ...late);
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      upgraded(socket);
      onConnection(ws, identity, anonymous, address);
    });
  });

  /** @param {WebSocket} ws @param {string} identity @param {boolean} anonymous @param {string} address */
  const onConnection = (ws, identity, anonymous, address) => {
    perAddress.add(address);
    /** @type {Conn} */
    const conn = {
      n: ++connCount,
      ws,
      identity,
      anonymous,
      address,
      out: new Outbox(ws),
      subs: new Map(),
      pendingAcks: new Map(),
      pendingTopics: new Set(),
      fetchWaiting: null,
      bucket: new TokenBucket(config.rateLimitPerSecond, config.rateLimitBurst),
      overSince: 0,
      closed: false,
    };
    hub.add(conn);
    say(`#${conn.n} connected ${anonymous ? 'anonymous' : `client ${identity.slice('did:key:'.length, 'did:key:'.length + 8)}…`}`);
    ws.on('pong', (data) => hub.onPong(conn, data));
    ws.on('message', (data, isBinary) => {
      if (conn.closed) return;
      const bytes = /** @type {Buffer} */ (data).length;
      if (isBinary) {
        if (!conn.bucket.take(tokensFor(bytes, config.rateLimitBytesPerToken))) {
          counters.rateLimited++;
          return;
        }
        counters.invalidFrames++;
        sendError(conn, null, PARSE_ERROR, 'Parse error: binary frames are not accepted');
        return;
      }
      onText(conn, /** @type {Buffer} */ (data).toString('utf8'), bytes);
    });
    ws.on('error', (err) => say(`#${conn.n} socket error: ${logText(err.message)}`));
    ws.on('close', (code) => {
      perAddress.remove(address);
      hub.remove(conn);
      say(`#${conn.n} closed (${code})`);
    });
  };

  const pingTimer = setInterval(() => hub.keepalive(), config.pingIntervalMs);
  pingTimer.unref();
  const sweepTimer = setInterval(() => store.sweep(), config.sweepIntervalMs);
  sweepTimer.unref();
  const tickTimer = setInterval(() => hub.tick(), TICK_MS);
  tickTimer.unref();
  const clearTimers = () => {
    clearInterval(pingTimer);
    clearInterval(sweepTimer);
    clearInterval(tickTimer);
    hub.stop();
  };

  function stats() {
    let subscriptions = 0;
    let anonymousSockets = 0;
    let bufferedBytes = 0;
    let maxSocketBufferedBytes = 0;
    let wsBufferedBytes = 0;
    let fetchesWaiting = 0;
    const identities = new Set();
    for (const conn of hub.conns) {
      subscriptions += conn.subs.size;
      if (conn.anonymous) anonymousSockets++;
      identities.add(conn.identity);
      const b = conn.out.unread;
      bufferedBytes += b;
      maxSocketBufferedBytes = Math.max(maxSocketBufferedBytes, b);
      wsBufferedBytes += conn.ws.bufferedAmount;
      if (conn.fetchWaiting) fetchesWaiting++;
    }
    return {
      sockets: hub.conns.size,
      clients: identities.size,
      anonymousSockets,
      addresses: perAddress.addresses,
      subscriptions,
      topics: store.topics.size,
      messages: store.size,
      storedBytes: store.bytes,
      maxAddressStoredBytes: store.maxOwnerBytes,
      bufferedBytes,
      maxSocketBufferedBytes,
      wsBufferedBytes,
      backlogged: hub.backlog.size,
      fetchesWaiting,
      fetchesDeferred: hub.counters.fetchesDeferred,
      published: hub.counters.published,
      deliveries: hub.counters.deliveries,
      fetchPages: hub.counters.fetchPages,
      evicted: store.evicted,
      expired: store.expired,
      dropped: hub.counters.dropped,
      terminated: hub.counters.terminated,
      rateLimited: counters.rateLimited,
      invalidFrames: counters.invalidFrames,
      refusedUnauthorized: counters.refusedUnauthorized,
      refusedPerAddress: counters.refusedPerAddress,
      refusedCapacity: counters.refusedCapacity,
      refusedPending: counters.refusedPending,
      pendingConnections: pendingConnections(),
      rssBytes: process.memoryUsage().rss,
    };
  }

  await new Promise((resolve, reject) => {
    const onError = (/** @type {Error} */ err) => {
      clearTimers();
      wss.close();
      reject(err);
    };
    http.once('error', onError);
    http.listen(config.port, config.host, () => {
      http.off('error', onError);
      resolve(undefined);
    });
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `ws://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  say(`listening on ${url}`);

  const stop = () => {
    stopping ??= (async () => {
      clearTimers();
      for (const conn of hub.conns) conn.ws.close(1001, 'relay stopping');
      const deadline = setTimeout(() => {
        for (const conn of hub.conns) conn.ws.terminate();
      }, 500);
      // Wait for the sockets to close (at most 1.5 s: terminated ones close at once).
      for (let waited = 0; hub.conns.size > 0 && waited < 1500; waited += 10) await new Promise((r) => setTimeout(r, 10));
      clearTimeout(deadline);
      wss.close();
      await new Promise((resolve) => {
        http.close(() => resolve(undefined));
        http.closeAllConnections?.();
      });
      store.clear();
      hub.subscribers.clear();
      say('stopped');
    })();
    return stopping;
  };

  return { url, port, stop, stats, config };
}

function usage() {
  const lines = Object.entries(SPECS).map(([key, s]) => `  ${s.env.padEnd(36)} ${key} (default ${JSON.stringify(s.def)})`);
  return ['node samples/relay/server.mjs [--json]', '', 'Environment:', ...lines, `  ${'RELAY_LOG'.padEnd(36)} 0 silences the per-method log`].join('\n');
}

// ---------- standalone ----------
if (isMain(import.meta.url)) {
  if (process.argv.includes('--help')) {
    console.log(usage());
    process.exit(0);
  }
  const quiet = process.env.RELAY_LOG === '0';
  await runServer({
    name: 'relay',
    marker: 'LATCHKEY_RELAY',
    start: () => startRelay({ log: !quiet }),
    started: (relay) => quiet && console.log(`Latchkey relay listening on ${relay.url}`),
    ready: (relay) => ({ url: relay.url, port: relay.port }),
    startError: (/** @type {NodeJS.ErrnoException} */ e) =>
      e instanceof ConfigError
        ? `invalid configuration: ${e.message}`
        : e.code === 'EADDRINUSE'
          ? `port already in use: ${e.message}. Set RELAY_PORT to another port.`
          : `could not start: ${e.message}`,
  });
}
