// The WebSocket (pubsub) side of the local Solana chain: account, signature, logs, slot and
// root subscriptions, with the notification shapes of the Agave RPC.
import { createHash } from 'node:crypto';
import { WebSocket, WebSocketServer } from 'ws';
import { ErrorCode, RpcError, base58, commitment, config, invalidParams, isObject, optionalBool, positional, pubkey, short, signature, stringify } from './codec.mjs';
import { SOLANA_CORE_VERSION } from './chain.mjs';
import { encodeAccount } from './rpc.mjs';

const UNSUBSCRIBE = {
  accountUnsubscribe: 'account',
  signatureUnsubscribe: 'signature',
  logsUnsubscribe: 'logs',
  slotUnsubscribe: 'slot',
  rootUnsubscribe: 'root',
};
const CLOSED_ACCOUNT = Object.freeze({ lamports: 0n, owner: new Uint8Array(32), data: new Uint8Array(0), executable: false, rentEpoch: 0n });
/** A socket whose unsent data grows beyond this is too slow: it is closed. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * @typedef {import('./chain.mjs').LocalChain} LocalChain
 * @typedef {import('./chain.mjs').TransactionRecord} TransactionRecord
 * @typedef {{ ws: WebSocket, subs: Set<number>, alive: boolean, n: number }} Conn
 * @typedef {{
 *   id: number, conn: Conn, kind: 'account' | 'signature' | 'logs' | 'slot' | 'root',
 *   commitment: 'processed' | 'confirmed' | 'finalized',
 *   address?: string, addressBytes?: Uint8Array, encoding?: { encoding: string | undefined, slice: undefined | { offset: number, length: number } },
 *   fingerprint?: string, pendingSince?: number,
 *   signature?: string, received?: boolean,
 *   mentions?: string | null,
 * }} Sub
 */

/**
 * @typedef {object} PubSubOptions
 * @property {number} [maxConnections] default 256
 * @property {number} [maxSubscriptionsPerConnection] default 1024
 * @property {number} [maxPayload] largest accepted frame, default 64 KiB
 * @property {number} [pingIntervalMs] default 30000
 * @property {(line: string) => void} [log]
 */

/** The state of an account that its subscribers compare: lamports, owner, data, flags. */
function fingerprint(acc) {
  if (!acc) return 'none';
  return createHash('sha256')
    .update(`${acc.lamports}:${base58.encode(acc.owner)}:${acc.executable}:${acc.rentEpoch}:`)
    .update(acc.data)
    .digest('base64');
}

export class PubSub {
  /** @param {LocalChain} chain @param {PubSubOptions} [options] */
  constructor(chain, options = {}) {
    this.chain = chain;
    this.maxConnections = options.maxConnections ?? 256;
    this.maxSubs = options.maxSubscriptionsPerConnection ?? 1024;
    this.log = options.log ?? (() => {});
    this.wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload ?? 64 * 1024 });
    /** @type {Set<Conn>} */
    this.conns = new Set();
    /** @type {Map<number, Sub>} */
    this.subs = new Map();
    /** @type {Map<string, Set<Sub>>} */
    this.byAccount = new Map();
    /** @type {Map<string, Set<Sub>>} */
    this.bySignature = new Map();
    /** @type {Set<Sub>} */ this.logsSubs = new Set();
    /** @type {Set<Sub>} */ this.slotSubs = new Set();
    /** @type {Set<Sub>} */ this.rootSubs = new Set();
    this.nextId = 0;
    this.connCount = 0;
    this.notifications = 0;

    this.onTransaction = (/** @type {TransactionRecord} */ r) => this.#transaction(r);
    this.onSlot = (/** @type {number} */ s) => this.#slot(s);
    chain.on('transaction', this.onTransaction);
    chain.on('slot', this.onSlot);

    this.pinger = setInterval(() => {
      for (const conn of this.conns) {
        if (!conn.alive) {
          conn.ws.terminate();
          continue;
        }
        conn.alive = false;
        conn.ws.ping();
      }
    }, options.pingIntervalMs ?? 30_000);
    this.pinger.unref();
  }

  /**
   * Takes over an HTTP upgrade request.
   * @param {import('node:http').IncomingMessage} req @param {import('node:stream').Duplex} socket @param {Buffer} head
   */
  handleUpgrade(req, socket, head) {
    if (this.conns.size >= this.maxConnections) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\ntoo many WebSocket connections\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.#accept(ws));
  }

  /** @param {WebSocket} ws */
  #accept(ws) {
    /** @type {Conn} */
    const conn = { ws, subs: new Set(), alive: true, n: ++this.connCount };
    this.conns.add(conn);
    this.log(`ws #${conn.n} open`);
    ws.on('pong', () => (conn.alive = true));
    ws.on('message', (data, isBinary) => {
      conn.alive = true;
      this.#message(conn, isBinary ? Buffer.from(/** @type {Buffer} */ (data)).toString('utf8') : String(data));
    });
    ws.on('close', () => {
      for (const id of conn.subs) this.#remove(id);
      this.conns.delete(conn);
      this.log(`ws #${conn.n} closed`);
    });
    ws.on('error', () => ws.terminate());
  }

  /** @param {Conn} conn @param {string} text */
  #message(conn, text) {
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      this.#send(conn, { jsonrpc: '2.0', error: { code: ErrorCode.PARSE_ERROR, message: 'Parse error' }, id: null });
      return;
    }
    if (!isObject(msg) || msg.jsonrpc !== '2.0' || typeof msg.method !== 'string') {
      this.#send(conn, { jsonrpc: '2.0', error: { code: ErrorCode.INVALID_REQUEST, message: 'Invalid request' }, id: null });
      return;
    }
    const id = msg.id;
    // A notification (no id) needs no answer: web3.js sends `ping` notifications every 5 s.
    if (id === undefined) return;
    if (id !== null && typeof id !== 'string' && typeof id !== 'number') {
      this.#send(conn, { jsonrpc: '2.0', error: { code: ErrorCode.INVALID_REQUEST, message: 'Invalid request: id must be a string, a number or null' }, id: null });
      return;
    }
    try {
      const result = this.#call(conn, msg.method, msg.params);
      this.#send(conn, { jsonrpc: '2.0', result, id });
      this.log(`ws #${conn.n} ${msg.method}`);
    } catch (err) {
      const e = err instanceof RpcError ? err : new RpcError(ErrorCode.INTERNAL_ERROR, `Internal error: ${err instanceof Error ? err.message : err}`);
      this.#send(conn, { jsonrpc: '2.0', error: { code: e.code, message: e.message, ...(e.data !== undefined ? { data: e.data } : {}) }, id });
      this.log(`ws #${conn.n} ${msg.method} -> ${e.code}`);
    }
  }

  /** @param {Conn} conn @param {string} method @param {unknown} params @returns {unknown} */
  #call(conn, method, params) {
    if (Object.hasOwn(UNSUBSCRIBE, method)) {
      const [id] = positional(params, 1, 1);
      const sub = typeof id === 'number' ? this.subs.get(id) : undefined;
      if (!sub || sub.conn !== conn || sub.kind !== UNSUBSCRIBE[/** @type {keyof typeof UNSUBSCRIBE} */ (method)]) {
        throw invalidParams('Invalid subscription id.');
      }
      this.#remove(sub.id);
      return true;
    }
    if (conn.subs.size >= this.maxSubs) {
      throw new RpcError(ErrorCode.INTERNAL_ERROR, `Too many subscriptions on this connection (max ${this.maxSubs})`);
    }
    const chain = this.chain;
    switch (method) {
      case 'accountSubscribe': {
        const [address, cfg] = positional(params, 1, 2);
        const key = pubkey(address, 'address');
        const c = config(cfg);
        const encoding = c.encoding;
        if (encoding !== undefined && encoding !== null && encoding !== 'base58' && encoding !== 'base64' && encoding !== 'jsonParsed') {
          throw invalidParams(`Invalid params: unknown encoding ${short(encoding)}; expected base58, base64 or jsonParsed`);
        }
        const sub = this.#add(conn, 'account', commitment(c.commitment), {
          address: key.text,
          addressBytes: key.bytes,
          // no encoding: the legacy bare base58 string, as getAccountInfo
          encoding: { encoding: /** @type {string | undefined} */ (encoding ?? undefined), slice: undefined },
          fingerprint: fingerprint(chain.getAccount(key.bytes)),
        });
        this.#index(this.byAccount, key.text, sub);
        return sub.id;
      }
      case 'signatureSubscribe': {
        const [sig, cfg] = positional(params, 1, 2);
        const s = signature(sig);
        const c = config(cfg);
        const received = optionalBool(c.enableReceivedNotification, 'enableReceivedNotification') ?? false;
        const sub = this.#add(conn, 'signature', commitment(c.commitment), { signature: s, received });
        this.#index(this.bySignature, s, sub);
        // Already processed: notify right away (once the subscription id has been answered).
        const st = chain.status(s);
        if (st) queueMicrotask(() => this.#signatureLanded(sub, st.record));
        return sub.id;
      }
      case 'logsSubscribe': {
        const [filter, cfg] = positional(params, 1, 2);
        let mentions = null;
        if (filter === 'all' || filter === 'allWithVotes') mentions = null;
        else if (isObject(filter) && Array.isArray(filter.mentions) && filter.mentions.length === 1) {
          mentions = pubkey(filter.mentions[0], 'mentions[0]').text;
        } else {
          throw invalidParams('Invalid params: the filter must be "all", "allWithVotes" or { mentions: [one address] }');
        }
        const sub = this.#add(conn, 'logs', commitment(config(cfg).commitment), { mentions });
        this.logsSubs.add(sub);
        return sub.id;
      }
      case 'slotSubscribe': {
        positional(params, 0, 0);
        const sub = this.#add(conn, 'slot', 'processed', {});
        this.slotSubs.add(sub);
        return sub.id;
      }
      case 'rootSubscribe': {
        positional(params, 0, 0);
        const sub = this.#add(conn, 'root', 'finalized', {});
        this.rootSubs.add(sub);
        return sub.id;
      }
      default:
        throw new RpcError(ErrorCode.METHOD_NOT_FOUND, `Method not found: ${short(method)}`);
    }
  }

  /**
   * @param {Conn} conn @param {Sub['kind']} kind @param {Sub['commitment']} level @param {Partial<Sub>} fields
   * @returns {Sub}
   */
  #add(conn, kind, level, fields) {
    const id = this.nextId++;
    /** @type {Sub} */
    const sub = { id, conn, kind, commitment: level, ...fields };
    this.subs.set(id, sub);
    conn.subs.add(id);
    return sub;
  }

  /** @param {Map<string, Set<Sub>>} index @param {string} key @param {Sub} sub */
  #index(index, key, sub) {
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(sub);
  }

  /** @param {number} id */
  #remove(id) {
    const sub = this.subs.get(id);
    if (!sub) return;
    this.subs.delete(id);
    sub.conn.subs.delete(id);
    const drop = (/** @type {Map<string, Set<Sub>>} */ index, /** @type {string} */ key) => {
      const set = index.get(key);
      set?.delete(sub);
      if (set && set.size === 0) index.delete(key);
    };
    if (sub.kind === 'account') drop(this.byAccount, /** @type {string} */ (sub.address));
    else if (sub.kind === 'signature') drop(this.bySignature, /** @type {string} */ (sub.signature));
    else if (sub.kind === 'logs') this.logsSubs.delete(sub);
    else if (sub.kind === 'slot') this.slotSubs.delete(sub);
    else this.rootSubs.delete(sub);
  }

  /** @param {Sub} sub @param {string} method @param {unknown} result */
  #notify(sub, method, result) {
    this.notifications++;
    this.#send(sub.conn, { jsonrpc: '2.0', method, params: { result, subscription: sub.id } });
  }

  /** @param {Conn} conn @param {unknown} payload */
  #send(conn, payload) {
    const ws = conn.ws;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log(`ws #${conn.n} too slow: closed`);
      ws.terminate();
      return;
    }
    ws.send(stringify(payload));
  }

  #context() {
    return { slot: this.chain.slot, apiVersion: SOLANA_CORE_VERSION };
  }

  /** @param {TransactionRecord} record */
  #transaction(record) {
    for (const sub of [...(this.bySignature.get(record.signature) ?? [])]) this.#signatureLanded(sub, record);
    for (const key of record.accountKeys) {
      for (const sub of this.byAccount.get(key) ?? []) this.#accountMaybeChanged(sub, false);
    }
    for (const sub of this.logsSubs) {
      if (sub.mentions && !record.accountKeys.includes(sub.mentions)) continue;
      this.#notify(sub, 'logsNotification', {
        context: this.#context(),
        value: { signature: record.signature, err: record.err, logs: record.logs },
      });
    }
  }

  /** @param {Sub} sub @param {TransactionRecord} record */
  #signatureLanded(sub, record) {
    if (!this.subs.has(sub.id)) return;
    if (sub.received) {
      sub.received = false;
      this.#notify(sub, 'signatureNotification', { context: this.#context(), value: 'receivedSignature' });
    }
    if (sub.commitment === 'finalized' && this.chain.slot - record.slot < this.chain.finalityDepth) return; // see #slot
    this.#notify(sub, 'signatureNotification', { context: { slot: record.slot, apiVersion: SOLANA_CORE_VERSION }, value: { err: record.err } });
    this.#remove(sub.id); // a signature subscription ends with its notification
  }

  /** @param {Sub} sub @param {boolean} due true when a finalized subscription's wait is over */
  #accountMaybeChanged(sub, due) {
    if (sub.commitment === 'finalized' && !due) {
      sub.pendingSince ??= this.chain.slot;
      return;
    }
    const acc = this.chain.getAccount(/** @type {Uint8Array} */ (sub.addressBytes));
    const fp = fingerprint(acc);
    if (fp === sub.fingerprint) return;
    sub.fingerprint = fp;
    // a closed account is notified as an empty, system-owned account with 0 lamports
    const value = encodeAccountSafe(acc ?? CLOSED_ACCOUNT, /** @type {any} */ (sub.encoding));
    this.#notify(sub, 'accountNotification', { context: this.#context(), value });
  }

  /** @param {number} slot */
  #slot(slot) {
    const root = Math.max(0, slot - this.chain.finalityDepth);
    for (const sub of this.slotSubs) this.#notify(sub, 'slotNotification', { parent: slot - 1, root, slot });
    for (const sub of this.rootSubs) this.#notify(sub, 'rootNotification', root);
    for (const subs of this.bySignature.values()) {
      for (const sub of [...subs]) {
        if (sub.commitment !== 'finalized') continue;
        const st = this.chain.status(/** @type {string} */ (sub.signature));
        if (st?.status === 'finalized') this.#signatureLanded(sub, st.record);
      }
    }
    for (const subs of this.byAccount.values()) {
      for (const sub of subs) {
        if (sub.pendingSince !== undefined && slot - sub.pendingSince >= this.chain.finalityDepth) {
          sub.pendingSince = undefined;
          this.#accountMaybeChanged(sub, true);
        }
      }
    }
  }

  stats() {
    return { sockets: this.conns.size, subscriptions: this.subs.size, notifications: this.notifications };
  }

  /** Closes every socket (1001) and detaches from the chain. */
  async close() {
    clearInterval(this.pinger);
    this.chain.off('transaction', this.onTransaction);
    this.chain.off('slot', this.onSlot);
    for (const conn of this.conns) conn.ws.close(1001, 'server shutting down');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        for (const conn of this.conns) conn.ws.terminate();
        resolve(undefined);
      }, 1000);
      timer.unref();
      this.wss.close(() => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
  }
}

/** An account notification's value; base58 of a large account falls back to base64. */
function encodeAccountSafe(acc, encoding) {
  try {
    return encodeAccount(acc, encoding);
  } catch {
    return encodeAccount(acc, { encoding: 'base64', slice: undefined });
  }
}
