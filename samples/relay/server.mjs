#!/usr/bin/env node
// A local relay for WalletConnect v2 clients (sign-client / universal-provider / walletkit 2.x).
//
// It speaks the JSON-RPC 2.0 "irn" relay protocol over WebSocket, keeps everything in memory
// and never looks inside messages (they are end-to-end encrypted by the clients).
//
//   node samples/relay/server.mjs [--json]
//   Env: RELAY_PORT (default 8787), RELAY_HOST (default 127.0.0.1),
//        RELAY_PING_INTERVAL_MS (default 30000), RELAY_LOG=0 to silence the per-method log.
//   --json prints one machine-readable line `LATCHKEY_RELAY {"url":…,"port":…}` once listening.
//
// How a client is identified:
//   Clients connect to `/?auth=<JWT>&projectId=…&ua=…`. The JWT is decoded WITHOUT verifying its
//   signature (this relay is for local development). Its `iss` claim (the client's stable did:key)
//   is the client's identity; when absent, `sub`; when there is no usable JWT, the socket itself
//   (a random identity that dies with the socket). Every socket of one identity is one client:
//   a message is delivered to a client at most once, across reconnects, whichever socket it uses.
//
// Delivery rules:
//   - irn_publish stores the message for its ttl (seconds; at most 30 days) and sends it to every
//     socket subscribed to the topic, except to the publisher's identity (counted as delivered).
//   - A subscribe (irn_subscribe / irn_batchSubscribe, also sent on every reconnect) delivers the
//     stored, unexpired messages of the topic that the client has not received yet.
//   - A delivery (`irn_subscription`) is "in flight" until the client answers it; the client then
//     counts as having received it. If the socket closes before the answer, the message becomes
//     deliverable again (on the client's next subscribe or fetch), so nothing is lost on a drop.
//   - Publishing the same message on the same topic twice (client retries) stores it once.
//   - The subscription id is sha256(topic + identity) in hex, which is what the clients compute.
//   - wc_proposeSession / wc_approveSession carry implicit subscriptions and publishes (see below).
//   - Memory is bounded: at most `maxMessagesPerTopic` messages per topic (oldest dropped),
//     expired messages are swept every second, frames are limited to `maxPayload` bytes.
//   - Every socket is pinged every `pingIntervalMs`; a socket that misses two pongs is terminated.
//   - A relay restart loses the stored messages (nothing is persisted).
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { WebSocketServer, WebSocket } from 'ws';

/** Tags WalletConnect uses for the messages a relay publishes on the clients' behalf. */
export const TAG_SESSION_PROPOSE = 1100;
export const TAG_SESSION_PROPOSE_RESPONSE = 1101;
export const TAG_SESSION_SETTLE = 1102;

const MAX_TTL_SECONDS = 30 * 24 * 60 * 60;
const DEFAULT_TTL_SECONDS = 300;
const FETCH_PAGE_SIZE = 500;

/**
 * @typedef {object} RelayOptions
 * @property {number} [port] TCP port; default: env RELAY_PORT, else 8787. 0 picks a free port.
 * @property {string} [host] default '127.0.0.1'
 * @property {number} [pingIntervalMs] default 30000
 * @property {number} [maxMessagesPerTopic] default 1000
 * @property {number} [maxPayload] largest accepted frame in bytes, default 1 MiB
 * @property {number} [sweepIntervalMs] how often expired messages are dropped, default 1000
 * @property {boolean | ((line: string) => void)} [log] true logs to the console; a function receives each line
 */

/**
 * @typedef {object} RelayStats
 * @property {number} sockets open sockets
 * @property {number} clients distinct identities with an open socket
 * @property {number} subscriptions (socket, topic) pairs
 * @property {number} topics topics holding stored messages
 * @property {number} messages stored, unexpired messages
 * @property {number} published messages accepted since start (duplicates excluded)
 * @property {number} deliveries irn_subscription frames sent since start
 * @property {number} terminated sockets terminated for missing pongs
 */

/**
 * @typedef {object} Relay
 * @property {string} url ws://HOST:PORT
 * @property {number} port
 * @property {() => Promise<void>} stop closes every socket (code 1001) and the server
 * @property {() => RelayStats} stats
 */

/**
 * @typedef {object} StoredMessage
 * @property {string} key sha256(topic, message)
 * @property {string} topic
 * @property {string} message
 * @property {number} tag
 * @property {number} publishedAt ms since epoch
 * @property {number} expiresAt ms since epoch
 * @property {unknown} [attestation]
 * @property {Set<string>} delivered identities that have it
 * @property {Map<string, Conn>} inFlight identity -> socket it was sent on, not yet answered
 */

/**
 * @typedef {object} Conn
 * @property {number} n connection number (for logs)
 * @property {WebSocket} ws
 * @property {string} identity
 * @property {Map<string, string>} subs topic -> subscription id
 * @property {Map<string | number, StoredMessage>} pendingAcks irn_subscription id -> message
 * @property {boolean} awaitingPong
 * @property {number} missedPongs
 */

class RpcError extends Error {
  /** @param {number} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** @param {string} s */
const sha256 = (s) => createHash('sha256').update(s).digest('hex');

/**
 * The identity claimed by a connection URL's `auth` JWT (`iss`, else `sub`), decoded without
 * verification; undefined when there is none.
 * @param {string | undefined} requestUrl
 * @returns {string | undefined}
 */
export function identityFromUrl(requestUrl) {
  if (!requestUrl) return undefined;
  let auth;
  try {
    auth = new URL(requestUrl, 'http://relay.local').searchParams.get('auth');
  } catch {
    return undefined;
  }
  if (!auth) return undefined;
  const parts = auth.split('.');
  if (parts.length < 2 || !parts[1]) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    if (claims && typeof claims === 'object') {
      if (typeof claims.iss === 'string' && claims.iss) return claims.iss;
      if (typeof claims.sub === 'string' && claims.sub) return claims.sub;
    }
  } catch {
    // not a JWT: anonymous socket
  }
  return undefined;
}

/** @param {unknown} v @returns {v is Record<string, any>} */
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** @param {unknown} v @param {string} what @returns {string} */
function requireString(v, what) {
  if (typeof v !== 'string' || v.length === 0) throw new RpcError(-32602, `Invalid params: ${what} must be a non-empty string`);
  return v;
}

/** @param {unknown} v @param {string} what @returns {string[]} */
function requireTopics(v, what) {
  if (!Array.isArray(v)) throw new RpcError(-32602, `Invalid params: ${what} must be an array of topics`);
  return v.map((t, i) => requireString(t, `${what}[${i}]`));
}

/** @param {unknown} ttl seconds @returns {number} */
function ttlSeconds(ttl) {
  if (ttl === undefined || ttl === null) return DEFAULT_TTL_SECONDS;
  if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl <= 0) throw new RpcError(-32602, 'Invalid params: ttl must be a positive number of seconds');
  return Math.min(ttl, MAX_TTL_SECONDS);
}

/** @param {string} s */
const short = (s) => (s.length > 12 ? `${s.slice(0, 8)}…` : s);

/**
 * Starts a relay. Resolves once it listens.
 * @param {RelayOptions} [options]
 * @returns {Promise<Relay>}
 */
export async function startRelay(options = {}) {
  const envPort = process.env.RELAY_PORT ? Number(process.env.RELAY_PORT) : undefined;
  const {
    port = envPort ?? 8787,
    host = '127.0.0.1',
    pingIntervalMs = 30_000,
    maxMessagesPerTopic = 1000,
    maxPayload = 1024 * 1024,
    sweepIntervalMs = 1000,
    log = false,
  } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid relay port: ${port}`);

  /** @type {(line: string) => void} */
  const say = typeof log === 'function' ? log : log ? (line) => console.log(`[relay] ${line}`) : () => {};

  /** @type {Map<string, Map<string, StoredMessage>>} topic -> key -> message, in publish order */
  const store = new Map();
  /** @type {Map<string, Set<Conn>>} topic -> subscribed sockets */
  const subscribers = new Map();
  /** @type {Set<Conn>} */
  const conns = new Set();
  const counters = { published: 0, deliveries: 0, terminated: 0 };
  let connCount = 0;
  let rpcCount = 0;
  // JSON-RPC ids for the relay's own requests, unique per relay (WalletConnect uses ms * 1000 + n).
  const nextRpcId = () => Date.now() * 1000 + (rpcCount++ % 1000);

  /** @param {StoredMessage} msg */
  const isLive = (msg) => msg.expiresAt > Date.now();

  /** @param {StoredMessage} msg */
  const payloadOf = (msg) => {
    /** @type {Record<string, unknown>} */
    const data = { topic: msg.topic, message: msg.message, publishedAt: msg.publishedAt, tag: msg.tag };
    if (msg.attestation !== undefined) data.attestation = msg.attestation;
    return data;
  };

  /** @param {StoredMessage} msg @param {string} identity */
  const hasOrIsGetting = (msg, identity) => msg.delivered.has(identity) || msg.inFlight.has(identity);

  /** @param {Conn} conn @param {unknown} frame */
  const send = (conn, frame) => {
    if (conn.ws.readyState === WebSocket.OPEN) conn.ws.send(JSON.stringify(frame));
  };

  /**
   * Sends a stored message to one socket unless its client already has it (or is getting it).
   * @param {StoredMessage} msg @param {Conn} conn @returns {boolean} sent
   */
  const deliver = (msg, conn) => {
    const subId = conn.subs.get(msg.topic);
    if (!subId || !isLive(msg) || hasOrIsGetting(msg, conn.identity)) return false;
    if (conn.ws.readyState !== WebSocket.OPEN) return false;
    const id = nextRpcId();
    msg.inFlight.set(conn.identity, conn);
    conn.pendingAcks.set(id, msg);
    counters.deliveries++;
    send(conn, { id, jsonrpc: '2.0', method: 'irn_subscription', params: { id: subId, data: payloadOf(msg) } });
    return true;
  };

  /** @param {Conn} conn @param {string} topic @returns {string} subscription id */
  const subscribe = (conn, topic) => {
    let subId = conn.subs.get(topic);
    if (!subId) {
      subId = sha256(topic + conn.identity);
      conn.subs.set(topic, subId);
      let set = subscribers.get(topic);
      if (!set) subscribers.set(topic, (set = new Set()));
      set.add(conn);
    }
    return subId;
  };

  /** Delivers what the socket's client has not received yet on a topic it subscribes to. @param {Conn} conn @param {string} topic */
  const flushStored = (conn, topic) => {
    const msgs = store.get(topic);
    if (!msgs) return 0;
    let n = 0;
    for (const msg of msgs.values()) if (deliver(msg, conn)) n++;
    return n;
  };

  /** @param {Conn} conn @param {string} topic */
  const unsubscribe = (conn, topic) => {
    if (!conn.subs.delete(topic)) return;
    const set = subscribers.get(topic);
    set?.delete(conn);
    if (set && set.size === 0) subscribers.delete(topic);
  };

  /**
   * Stores a message and sends it to the topic's subscribers; the publisher's client counts as having it.
   * @param {Conn} from
   * @param {{ topic: string, message: string, ttl?: unknown, tag?: unknown, attestation?: unknown }} p
   * @returns {number} sockets it was sent to
   */
  const publish = (from, p) => {
    const ttl = ttlSeconds(p.ttl);
    const tag = typeof p.tag === 'number' && Number.isFinite(p.tag) ? p.tag : 0;
    const now = Date.now();
    const key = sha256(`${p.topic}\n${p.message}`);
    let msgs = store.get(p.topic);
    if (!msgs) store.set(p.topic, (msgs = new Map()));
    let msg = msgs.get(key);
    if (msg && isLive(msg)) {
      // A retried publish: keep the first copy (and what was delivered), extend its life.
      msg.expiresAt = Math.max(msg.expiresAt, now + ttl * 1000);
    } else {
      if (msg) msgs.delete(key);
      msg = {
        key,
        topic: p.topic,
        message: p.message,
        tag,
        publishedAt: now,
        expiresAt: now + ttl * 1000,
        attestation: p.attestation ?? undefined,
        delivered: new Set(),
        inFlight: new Map(),
      };
      msgs.set(key, msg);
      counters.published++;
      while (msgs.size > maxMessagesPerTopic) {
        const oldest = msgs.keys().next().value;
        if (oldest === undefined) break;
        msgs.delete(oldest);
      }
    }
    msg.delivered.add(from.identity);
    let n = 0;
    for (const conn of subscribers.get(p.topic) ?? []) if (deliver(msg, conn)) n++;
    return n;
  };

  /** @param {unknown} params @param {Conn} conn */
  const publishParams = (params, conn) => {
    if (!isObject(params)) throw new RpcError(-32602, 'Invalid params: expected an object');
    const topic = requireString(params.topic, 'topic');
    const message = requireString(params.message, 'message');
    return publish(conn, { topic, message, ttl: params.ttl, tag: params.tag, attestation: params.attestation });
  };

  /**
   * Each handler returns its JSON-RPC result, a note for the log and, optionally, work to run once
   * the result is sent (delivering stored messages), which returns how many it sent.
   * @type {Record<string, (conn: Conn, params: any) => { result: unknown, note?: string, after?: () => number }>}
   */
  const methods = {
    irn_subscribe(conn, params) {
      if (!isObject(params)) throw new RpcError(-32602, 'Invalid params: expected { topic }');
      const topic = requireString(params.topic, 'topic');
      const id = subscribe(conn, topic);
      return { result: id, note: `topic=${short(topic)}`, after: () => flushStored(conn, topic) };
    },
    irn_batchSubscribe(conn, params) {
      if (!isObject(params)) throw new RpcError(-32602, 'Invalid params: expected { topics }');
      const topics = requireTopics(params.topics, 'topics');
      const ids = topics.map((t) => subscribe(conn, t));
      return { result: ids, note: `${topics.length} topics`, after: () => topics.reduce((n, t) => n + flushStored(conn, t), 0) };
    },
    irn_unsubscribe(conn, params) {
      if (!isObject(params)) throw new RpcError(-32602, 'Invalid params: expected { topic, id }');
      const topic = requireString(params.topic, 'topic');
      unsubscribe(conn, topic);
      return { result: true, note: `topic=${short(topic)}` };
    },
    irn_batchUnsubscribe(conn, params) {
      if (!isObject(params) || !Array.isArray(params.subscriptions)) throw new RpcError(-32602, 'Invalid params: expected { subscriptions: [{ topic, id }] }');
      const topics = params.subscriptions.map((/** @type {unknown} */ s, /** @type {number} */ i) => requireString(isObject(s) ? s.topic : undefined, `subscriptions[${i}].topic`));
      for (const t of topics) unsubscribe(conn, t);
      return { result: true, note: `${topics.length} topics` };
    },
    irn_publish(conn, params) {
      const n = publishParams(params, conn);
      return { result: true, note: `topic=${short(params.topic)} tag=${params.tag ?? 0} -> ${n}` };
    },
    irn_batchPublish(conn, params) {
      if (!isObject(params) || !Array.isArray(params.messages)) throw new RpcError(-32602, 'Invalid params: expected { messages: [...] }');
      // validate all before publishing any
      for (const [i, m] of params.messages.entries()) {
        if (!isObject(m)) throw new RpcError(-32602, `Invalid params: messages[${i}] must be an object`);
        requireString(m.topic, `messages[${i}].topic`);
        requireString(m.message, `messages[${i}].message`);
        ttlSeconds(m.ttl);
      }
      let n = 0;
      for (const m of params.messages) n += publishParams(m, conn);
      return { result: true, note: `${params.messages.length} messages -> ${n}` };
    },
    irn_batchFetchMessages(conn, params) {
      if (!isObject(params)) throw new RpcError(-32602, 'Invalid params: expected { topics }');
      const topics = requireTopics(params.topics, 'topics');
      /** @type {Record<string, unknown>[]} */
      const messages = [];
      let hasMore = false;
      for (const topic of topics) {
        for (const msg of store.get(topic)?.values() ?? []) {
          if (!isLive(msg) || hasOrIsGetting(msg, conn.identity)) continue;
          if (messages.length >= FETCH_PAGE_SIZE) {
            hasMore = true;
            break;
          }
          msg.delivered.add(conn.identity);
          messages.push(payloadOf(msg));
        }
        if (hasMore) break;
      }
      return { result: { messages, hasMore }, note: `${topics.length} topics -> ${messages.length}` };
    },
    // WalletConnect 2.25: the dapp publishes its session proposal this way and never subscribes to the
    // pairing topic itself; the relay subscribes it, so the wallet's answer reaches it.
    wc_proposeSession(conn, params) {
      if (!isObject(params)) throw new RpcError(-32602, 'Invalid params: expected an object');
      const pairingTopic = requireString(params.pairingTopic, 'pairingTopic');
      const sessionProposal = requireString(params.sessionProposal, 'sessionProposal');
      subscribe(conn, pairingTopic);
      const n = publish(conn, { topic: pairingTopic, message: sessionProposal, ttl: params.ttl, tag: TAG_SESSION_PROPOSE, attestation: params.attestation });
      return { result: true, note: `pairing=${short(pairingTopic)} -> ${n}`, after: () => flushStored(conn, pairingTopic) };
    },
    // The wallet approves: it is subscribed to the new session topic, the proposal response goes to the
    // pairing topic (the dapp) and the settle request to the session topic (stored until the dapp subscribes).
    wc_approveSession(conn, params) {
      if (!isObject(params)) throw new RpcError(-32602, 'Invalid params: expected an object');
      const sessionTopic = requireString(params.sessionTopic, 'sessionTopic');
      const pairingTopic = requireString(params.pairingTopic, 'pairingTopic');
      const response = requireString(params.sessionProposalResponse, 'sessionProposalResponse');
      const settle = requireString(params.sessionSettlementRequest, 'sessionSettlementRequest');
      ttlSeconds(params.ttl);
      subscribe(conn, sessionTopic);
      const a = publish(conn, { topic: pairingTopic, message: response, ttl: params.ttl, tag: TAG_SESSION_PROPOSE_RESPONSE });
      const b = publish(conn, { topic: sessionTopic, message: settle, ttl: params.ttl, tag: TAG_SESSION_SETTLE });
      return { result: true, note: `session=${short(sessionTopic)} pairing=${short(pairingTopic)} -> ${a}+${b}`, after: () => flushStored(conn, sessionTopic) };
    },
  };

  /** @param {Conn} conn @param {any} frame */
  const onResponse = (conn, frame) => {
    // The client's answer to an irn_subscription: it has the message now.
    const msg = conn.pendingAcks.get(frame.id);
    if (!msg) return;
    conn.pendingAcks.delete(frame.id);
    if (msg.inFlight.get(conn.identity) === conn) msg.inFlight.delete(conn.identity);
    msg.delivered.add(conn.identity);
  };

  /** @param {Conn} conn @param {string} text */
  const onText = (conn, text) => {
    /** @type {any} */
    let frame;
    try {
      frame = JSON.parse(text);
    } catch {
      say(`#${conn.n} malformed JSON`);
      send(conn, { id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } });
      return;
    }
    if (!isObject(frame)) {
      send(conn, { id: null, jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } });
      return;
    }
    if (frame.method === undefined && ('result' in frame || 'error' in frame)) {
      onResponse(conn, frame);
      return;
    }
    const id = frame.id ?? null;
    const hasId = frame.id !== undefined;
    if (typeof frame.method !== 'string') {
      send(conn, { id, jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } });
      return;
    }
    const handler = Object.hasOwn(methods, frame.method) ? methods[frame.method] : undefined;
    if (!handler) {
      say(`#${conn.n} ${frame.method}: method not found`);
      if (hasId) send(conn, { id, jsonrpc: '2.0', error: { code: -32601, message: `Method not found: ${frame.method}` } });
      return;
    }
    /** @type {{ result: unknown, note?: string, after?: () => number }} */
    let out;
    try {
      out = handler(conn, frame.params);
    } catch (err) {
      const code = err instanceof RpcError ? err.code : -32603;
      const message = err instanceof Error ? err.message : 'Internal error';
      say(`#${conn.n} ${frame.method}: error ${code} ${message}`);
      if (hasId) send(conn, { id, jsonrpc: '2.0', error: { code, message } });
      return;
    }
    if (hasId) send(conn, { id, jsonrpc: '2.0', result: out.result });
    const flushed = out.after ? out.after() : 0;
    say(`#${conn.n} ${frame.method} ${out.note ?? ''}${flushed ? ` (+${flushed} stored)` : ''}`.trimEnd());
  };

  const http = createServer((req, res) => {
    if (req.method === 'GET' && (req.url === '/health' || req.url === '/stats')) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ ok: true, ...stats() }));
      return;
    }
    res.writeHead(426, { 'content-type': 'text/plain', upgrade: 'websocket' });
    res.end('This is a WalletConnect relay: connect with a WebSocket.\n');
  });
  const wss = new WebSocketServer({ server: http, maxPayload, perMessageDeflate: false });
  // ws re-emits the HTTP server's errors; listen errors are reported by the promise below.
  wss.on('error', () => {});

  wss.on('connection', (ws, req) => {
    const claimed = identityFromUrl(req.url);
    /** @type {Conn} */
    const conn = {
      n: ++connCount,
      ws,
      identity: claimed ?? `socket:${randomBytes(16).toString('hex')}`,
      subs: new Map(),
      pendingAcks: new Map(),
      awaitingPong: false,
      missedPongs: 0,
    };
    conns.add(conn);
    say(`#${conn.n} connected ${claimed ? `client ${short(claimed.replace(/^did:key:/, ''))}` : 'anonymous'}`);
    ws.on('pong', () => {
      conn.awaitingPong = false;
      conn.missedPongs = 0;
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        send(conn, { id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: binary frames are not accepted' } });
        return;
      }
      onText(conn, data.toString());
    });
    ws.on('error', (err) => say(`#${conn.n} socket error: ${err.message}`));
    ws.on('close', (code) => {
      conns.delete(conn);
      for (const topic of [...conn.subs.keys()]) unsubscribe(conn, topic);
      // Unanswered deliveries become deliverable again to this client.
      for (const msg of conn.pendingAcks.values()) if (msg.inFlight.get(conn.identity) === conn) msg.inFlight.delete(conn.identity);
      conn.pendingAcks.clear();
      say(`#${conn.n} closed (${code})`);
    });
  });

  const pingTimer = setInterval(() => {
    for (const conn of conns) {
      if (conn.awaitingPong) conn.missedPongs++;
      if (conn.missedPongs >= 2) {
        counters.terminated++;
        say(`#${conn.n} missed two pongs: terminated`);
        conn.ws.terminate();
        continue;
      }
      conn.awaitingPong = true;
      try {
        conn.ws.ping();
      } catch {
        // closing socket
      }
    }
  }, pingIntervalMs);
  pingTimer.unref();

  const sweepTimer = setInterval(() => {
    const now = Date.now();
    for (const [topic, msgs] of store) {
      for (const [key, msg] of msgs) if (msg.expiresAt <= now) msgs.delete(key);
      if (msgs.size === 0) store.delete(topic);
    }
  }, sweepIntervalMs);
  sweepTimer.unref();

  /** @returns {RelayStats} */
  function stats() {
    let messages = 0;
    for (const msgs of store.values()) for (const msg of msgs.values()) if (isLive(msg)) messages++;
    let subscriptions = 0;
    for (const set of subscribers.values()) subscriptions += set.size;
    return {
      sockets: conns.size,
      clients: new Set([...conns].map((c) => c.identity)).size,
      subscriptions,
      topics: store.size,
      messages,
      published: counters.published,
      deliveries: counters.deliveries,
      terminated: counters.terminated,
    };
  }

  await new Promise((resolve, reject) => {
    const onError = (/** @type {Error} */ err) => {
      clearInterval(pingTimer);
      clearInterval(sweepTimer);
      wss.close();
      reject(err);
    };
    http.once('error', onError);
    http.listen(port, host, () => {
      http.off('error', onError);
      resolve(undefined);
    });
  });
  const address = http.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const url = `ws://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
  say(`listening on ${url}`);

  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      clearInterval(pingTimer);
      clearInterval(sweepTimer);
      for (const conn of conns) conn.ws.close(1001, 'relay stopping');
      const deadline = setTimeout(() => {
        for (const conn of conns) conn.ws.terminate();
      }, 500);
      await new Promise((resolve) => wss.close(() => resolve(undefined)));
      await new Promise((resolve) => {
        http.close(() => resolve(undefined));
        http.closeAllConnections?.();
      });
      clearTimeout(deadline);
      store.clear();
      subscribers.clear();
      say('stopped');
    })();
    return stopping;
  };

  return { url, port: actualPort, stop, stats };
}

// ---------- standalone ----------
const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const json = process.argv.includes('--json');
  const pingIntervalMs = process.env.RELAY_PING_INTERVAL_MS ? Number(process.env.RELAY_PING_INTERVAL_MS) : undefined;
  const quiet = process.env.RELAY_LOG === '0';
  try {
    const relay = await startRelay({
      host: process.env.RELAY_HOST || '127.0.0.1',
      ...(pingIntervalMs ? { pingIntervalMs } : {}),
      log: !quiet,
    });
    if (quiet) console.log(`Latchkey relay listening on ${relay.url}`);
    if (json) console.log(`LATCHKEY_RELAY ${JSON.stringify({ url: relay.url, port: relay.port })}`);
    const shutdown = () => void relay.stop().then(() => process.exit(0));
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  } catch (err) {
    const e = /** @type {NodeJS.ErrnoException} */ (err);
    console.error(e.code === 'EADDRINUSE' ? `[relay] port already in use: ${e.message}. Set RELAY_PORT to another port.` : `[relay] could not start: ${e.message}`);
    process.exit(1);
  }
}
