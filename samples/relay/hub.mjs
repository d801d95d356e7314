// Subscriptions and delivery: who is subscribed to what, and getting stored messages to them once
// each, in order, without letting a slow reader make the relay buffer without bound.
//
// Rules:
//   - A client (one identity, any number of sockets) gets a message at most once, and never its own.
//   - A delivery (`irn_subscription`) is in flight until the client answers it; then the client has
//     it. If the socket closes first, it becomes deliverable again (next subscribe or fetch).
//   - Every byte written to a socket (deliveries, fetch pages, answers, errors) counts as unread until
//     the client proves it read past it (outbox.mjs: ws, kernel and network buffers all included),
//     per socket and summed over all sockets (`bufferedTotal`).
//   - Back-pressure: a delivery is only written while the socket's unread bytes are under
//     maxBufferedBytes, the total under maxBufferedBytesTotal and the socket has fewer than
//     maxInFlightPerSocket unanswered deliveries. A fetch page (irn_batchFetchMessages) likewise, and
//     only once the socket's previous page has been read; it holds at most the room left under
//     maxBufferedBytes (at least one message) and costs a token per rateLimitBytesPerToken bytes. What
//     cannot go out waits (deliveries in the store, in order; at most one fetch per socket, answered
//     later) and goes out when the socket catches up (checked every TICK_MS and on every pong/answer).
//   - A socket that stays stalled for slowSocketTimeoutMs (a fetch page unread, or unread bytes at or
//     over maxBufferedBytes) is terminated; one whose unread bytes ever exceed HARD_BUFFER_FACTOR ×
//     maxBufferedBytes at once. (A few unread deliveries under the bound are left to the keepalive.)
//   - The subscription id is sha256(topic + identity) in hex, as the clients compute it.
import { createHash } from 'node:crypto';
import { WebSocket } from 'ws';
import { tokensFor } from './limits.mjs';

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
 * @property {string} address client address key (per-address limits)
 * @property {import('./outbox.mjs').Outbox} out bytes written and provably read
 * @property {Map<string, string>} subs topic -> subscription id
 * @property {Map<number, StoredMessage>} pendingAcks irn_subscription id -> message
 * @property {Set<string>} pendingTopics topics with messages waiting for room (back-pressure)
 * @property {{ id: string | number | null, topics: string[] } | null} fetchWaiting a fetch not answered yet
 * @property {import('./limits.mjs').TokenBucket} bucket
 * @property {number} overSince ms since epoch it stalled (0: not stalled)
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
    this.counters = { published: 0, deliveries: 0, fetchPages: 0, dropped: 0, terminated: 0, fetchesDeferred: 0 };
    // Ids of the relay's own requests: increasing, unique per relay, safe integers.
    this.rpcId = Date.now() * 1000;
    /** @type {NodeJS.Immediate | undefined} */
    this.pumpScheduled = undefined;
  }

  /** Writes a frame; every byte counts as unread until a pong proves it read. @param {Conn} conn @param {unknown} frame @returns {boolean} written */
  send(conn, frame) {
    if (conn.closed || conn.ws.readyState !== WebSocket.OPEN) return false;
    this.bufferedTotal += conn.out.write(JSON.stringify(frame));
    if (conn.out.unread > HARD_BUFFER_FACTOR * this.config.maxBufferedBytes) this.drop(conn, 'unread bytes far over their bound');
    return true;
  }

  /** A pong from the socket's client: what it proves read leaves the budgets. @param {Conn} conn @param {Buffer} data */
  onPong(conn, data) {
    const proved = conn.out.pong(data);
    if (proved === 0) return;
    this.bufferedTotal -= proved;
    if (this.backlog.has(conn)) this.schedulePump();
  }

  /** Every ping interval: probe each socket; terminate one that left a probe unanswered for two intervals. @returns {void} */
  keepalive() {
    for (const conn of this.conns) {
      const probe = conn.out.probe;
      if (probe && ++probe.ticks >= 2) {
        this.counters.terminated++;
        this.say(`#${conn.n} missed two pongs: terminated`);
        this.release(conn);
        conn.ws.terminate();
        continue;
      }
      conn.out.ask(true);
    }
  }

  /** Terminates a socket that does not read. @param {Conn} conn @param {string} why */
  drop(conn, why) {
    if (conn.closed) return;
    this.release(conn);
    this.counters.dropped++;
    this.say(`#${conn.n} dropped: ${why}`);
    conn.ws.terminate();
  }

  /**
   * Takes a socket out of the open sockets and its unread bytes out of the total at once, when it is
   * dropped or terminated: the room is free for the others now, and the figures say so, though the
   * socket's close event (which finishes the clean-up in remove) comes a few ticks later.
   * @param {Conn} conn
   */
  release(conn) {
    conn.closed = true;
    if (this.conns.delete(conn)) this.bufferedTotal -= conn.out.unread;
  }

  /** Room to write more to this socket (unread bytes, its own and in total). @param {Conn} conn */
  hasBytes(conn) {
    return !conn.closed && conn.ws.readyState === WebSocket.OPEN && conn.out.unread < this.config.maxBufferedBytes && this.bufferedTotal < this.config.maxBufferedBytesTotal;
  }

  /** Room for a delivery. @param {Conn} conn */
  hasRoom(conn) {
    return this.hasBytes(conn) && conn.pendingAcks.size < this.config.maxInFlightPerSocket;
  }

  /** Stalled: its client has not read a fetch page, or holds its whole budget unread. @param {Conn} conn */
  stalled(conn) {
    return conn.out.pageUnread || conn.out.unread >= this.config.maxBufferedBytes;
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
    if (conn.pendingTopics.size > 0 || !this.hasRoom(conn)) {
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
    const { msg, fresh } = this.store.put({ topic: p.topic, message: p.message, ttlMs: p.ttlSeconds * 1000, tag: p.tag, attestation: p.attestation, owner: from.address });
    if (fresh) this.counters.published++;
    this.store.addRecipient(msg, from.identity, from.address);
    let n = 0;
    for (const conn of this.subscribers.get(p.topic) ?? []) if (this.deliver(msg, conn) === 'sent') n++;
    return n;
  }

  /**
   * An irn_batchFetchMessages request: answered now when the socket has room, else when it has.
   * @param {Conn} conn @param {string | number | null} id @param {string[]} topics
   * @returns {boolean} taken (false: another fetch of this socket is waiting already)
   */
  requestFetch(conn, id, topics) {
    if (conn.fetchWaiting) return false;
    conn.fetchWaiting = { id, topics };
    if (!this.answerFetch(conn)) {
      this.counters.fetchesDeferred++;
      this.backlog.add(conn);
    }
    return true;
  }

  /** Answers the socket's waiting fetch if it has room. @param {Conn} conn @returns {boolean} answered */
  answerFetch(conn) {
    const waiting = conn.fetchWaiting;
    if (!waiting || conn.out.pageUnread || !this.hasBytes(conn)) return false;
    conn.fetchWaiting = null;
    const { maxBufferedBytes, rateLimitBytesPerToken } = this.config;
    // the request paid one token; the page may take what the bucket holds, and the room left
    const budget = Math.min(maxBufferedBytes - conn.out.unread, (conn.bucket.available() + 1) * rateLimitBytesPerToken);
    const page = this.fetchPage(conn, waiting.topics, budget);
    conn.bucket.charge(tokensFor(page.bytes, rateLimitBytesPerToken) - 1);
    this.send(conn, { id: waiting.id, jsonrpc: '2.0', result: { messages: page.messages, hasMore: page.hasMore } });
    conn.out.pageEnd = conn.out.sent;
    this.counters.fetchPages++;
    this.say(`#${conn.n} irn_batchFetchMessages ${waiting.topics.length} topics -> ${page.messages.length}${page.hasMore ? ' (more)' : ''}`);
    return true;
  }

  /**
   * Undelivered stored messages of some topics, up to `budget` bytes (at least one message), handed
   * over in the response (and counted as received).
   * @param {Conn} conn @param {string[]} topics @param {number} budget
   */
  fetchPage(conn, topics, budget) {
    /** @type {Record<string, unknown>[]} */
    const messages = [];
    let bytes = 0;
    let hasMore = false;
    outer: for (const topic of topics) {
      for (const msg of this.store.live(topic)) {
        if (msg.delivered.has(conn.identity) || msg.inFlight.has(conn.identity)) continue;
        const size = msg.message.length + (msg.attestation?.length ?? 0) + 160;
        if (messages.length >= FETCH_PAGE_SIZE || (messages.length > 0 && bytes + size > budget)) {
          hasMore = true;
          break outer;
        }
        bytes += size;
        /** @type {Record<string, unknown>} */
        const data = { topic: msg.topic, message: msg.message, publishedAt: msg.publishedAt, tag: msg.tag };
        if (msg.attestation !== undefined) data.attestation = msg.attestation;
        messages.push(data);
        this.store.addRecipient(msg, conn.identity, conn.address);
      }
    }
    return { messages, hasMore, bytes };
  }

  /** The client's answer to an irn_subscription. @param {Conn} conn @param {unknown} id @returns {boolean} it was one */
  onAck(conn, id) {
    if (typeof id !== 'number') return false;
    const msg = conn.pendingAcks.get(id);
    if (!msg) return false;
    conn.pendingAcks.delete(id);
    if (msg.inFlight.get(conn.identity)?.conn === conn) msg.inFlight.delete(conn.identity);
    this.store.addRecipient(msg, conn.identity, conn.address);
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
    this.release(conn);
    conn.fetchWaiting = null;
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

  /** Sends waiting fetch answers and deliveries to the backlogged sockets that have room again. */
  pump() {
    for (const conn of [...this.backlog]) {
      if (conn.closed) {
        this.backlog.delete(conn);
        continue;
      }
      this.answerFetch(conn);
      if (conn.pendingTopics.size > 0 && this.hasRoom(conn)) {
        const topics = [...conn.pendingTopics];
        conn.pendingTopics.clear();
        for (const [i, topic] of topics.entries()) {
          this.flush(conn, topic);
          if (conn.pendingTopics.size > 0) {
            for (const rest of topics.slice(i + 1)) conn.pendingTopics.add(rest);
            break;
          }
        }
      }
      if (!conn.fetchWaiting && conn.pendingTopics.size === 0) this.backlog.delete(conn);
    }
  }

  /** Every TICK_MS: recount the unread bytes, drop sockets that stay stalled, resume the others. */
  tick(now = Date.now()) {
    const { slowSocketTimeoutMs } = this.config;
    let total = 0;
    for (const conn of this.conns) {
      if (!this.stalled(conn)) conn.overSince = 0;
      else if (!conn.overSince) conn.overSince = now;
      else if (now - conn.overSince >= slowSocketTimeoutMs) this.drop(conn, `not reading (${conn.out.unread} bytes unread) for ${slowSocketTimeoutMs} ms`);
      if (!conn.closed) total += conn.out.unread;
    }
    this.bufferedTotal = total;
    this.pump();
  }

  stop() {
    if (this.pumpScheduled) clearImmediate(this.pumpScheduled);
    this.pumpScheduled = undefined;
  }
}
