// The relay's JSON-RPC 2.0 surface: parsing a frame, validating ids, topics and params, and the
// "irn" methods (plus the two WalletConnect 2.25 session shortcuts) on top of the hub.
//
// Errors (JSON-RPC 2.0 and EIP-1474 codes):
//   -32700 parse error (not JSON, or a binary frame)      -32600 invalid request (not an object, a
//   batch array, jsonrpc not "2.0", a bad id, no method)   -32601 method not found
//   -32602 invalid params (bad topic, message, ttl, tag, attestation, batch too long)
//   -32005 limit exceeded (rate limit, subscriptions per socket, message too large to store)
//   -32603 internal error (a bug; the text is logged, not sent)
// A valid request without an id is a notification: it is carried out but never answered, not even
// with -32601. An invalid frame is always answered (JSON-RPC 2.0 §5), with id null when its id
// cannot be read.
import { StoreError } from './store.mjs';

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
export const LIMIT_EXCEEDED = -32005;

/** Tags WalletConnect uses for the messages a relay publishes on the clients' behalf. */
export const TAG_SESSION_PROPOSE = 1100;
export const TAG_SESSION_PROPOSE_RESPONSE = 1101;
export const TAG_SESSION_SETTLE = 1102;

export const DEFAULT_TTL_SECONDS = 300;
export const MAX_ID_LENGTH = 128;
export const MAX_ATTESTATION_LENGTH = 4096;
const TOPIC = /^[0-9a-f]{64}$/;

export class RpcError extends Error {
  /** @param {number} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
  }
}

/** @param {unknown} v @returns {v is Record<string, any>} */
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON-RPC id the relay can echo exactly: a string of at most 128 characters or a safe integer. @param {unknown} id */
export const isValidId = (id) => (typeof id === 'string' && id.length <= MAX_ID_LENGTH) || Number.isSafeInteger(id);

/**
 * @typedef {{ type: 'request', id: string | number | null, hasId: boolean, method: string, params: unknown }
 *   | { type: 'response', id: unknown }
 *   | { type: 'invalid', id: string | number | null, code: number, message: string }} Frame
 */

/**
 * Reads one text frame.
 * @param {string} text
 * @returns {Frame}
 */
export function parseFrame(text) {
  /** @type {unknown} */
  let frame;
  try {
    frame = JSON.parse(text);
  } catch {
    return { type: 'invalid', id: null, code: PARSE_ERROR, message: 'Parse error' };
  }
  if (Array.isArray(frame)) return { type: 'invalid', id: null, code: INVALID_REQUEST, message: 'Invalid Request: batch requests are not supported' };
  if (!isObject(frame)) return { type: 'invalid', id: null, code: INVALID_REQUEST, message: 'Invalid Request: expected an object' };
  if (frame.method === undefined && ('result' in frame || 'error' in frame)) return { type: 'response', id: frame.id };
  const hasId = frame.id !== undefined;
  if (hasId && frame.id !== null && !isValidId(frame.id)) {
    return { type: 'invalid', id: null, code: INVALID_REQUEST, message: `Invalid Request: id must be a string of at most ${MAX_ID_LENGTH} characters or a safe integer` };
  }
  const id = hasId ? /** @type {string | number | null} */ (frame.id) : null;
  if (frame.jsonrpc !== '2.0') return { type: 'invalid', id, code: INVALID_REQUEST, message: 'Invalid Request: jsonrpc must be "2.0"' };
  if (typeof frame.method !== 'string' || frame.method.length === 0) return { type: 'invalid', id, code: INVALID_REQUEST, message: 'Invalid Request: method must be a non-empty string' };
  if (frame.params !== undefined && typeof frame.params !== 'object') return { type: 'invalid', id, code: INVALID_REQUEST, message: 'Invalid Request: params must be an object or an array' };
  return { type: 'request', id, hasId, method: frame.method, params: frame.params };
}

/**
 * The id of a request frame without parsing it all (for refusing a large frame cheaply): found only
 * when `"id"` is the first member, as WalletConnect clients write it; null otherwise.
 * @param {string} text
 * @returns {string | number | null}
 */
export function peekId(text) {
  const m = /^\s*\{\s*"id"\s*:\s*("[^"\\]{0,128}"|-?\d{1,16})\s*[,}]/.exec(text.slice(0, 200));
  if (!m || !m[1]) return null;
  const id = JSON.parse(m[1]);
  return isValidId(id) ? id : null;
}

// ---------- params ----------

/** @param {string} what */
const bad = (what) => new RpcError(INVALID_PARAMS, `Invalid params: ${what}`);

/** @param {unknown} v @param {string} what @returns {string} */
export function topicParam(v, what) {
  if (typeof v !== 'string' || !TOPIC.test(v)) throw bad(`${what} must be a topic (64 lowercase hex characters)`);
  return v;
}

/** @param {unknown} v @param {string} what @returns {string} */
function messageParam(v, what) {
  if (typeof v !== 'string' || v.length === 0) throw bad(`${what} must be a non-empty string`);
  return v;
}

/** @param {unknown} v @param {number} maxTtlSeconds @returns {number} seconds */
function ttlParam(v, maxTtlSeconds) {
  if (v === undefined || v === null) return Math.min(DEFAULT_TTL_SECONDS, maxTtlSeconds);
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw bad('ttl must be a positive number of seconds');
  return Math.min(v, maxTtlSeconds);
}

/** @param {unknown} v @returns {number} */
function tagParam(v) {
  if (v === undefined || v === null) return 0;
  if (!Number.isInteger(v) || /** @type {number} */ (v) < 0 || /** @type {number} */ (v) > 0xffffffff) throw bad('tag must be an integer from 0 to 4294967295');
  return /** @type {number} */ (v);
}

/** @param {unknown} v @returns {string | undefined} */
function attestationParam(v) {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || v.length > MAX_ATTESTATION_LENGTH) throw bad(`attestation must be a string of at most ${MAX_ATTESTATION_LENGTH} characters`);
  return v;
}

/** @param {unknown} v @param {string} what @param {number} max @returns {unknown[]} */
function listParam(v, what, max) {
  if (!Array.isArray(v)) throw bad(`${what} must be an array`);
  if (v.length > max) throw bad(`${what} has ${v.length} items; at most ${max}`);
  return v;
}

/** @param {unknown} params @param {string} shape */
function objectParams(params, shape) {
  if (!isObject(params)) throw bad(`expected ${shape}`);
  return params;
}

/**
 * @typedef {import('./hub.mjs').Hub} Hub
 * @typedef {import('./hub.mjs').Conn} Conn
 * @typedef {{ result?: unknown, answered?: boolean, note?: string, after?: () => number }} Outcome
 *   `answered`: the hub answers the request itself (later, when the socket has room)
 * @typedef {(conn: Conn, params: unknown, id?: string | number | null) => Outcome} Handler
 *   `id` is undefined for a notification
 */

/** @param {string} s */
const short = (s) => `${s.slice(0, 8)}…`;

/**
 * The methods. Each validates everything before changing anything, returns its result, a note
 * for the log (never client text) and, optionally, work to run once the result is sent.
 * @param {Hub} hub
 * @returns {Record<string, Handler>}
 */
export function createMethods(hub) {
  const { maxSubscriptionsPerSocket, maxBatchSize, maxTtlSeconds } = hub.config;

  /** @param {Conn} conn @param {string[]} topics */
  const ensureRoom = (conn, topics) => {
    if (conn.subs.size + hub.newTopics(conn, topics) > maxSubscriptionsPerSocket) {
      throw new RpcError(LIMIT_EXCEEDED, `Limit exceeded: at most ${maxSubscriptionsPerSocket} subscriptions per socket`);
    }
  };

  /** @param {Conn} conn @param {{ topic: string, message: string, ttlSeconds: number, tag: number, attestation?: string }} p */
  const publish = (conn, p) => {
    try {
      return hub.publish(conn, p);
    } catch (err) {
      if (err instanceof StoreError) throw new RpcError(LIMIT_EXCEEDED, `Limit exceeded: ${err.message}`);
      throw err;
    }
  };

  /** @param {unknown} m @param {string} at */
  const publishParams = (m, at) => {
    const p = objectParams(m, `${at} to be { topic, message, ttl, tag }`);
    return {
      topic: topicParam(p.topic, `${at}.topic`),
      message: messageParam(p.message, `${at}.message`),
      ttlSeconds: ttlParam(p.ttl, maxTtlSeconds),
      tag: tagParam(p.tag),
      attestation: attestationParam(p.attestation),
    };
  };

  /** @type {Record<string, Handler>} */
  const methods = {
    irn_subscribe(conn, params) {
      const topic = topicParam(objectParams(params, '{ topic }').topic, 'topic');
      ensureRoom(conn, [topic]);
      const id = hub.subscribe(conn, topic);
      return { result: id, note: `topic=${short(topic)}`, after: () => hub.flush(conn, topic) };
    },
    irn_batchSubscribe(conn, params) {
      const list = listParam(objectParams(params, '{ topics }').topics, 'topics', maxBatchSize);
      const topics = list.map((t, i) => topicParam(t, `topics[${i}]`));
      ensureRoom(conn, topics);
      const ids = topics.map((t) => hub.subscribe(conn, t));
      return { result: ids, note: `${topics.length} topics`, after: () => topics.reduce((n, t) => n + hub.flush(conn, t), 0) };
    },
    irn_unsubscribe(conn, params) {
      const topic = topicParam(objectParams(params, '{ topic, id }').topic, 'topic');
      hub.unsubscribe(conn, topic);
      return { result: true, note: `topic=${short(topic)}` };
    },
    irn_batchUnsubscribe(conn, params) {
      const list = listParam(objectParams(params, '{ subscriptions: [{ topic, id }] }').subscriptions, 'subscriptions', maxBatchSize);
      const topics = list.map((s, i) => topicParam(isObject(s) ? s.topic : undefined, `subscriptions[${i}].topic`));
      for (const t of topics) hub.unsubscribe(conn, t);
      return { result: true, note: `${topics.length} topics` };
    },
    irn_publish(conn, params) {
      const p = publishParams(params, 'params');
      const n = publish(conn, p);
      return { result: true, note: `topic=${short(p.topic)} tag=${p.tag} -> ${n}` };
    },
    irn_batchPublish(conn, params) {
      const list = listParam(objectParams(params, '{ messages: [...] }').messages, 'messages', maxBatchSize);
      const all = list.map((m, i) => publishParams(m, `messages[${i}]`)); // all valid before any is published
      let n = 0;
      for (const p of all) n += publish(conn, p);
      return { result: true, note: `${all.length} messages -> ${n}` };
    },
    // Answered by the hub once the socket has room and has read its previous page (one waits at most).
    // A notification would hand messages over with no answer to carry them: it does nothing.
    irn_batchFetchMessages(conn, params, id) {
      const list = listParam(objectParams(params, '{ topics }').topics, 'topics', maxBatchSize);
      const topics = list.map((t, i) => topicParam(t, `topics[${i}]`));
      if (id === undefined) return { note: `${topics.length} topics (notification: nothing to answer)` };
      if (!hub.requestFetch(conn, id ?? null, topics)) throw new RpcError(LIMIT_EXCEEDED, 'Limit exceeded: a fetch of this socket is already waiting for its answer');
      return { answered: true, note: `${topics.length} topics` };
    },
    // WalletConnect 2.25: the dapp publishes its session proposal this way and never subscribes to the
    // pairing topic itself; the relay subscribes it, so the wallet's answer reaches it.
    wc_proposeSession(conn, params) {
      const p = objectParams(params, '{ pairingTopic, sessionProposal, ttl }');
      const pairingTopic = topicParam(p.pairingTopic, 'pairingTopic');
      const sessionProposal = messageParam(p.sessionProposal, 'sessionProposal');
      const ttlSeconds = ttlParam(p.ttl, maxTtlSeconds);
      const attestation = attestationParam(p.attestation);
      ensureRoom(conn, [pairingTopic]);
      hub.subscribe(conn, pairingTopic);
      const n = publish(conn, { topic: pairingTopic, message: sessionProposal, ttlSeconds, tag: TAG_SESSION_PROPOSE, attestation });
      return { result: true, note: `pairing=${short(pairingTopic)} -> ${n}`, after: () => hub.flush(conn, pairingTopic) };
    },
    // The wallet approves: it is subscribed to the new session topic, the proposal response goes to the
    // pairing topic (the dapp) and the settle request to the session topic (stored until the dapp subscribes).
    wc_approveSession(conn, params) {
      const p = objectParams(params, '{ sessionTopic, pairingTopic, sessionProposalResponse, sessionSettlementRequest, ttl }');
      const sessionTopic = topicParam(p.sessionTopic, 'sessionTopic');
      const pairingTopic = topicParam(p.pairingTopic, 'pairingTopic');
      const response = messageParam(p.sessionProposalResponse, 'sessionProposalResponse');
      const settle = messageParam(p.sessionSettlementRequest, 'sessionSettlementRequest');
      const ttlSeconds = ttlParam(p.ttl, maxTtlSeconds);
      ensureRoom(conn, [sessionTopic]);
      hub.subscribe(conn, sessionTopic);
      const a = publish(conn, { topic: pairingTopic, message: response, ttlSeconds, tag: TAG_SESSION_PROPOSE_RESPONSE });
      const b = publish(conn, { topic: sessionTopic, message: settle, ttlSeconds, tag: TAG_SESSION_SETTLE });
      return { result: true, note: `session=${short(sessionTopic)} pairing=${short(pairingTopic)} -> ${a}+${b}`, after: () => hub.flush(conn, sessionTopic) };
    },
  };
  return methods;
}
