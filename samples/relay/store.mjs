// Stored messages: what the relay keeps for later subscribers, bounded by count and by bytes,
// per topic and in total, and by bytes per client address (the publisher's `owner` key). When a bound
// is passed, the messages of whoever passed it go first (review M6: one client must not evict the
// undelivered messages of others):
//   - per address: that address's oldest messages;
//   - per topic: that address's older messages on the topic, then the oldest of the address with the
//     most bytes on the topic;
//   - in total: that address's oldest messages, then the oldest of the address holding the most bytes
//     (so a client with a few messages is the last to lose one).
// Of that address's own messages, those another client has received go before those still waiting
// for their recipient. A bound passed by a receipt (a message grows by its recipient, below) takes
// only the receiving address's received messages, never the ones it still waits to hand over: a
// wallet answering the dapp's delivery must not evict the settle request the dapp is about to fetch.
// Expired messages are swept.
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
 * @property {number} bytes accounted size (recipients included)
 * @property {string} owner the publisher's address key (per-address quota)
 * @property {number} ownBytes what counts against the owner's quota (the size when stored)
 * @property {boolean} removed evicted or expired
 */

/**
 * @typedef {object} StoreLimits
 * @property {number} maxMessages
 * @property {number} maxBytes
 * @property {number} maxMessagesPerTopic
 * @property {number} maxBytesPerTopic
 * @property {number} maxBytesPerAddress
 */

/** @typedef {{ msgs: Map<string, StoredMessage>, bytes: number }} TopicEntry */
/** @typedef {{ msgs: Set<StoredMessage>, bytes: number }} OwnerEntry */

/** @template T @param {Iterable<T>} items @param {(item: T) => boolean} test @returns {T | undefined} */
const first = (items, test) => {
  for (const item of items) if (test(item)) return item;
  return undefined;
};

/**
 * Among `messages` (oldest first), the oldest of the owner whose messages there weigh the most; never `keep`.
 * @param {Iterable<StoredMessage>} messages @param {StoredMessage} keep
 */
function oldestOfLargest(messages, keep) {
  /** @type {Map<string, { bytes: number, oldest: StoredMessage }>} */
  const owners = new Map();
  for (const m of messages) {
    if (m === keep) continue;
    const o = owners.get(m.owner);
    if (o) o.bytes += m.ownBytes;
    else owners.set(m.owner, { bytes: m.ownBytes, oldest: m });
  }
  let largest;
  for (const o of owners.values()) if (!largest || o.bytes > largest.bytes) largest = o;
  return largest?.oldest;
}

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
    /** @type {Map<string, OwnerEntry>} address key -> its messages in publish order */
    this.owners = new Map();
    this.bytes = 0;
    this.evicted = 0;
    this.expired = 0;
  }

  /**
   * Stores a message, or finds the live copy of the same (topic, text) and extends its life.
   * @param {{ topic: string, message: string, ttlMs: number, tag: number, attestation?: string, owner?: string, now?: number }} p
   * @returns {{ msg: StoredMessage, fresh: boolean }}
   */
  put({ topic, message, ttlMs, tag, attestation, owner = '', now = Date.now() }) {
    const key = createHash('sha256').update(topic).update('\n').update(message).digest('hex');
    let entry = this.topics.get(topic);
    const existing = entry?.msgs.get(key);
    if (existing && existing.expiresAt > now) {
      existing.expiresAt = Math.max(existing.expiresAt, now + ttlMs);
      return { msg: existing, fresh: false };
    }
    if (existing) this.remove(existing, 'expired');
    const bytes = message.length + topic.length + (attestation?.length ?? 0) + MESSAGE_OVERHEAD_BYTES;
    const { maxBytesPerTopic, maxBytes, maxBytesPerAddress } = this.limits;
    if (bytes > maxBytesPerTopic || bytes > maxBytes || bytes > maxBytesPerAddress) throw new StoreError('message too large to store');
    entry = this.topics.get(topic);
    if (!entry) this.topics.set(topic, (entry = { msgs: new Map(), bytes: 0 }));
    let own = this.owners.get(owner);
    if (!own) this.owners.set(owner, (own = { msgs: new Set(), bytes: 0 }));
    /** @type {StoredMessage} */
    const msg = { key, topic, message, tag, publishedAt: now, expiresAt: now + ttlMs, attestation, delivered: new Set(), inFlight: new Map(), bytes, owner, ownBytes: bytes, removed: false };
    entry.msgs.set(key, msg);
    entry.bytes += bytes;
    own.msgs.add(msg);
    own.bytes += bytes;
    this.all.add(msg);
    this.bytes += bytes;
    this.enforce(entry, owner, msg, false);
    return { msg, fresh: true };
  }

  /**
   * Records that a client has the message (its bytes grow by the identity).
   * @param {StoredMessage} msg @param {string} identity @param {string} [owner] the recipient's address key
   */
  addRecipient(msg, identity, owner = '') {
    if (msg.removed || msg.delivered.has(identity)) return;
    msg.delivered.add(identity);
    const grow = identity.length + RECIPIENT_OVERHEAD_BYTES;
    msg.bytes += grow;
    this.bytes += grow;
    const entry = this.topics.get(msg.topic);
    if (entry) {
      entry.bytes += grow;
      this.enforce(entry, owner, msg, true);
    }
  }

  /**
   * Drops messages until every bound holds, those of `actor` (the address whose message or receipt
   * passed a bound) first, its received ones before its waiting ones (a receipt: its received ones
   * only); `keep` (the message just stored or received) goes last.
   * @param {TopicEntry} entry @param {string} actor @param {StoredMessage} keep @param {boolean} receipt
   */
  enforce(entry, actor, keep, receipt) {
    const { maxMessages, maxBytes, maxMessagesPerTopic, maxBytesPerTopic, maxBytesPerAddress } = this.limits;
    const mine = (/** @type {StoredMessage} */ m) => m.owner === actor && m !== keep;
    // received by a client other than its publisher (who counts as having it)
    const mineReceived = (/** @type {StoredMessage} */ m) => mine(m) && m.delivered.size > 1;
    /** @param {Iterable<StoredMessage>} msgs */
    const ownVictim = (msgs) => first(msgs, mineReceived) ?? (receipt ? undefined : first(msgs, mine));
    const own = this.owners.get(actor);
    while (own && own.bytes > maxBytesPerAddress) {
      const victim = ownVictim(own.msgs);
      if (!victim) break;
      this.remove(victim, 'evicted');
    }
    while (entry.msgs.size > maxMessagesPerTopic || (entry.bytes > maxBytesPerTopic && entry.msgs.size > 0)) {
      const victim = ownVictim(entry.msgs.values()) ?? oldestOfLargest(entry.msgs.values(), keep) ?? entry.msgs.values().next().value;
      if (!victim) break;
      this.remove(victim, 'evicted');
    }
    while (this.all.size > maxMessages || (this.bytes > maxBytes && this.all.size > 0)) {
      const victim = (own && ownVictim(own.msgs)) ?? this.oldestOfLargestOwner(keep);
      if (!victim) break;
      this.remove(victim, 'evicted');
    }
  }

  /** The oldest message (other than `keep`) of the address that holds the most bytes. @param {StoredMessage} keep */
  oldestOfLargestOwner(keep) {
    /** @type {OwnerEntry | undefined} */
    let largest;
    let most = 0;
    for (const own of this.owners.values()) {
      const bytes = own.bytes - (own.msgs.has(keep) ? keep.ownBytes : 0);
      if (bytes > most) [largest, most] = [own, bytes];
    }
    return largest && first(largest.msgs, (m) => m !== keep);
  }

  /** Bytes stored by the address that stores the most (its quota use). */
  get maxOwnerBytes() {
    let max = 0;
    for (const own of this.owners.values()) max = Math.max(max, own.bytes);
    return max;
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
    const own = this.owners.get(msg.owner);
    if (own?.msgs.delete(msg)) {
      own.bytes -= msg.ownBytes;
      if (own.msgs.size === 0) this.owners.delete(msg.owner);
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
    this.owners.clear();
    this.bytes = 0;
  }
}
