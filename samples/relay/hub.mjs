// Subscriptions and delivery: who is subscribed to what, and getting stored messages to them once
// each, in order, without letting a slow reader make the relay buffer without bound.
//
// Rules:
//   - A client (one identity, any number of sockets) gets a message at most once, and never its own.
//   - A delivery (`irn_subscription`) is in flight until the client answers it; then the client has
//     it. If the socket closes first, it becomes deliverable again (next subscribe or fetch).
//   - Back-pressure: a delivery is only written while the socket's send buffer (ws bufferedAmount) is
//     under maxBufferedBytes, the sum over all sockets is under maxBufferedBytesTotal and the socket
//     has fewer than maxInFlightPerSocket unanswered deliveries. Otherwise the socket is "backlogged":
//     its messages wait in the store (in order) and are sent when it catches up (checked every
//     TICK_MS and on every answer). A socket whose buffer stays over maxBufferedBytes for
//     slowSocketTimeoutMs, or ever exceeds HARD_BUFFER_FACTOR times it, is terminated.
//   - The subscription id is sha256(topic + identity) in hex, as the clients compute it.
import { createHash } from 'node:crypto';
import { WebSocket } from 'ws';

export const TICK_MS = 100;
export const HARD_BUFFER_FACTOR = 4;
const FETCH_PAGE_SIZE = 500;

/** @param {string} s */
const sha256 = (s) => createHash('sha256').update(s).digest('hex');

/**
 * @typedef {import('./store.mjs').StoredMessage} StoredMessage
 * @typedef {import('./store.mjs').MessageStore} MessageStore
 * @typedef {import('./config.mjs').RelayConfig} RelayConfig
 */

/**
 * @typedef {object} Conn
 * @property {number} n connection number (for logs)
 * @property {WebSocket} ws
 * @property {string} identity verified did:key, or `anon:<random>` for a socket without a token
 * @property {boolean} anonymous
 * @property {string} address client address (per-address socket limit)
 * @property {Map<string, string>} subs topic -> subscription id
 * @property {Map<number, StoredMessage>} pendingAcks irn_subscription id -> message
 * @property {Set<string>} pendingTopics topics with messages waiting for room (back-pressure)
 * @property {import('./limits.mjs').TokenBucket} bucket
 * @property {number} overSince ms since epoch its buffer went over the bound (0: under)
 * @property {boolean} awaitingPong
 * @property {number} missedPongs
 * @property {boolean} closed
 */

export class Hub {
  /**
   * @param {RelayConfig} config
   * @param {MessageStore} store
   * @param {(line: string) => void} say
   */
  constructor(config, store, say) {
    this.config = config;
    this.store = store;
    this.say = say;
    /** @type {Set<Conn>} */
    this.conns = new Set();
    /** @type {Map<string, Set<Conn>>} topic -> subscribed sockets */
    this.subscribers = new Map();
    /** @type {Set<Conn>} sockets with deliveries waiting for room */
    this.backlog = new Set();
    this.bufferedTotal = 0;
    this.counters = { published: 0, deliveries: 0, dropped: 0 };
    // Ids of the relay's own requests: increasing, unique per relay, safe integers.
    this.rpcId = Date.now() * 1000;
    /** @type {NodeJS.Immediate | undefined} */
    this.pumpScheduled = undefined;
  }

  /** @param {Conn} conn @param {unknown} frame @returns {boolean} written */
  send(conn, frame) {
    if (conn.ws.readyState !== WebSocket.OPEN) return false;
    const text = JSON.stringify(frame);
    conn.ws.send(text);
    this.bufferedTotal += text.length;
    if (conn.ws.bufferedAmount > HARD_BUFFER_FACTOR * this.config.maxBufferedBytes) this.drop(conn, 'send buffer far over its bound');
    return true;
  }

  /** Terminates a socket that does not read. @param {Conn} conn @param {string} why */
  drop(conn, why) {
    if (conn.closed) return;
    conn.closed = true;
    this.counters.dropped++;
    this.say(`#${conn.n} dropped: ${why}`);
    conn.ws.terminate();
  }

  /** @param {Conn} conn */
  hasRoom(conn) {
    const { maxBufferedBytes, maxBufferedBytesTotal, maxInFlightPerSocket } = this.config;
    return conn.ws.readyState === WebSocket.OPEN && conn.pendingAcks.size < maxInFlightPerSocket && conn.ws.bufferedAmount < maxBufferedBytes && this.bufferedTotal < maxBufferedBytesTotal;
  }

  /**
   * Sends a stored message to one socket unless its client has it (or is getting it).
   * @param {StoredMessage} msg @param {Conn} conn
   * @returns {'sent' | 'skip' | 'full'}
   */
  deliver(msg, conn) {
    const subId = conn.subs.get(msg.topic);
    if (!subId || conn.closed || msg.removed || msg.expiresAt <= Date.now()) return 'skip';
    if (msg.delivered.has(conn.identity) || msg.inFlight.has(conn.identity)) return 'skip';
    if (this.backlog.has(conn) || !this.hasRoom(conn)) {
      conn.pendingTopics.add(msg.topic);
      this.backlog.add(conn);
      return 'full';
    }
    const id = ++this.rpcId;
    msg.inFlight.set(conn.identity, { conn, id });
    conn.pendingAcks.set(id, msg);
    this.counters.deliveries++;
    /** @type {Record<string, unknown>} */
    const data = { topic: msg.topic, message: msg.message, publishedAt: msg.publishedAt, tag: msg.tag };
    if (msg.attestation !== undefined) data.attestation = msg.attestation;
    this.send(conn, { id, jsonrpc: '2.0', method: 'irn_subscription', params: { id: subId, data } });
    return 'sent';
  }

  /** Delivers what the socket's client has not received yet on one topic. @param {Conn} conn @param {string} topic @returns {number} sent */
  flush(conn, topic) {
    let n = 0;
    for (const msg of this.store.live(topic)) {
      const r = this.deliver(msg, conn);
      if (r === 'full') break;
      if (r === 'sent') n++;
    }
    return n;
  }

  /** @param {Conn} conn @param {string[]} topics @returns {number} how many of these are new to the socket */
  newTopics(conn, topics) {
    let n = 0;
    const seen = new Set();
    for (const t of topics) if (!conn.subs.has(t) && !seen.has(t)) (seen.add(t), n++);
    return n;
  }

  /** @param {Conn} conn @param {string} topic @returns {string} subscription id */
  subscribe(conn, topic) {
    let subId = conn.subs.get(topic);
    if (!subId) {
      subId = sha256(topic + conn.identity);
      conn.subs.set(topic, subId);
      let set = this.subscribers.get(topic);
      if (!set) this.subscribers.set(topic, (set = new Set()));
      set.add(conn);
    }
    return subId;
  }

  /** @param {Conn} conn @param {string} topic */
  unsubscribe(conn, topic) {
    if (!conn.subs.delete(topic)) return;
    conn.pendingTopics.delete(topic);
    const set = this.subscribers.get(topic);
    set?.delete(conn);
    if (set && set.size === 0) this.subscribers.delete(topic);
  }

  /**
   * Stores a message and sends it to the topic's subscribers; the publisher's client counts as having it.
   * @param {Conn} from
   * @param {{ topic: string, message: string, ttlSeconds: number, tag: number, attestation?: string }} p
   * @returns {number} sockets it was sent to
   */
  publish(from, p) {
    const { msg, fresh } = this.store.put({ topic: p.topic, message: p.message, ttlMs: p.ttlSeconds * 1000, tag: p.tag, attestation: p.attestation });
    if (fresh) this.counters.published++;
    this.store.addRecipient(msg, from.identity);
    let n = 0;
    for (const conn of this.subscribers.get(p.topic) ?? []) if (this.deliver(msg, conn) === 'sent') n++;
    return n;
  }

  /**
   * Undelivered stored messages of some topics, handed over in the response (and counted as received).
   * @param {Conn} conn @param {string[]} topics
   */
  fetch(conn, topics) {
    /** @type {Record<string, unknown>[]} */
    const messages = [];
    let bytes = 0;
    let hasMore = false;
    outer: for (const topic of topics) {
      for (const msg of this.store.live(topic)) {
        if (msg.delivered.has(conn.identity) || msg.inFlight.has(conn.identity)) continue;
        if (messages.length >= FETCH_PAGE_SIZE || (messages.length > 0 && bytes + msg.message.length > this.config.maxBufferedBytes)) {
          hasMore = true;
          break outer;
        }
        bytes += msg.message.length;
        /** @type {Record<string, unknown>} */
        const data = { topic: msg.topic, message: msg.message, publishedAt: msg.publishedAt, tag: msg.tag };
        if (msg.attestation !== undefined) data.attestation = msg.attestation;
        messages.push(data);
        this.store.addRecipient(msg, conn.identity);
      }
    }
    return { messages, hasMore };
  }

  /** The client's answer to an irn_subscription. @param {Conn} conn @param {unknown} id @returns {boolean} it was one */
  onAck(conn, id) {
    if (typeof id !== 'number') return false;
    const msg = conn.pendingAcks.get(id);
    if (!msg) return false;
    conn.pendingAcks.delete(id);
    if (msg.inFlight.get(conn.identity)?.conn === conn) msg.inFlight.delete(conn.identity);
    this.store.addRecipient(msg, conn.identity);
    if (this.backlog.has(conn)) this.schedulePump();
    return true;
  }

  /** A message left the store: forget its unanswered deliveries. @param {StoredMessage} msg */
  onRemoved(msg) {
    for (const { conn, id } of msg.inFlight.values()) conn.pendingAcks.delete(id);
    msg.inFlight.clear();
  }

  /** @param {Conn} conn */
  add(conn) {
    this.conns.add(conn);
  }

  /** @param {Conn} conn */
  remove(conn) {
    conn.closed = true;
    this.conns.delete(conn);
    this.backlog.delete(conn);
    for (const topic of [...conn.subs.keys()]) this.unsubscribe(conn, topic);
    // Unanswered deliveries become deliverable again to this client.
    for (const msg of conn.pendingAcks.values()) if (msg.inFlight.get(conn.identity)?.conn === conn) msg.inFlight.delete(conn.identity);
    conn.pendingAcks.clear();
    conn.pendingTopics.clear();
  }

  schedulePump() {
    this.pumpScheduled ??= setImmediate(() => {
      this.pumpScheduled = undefined;
      this.pump();
    });
  }

  /** Sends waiting deliveries to the backlogged sockets that have room again. */
  pump() {
    for (const conn of [...this.backlog]) {
      if (conn.closed) {
        this.backlog.delete(conn);
        continue;
      }
      if (!this.hasRoom(conn)) continue;
      this.backlog.delete(conn);
      const topics = [...conn.pendingTopics];
      conn.pendingTopics.clear();
      for (const [i, topic] of topics.entries()) {
        this.flush(conn, topic);
        if (this.backlog.has(conn)) {
          for (const rest of topics.slice(i + 1)) conn.pendingTopics.add(rest);
          break;
        }
      }
    }
  }

  /** Every TICK_MS: measure the send buffers, drop sockets that stay over the bound, resume the others. */
  tick(now = Date.now()) {
    const { maxBufferedBytes, slowSocketTimeoutMs } = this.config;
    let total = 0;
    for (const conn of this.conns) {
      const b = conn.ws.bufferedAmount;
      total += b;
      if (b <= maxBufferedBytes) conn.overSince = 0;
      else if (!conn.overSince) conn.overSince = now;
      else if (now - conn.overSince >= slowSocketTimeoutMs) this.drop(conn, `send buffer over ${maxBufferedBytes} bytes for ${slowSocketTimeoutMs} ms`);
    }
    this.bufferedTotal = total;
    this.pump();
  }

  stop() {
    if (this.pumpScheduled) clearImmediate(this.pumpScheduled);
    this.pumpScheduled = undefined;
  }
}
