// Per-socket and per-address limits: the request rate (token bucket), counts per client address
// (open sockets, connections not yet upgraded), and where a request comes from (the socket's peer,
// or the last X-Forwarded-For hop when the relay is told it sits behind a proxy). Every per-address
// limit counts by `clientAddressKey`: an IPv4 address, or an IPv6 address's /64 prefix (review M7).
import { clientAddressKey } from '../shared/clientAddress.mjs';

/**
 * A token bucket: `burst` tokens, refilled at `perSecond`; a request takes one, a large frame or a
 * fetch page one per `rateLimitBytesPerToken` bytes.
 */
export class TokenBucket {
  /** @param {number} perSecond @param {number} burst @param {number} [now] */
  constructor(perSecond, burst, now = Date.now()) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.tokens = burst;
    this.last = now;
  }

  /** @param {number} now */
  refill(now) {
    if (now > this.last) {
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
      this.last = now;
    }
  }

  /** Takes `cost` tokens if there are that many. @param {number} [cost] @param {number} [now] @returns {boolean} */
  take(cost = 1, now = Date.now()) {
    this.refill(now);
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }

  /** Whole tokens available now. @param {number} [now] */
  available(now = Date.now()) {
    this.refill(now);
    return Math.max(0, Math.floor(this.tokens));
  }

  /** Takes `cost` tokens whatever is left: the bucket may go into debt (later requests wait for it). @param {number} cost @param {number} [now] */
  charge(cost, now = Date.now()) {
    this.refill(now);
    this.tokens = Math.max(-this.burst, this.tokens - cost);
  }
}

/** Tokens a frame or page of `bytes` bytes costs: one per started `bytesPerToken`. @param {number} bytes @param {number} bytesPerToken */
export const tokensFor = (bytes, bytesPerToken) => Math.max(1, Math.ceil(bytes / bytesPerToken));

/** Counts something (open sockets, pending connections) per client address key. */
export class AddressCounter {
  /** @param {number} max per address */
  constructor(max) {
    this.max = max;
    /** @type {Map<string, number>} */
    this.counts = new Map();
  }

  /** @param {string} address @returns {boolean} room for one more */
  hasRoom(address) {
    return (this.counts.get(address) ?? 0) < this.max;
  }

  /** @param {string} address */
  add(address) {
    this.counts.set(address, (this.counts.get(address) ?? 0) + 1);
  }

  /** @param {string} address */
  remove(address) {
    const n = (this.counts.get(address) ?? 0) - 1;
    if (n > 0) this.counts.set(address, n);
    else this.counts.delete(address);
  }

  get addresses() {
    return this.counts.size;
  }
}

/** @param {string} address @returns {string} IPv4-mapped IPv6 addresses as plain IPv4 */
export function normalizeAddress(address) {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/** @param {string | undefined} address */
export function isLoopback(address) {
  if (!address) return false;
  const a = normalizeAddress(address);
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/**
 * The key per-address limits count a request by. With `trustProxy`, that of the last X-Forwarded-For
 * entry (the one the proxy in front of the relay added); otherwise that of the socket's peer.
 * @param {import('node:http').IncomingMessage} req
 * @param {boolean} trustProxy
 * @returns {string}
 */
export function clientAddress(req, trustProxy) {
  const peer = clientAddressKey(req.socket.remoteAddress);
  if (!trustProxy) return peer;
  const header = req.headers['x-forwarded-for'];
  const value = Array.isArray(header) ? header[header.length - 1] : header;
  if (!value) return peer;
  const hops = value.split(',').map((s) => s.trim()).filter(Boolean);
  const last = hops[hops.length - 1];
  return last && last.length <= 64 ? clientAddressKey(last) : peer;
}

/**
 * A request from this machine that no proxy forwarded (a proxy on the same host connects from
 * loopback too, but adds one of these headers).
 * @param {import('node:http').IncomingMessage} req
 */
export function isLocalRequest(req) {
  const h = req.headers;
  if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined) return false;
  return isLoopback(req.socket.remoteAddress);
}
