// Stored messages: what the relay keeps for later subscribers, bounded by count and by bytes,
// per topic and in total. When a bound is passed the oldest messages go first (per topic for the
// per-topic bounds, across all topics for the global ones); expired messages are swept.
//
// Bytes are an estimate of what a message holds on to: its text, its attestation, a fixed overhead
// per message (MESSAGE_OVERHEAD_BYTES) and per client that has received it (the identity plus
// RECIPIENT_OVERHEAD_BYTES), so a message fetched by many throw-away identities costs what it holds.
//
// A message is kept once per (topic, text): publishing it again (a client's retry) extends its life.
import { createHash } from 'node:crypto';

export const MESSAGE_OVERHEAD_BYTES = 512;
export const RECIPIENT_OVERHEAD_BYTES = 64;

/** A message that can never fit (larger than a byte bound). */
export class StoreError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'StoreError';
  }
}

/**
 * @typedef {object} InFlight
 * @property {any} conn the socket it was sent on (owned by the hub)
 * @property {number} id the irn_subscription request id
 */

/**
 * @typedef {object} StoredMessage
 * @property {string} key sha256(topic, message)
 * @property {string} topic
 * @property {string} message
 * @property {number} tag
 * @property {number} publishedAt ms since epoch
 * @property {number} expiresAt ms since epoch
 * @property {string | undefined} attestation
 * @property {Set<string>} delivered identities that have it
 * @property {Map<string, InFlight>} inFlight identity -> unanswered delivery
 * @property {number} bytes accounted size
 * @property {boolean} removed evicted or expired
 */

/**
 * @typedef {object} StoreLimits
 * @property {number} maxMessages
 * @property {number} maxBytes
 * @property {number} maxMessagesPerTopic
 * @property {number} maxBytesPerTopic
 */

/** @typedef {{ msgs: Map<string, StoredMessage>, bytes: number }} TopicEntry */

export class MessageStore {
  /**
   * @param {StoreLimits} limits
   * @param {(msg: StoredMessage, why: 'evicted' | 'expired') => void} [onRemove] called for every message that leaves
   */
  constructor(limits, onRemove = () => {}) {
    this.limits = limits;
    this.onRemove = onRemove;
    /** @type {Map<string, TopicEntry>} topic -> its messages in publish order */
    this.topics = new Map();
    /** @type {Set<StoredMessage>} every message, in publish order */
    this.all = new Set();
    this.bytes = 0;
    this.evicted = 0;
    this.expired = 0;
  }

  /**
   * Stores a message, or finds the live copy of the same (topic, text) and extends its life.
   * @param {{ topic: string, message: string, ttlMs: number, tag: number, attestation?: string, now?: number }} p
   * @returns {{ msg: StoredMessage, fresh: boolean }}
   */
  put({ topic, message, ttlMs, tag, attestation, now = Date.now() }) {
    const key = createHash('sha256').update(topic).update('\n').update(message).digest('hex');
    let entry = this.topics.get(topic);
    const existing = entry?.msgs.get(key);
    if (existing && existing.expiresAt > now) {
      existing.expiresAt = Math.max(existing.expiresAt, now + ttlMs);
      return { msg: existing, fresh: false };
    }
    if (existing) this.remove(existing, 'expired');
    const bytes = message.length + topic.length + (attestation?.length ?? 0) + MESSAGE_OVERHEAD_BYTES;
    if (bytes > this.limits.maxBytesPerTopic || bytes > this.limits.maxBytes) throw new StoreError('message too large to store');
    entry = this.topics.get(topic);
    if (!entry) this.topics.set(topic, (entry = { msgs: new Map(), bytes: 0 }));
    /** @type {StoredMessage} */
    const msg = { key, topic, message, tag, publishedAt: now, expiresAt: now + ttlMs, attestation, delivered: new Set(), inFlight: new Map(), bytes, removed: false };
    entry.msgs.set(key, msg);
    entry.bytes += bytes;
    this.all.add(msg);
    this.bytes += bytes;
    this.enforce(entry);
    return { msg, fresh: true };
  }

  /** Records that a client has the message (its bytes grow by the identity). @param {StoredMessage} msg @param {string} identity */
  addRecipient(msg, identity) {
    if (msg.removed || msg.delivered.has(identity)) return;
    msg.delivered.add(identity);
    const grow = identity.length + RECIPIENT_OVERHEAD_BYTES;
    msg.bytes += grow;
    this.bytes += grow;
    const entry = this.topics.get(msg.topic);
    if (entry) {
      entry.bytes += grow;
      this.enforce(entry);
    }
  }

  /** Drops the oldest messages until every bound holds. @param {TopicEntry} entry */
  enforce(entry) {
    const { maxMessages, maxBytes, maxMessagesPerTopic, maxBytesPerTopic } = this.limits;
    while (entry.msgs.size > maxMessagesPerTopic || (entry.bytes > maxBytesPerTopic && entry.msgs.size > 0)) {
      const oldest = entry.msgs.values().next().value;
      if (!oldest) break;
      this.remove(oldest, 'evicted');
    }
    while (this.all.size > maxMessages || (this.bytes > maxBytes && this.all.size > 0)) {
      const oldest = this.all.values().next().value;
      if (!oldest) break;
      this.remove(oldest, 'evicted');
    }
  }

  /** @param {StoredMessage} msg @param {'evicted' | 'expired'} why */
  remove(msg, why) {
    if (msg.removed) return;
    msg.removed = true;
    const entry = this.topics.get(msg.topic);
    if (entry && entry.msgs.get(msg.key) === msg) {
      entry.msgs.delete(msg.key);
      entry.bytes -= msg.bytes;
      if (entry.msgs.size === 0) this.topics.delete(msg.topic);
    }
    this.all.delete(msg);
    this.bytes -= msg.bytes;
    if (why === 'evicted') this.evicted++;
    else this.expired++;
    this.onRemove(msg, why);
  }

  /** The live messages of a topic, oldest first. @param {string} topic @param {number} [now] @returns {Generator<StoredMessage>} */
  *live(topic, now = Date.now()) {
    const entry = this.topics.get(topic);
    if (!entry) return;
    for (const msg of entry.msgs.values()) if (!msg.removed && msg.expiresAt > now) yield msg;
  }

  /** Drops every expired message. @param {number} [now] */
  sweep(now = Date.now()) {
    for (const msg of this.all) if (msg.expiresAt <= now) this.remove(msg, 'expired');
  }

  get size() {
    return this.all.size;
  }

  clear() {
    for (const msg of this.all) msg.removed = true;
    this.topics.clear();
    this.all.clear();
    this.bytes = 0;
  }
}
