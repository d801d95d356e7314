/**
 * Test support: a bare relay client on `ws`, speaking the relay's JSON-RPC by hand.
 * It connects like WalletConnect does (`/?auth=<JWT>&projectId=…`) with a token signed by its own
 * Ed25519 key (whose did:key is its identity), records every `irn_subscription` it receives and
 * (unless told not to) answers them with `true`.
 */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { createClientKey, signToken, type ClientKey } from './relayJwt';

export interface Delivery {
  readonly rpcId: number;
  readonly subscriptionId: string;
  readonly topic: string;
  readonly message: string;
  readonly publishedAt: number;
  readonly tag: number;
}

export interface RpcResponse {
  readonly id: number | string | null;
  readonly result?: any;
  readonly error?: { code: number; message: string };
}

export interface RawClientOptions {
  /** The client's key (its did:key is the identity); a new one by default. Pass another client's `key` to reconnect as it. */
  readonly key?: ClientKey;
  /** Connect with this `auth` value instead of a token signed by `key` (forged and broken tokens). */
  readonly jwt?: string;
  /** Answer deliveries with `true` (default true). */
  readonly ack?: boolean;
  /** Connect without any `auth` parameter. */
  readonly anonymous?: boolean;
  /** Source address (any 127.x.y.z on Linux): the relay sees another client address. */
  readonly localAddress?: string;
  /** Extra upgrade request headers (X-Forwarded-For for a relay with trustProxy). */
  readonly headers?: Record<string, string>;
  /** Give up (reject) when the connection is not open within this many ms (default: no limit). */
  readonly timeoutMs?: number;
}

/** A relay refused the WebSocket upgrade with this HTTP status. */
export class UpgradeRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`upgrade refused: HTTP ${status} ${body.trim()}`);
  }
}

export function randomTopic(): string {
  return randomBytes(32).toString('hex');
}

export class RawClient {
  /** The did:key the relay knows this client by (an anonymous socket gets a random identity instead). */
  readonly identity: string;
  readonly deliveries: Delivery[] = [];
  readonly errorsWithoutId: RpcResponse[] = [];
  pings = 0;
  private nextId = 1;
  private readonly pending = new Map<number | string, (r: RpcResponse) => void>();
  private waiters: Array<() => void> = [];

  private constructor(
    readonly ws: WebSocket,
    readonly key: ClientKey,
    private readonly ack: boolean,
  ) {
    this.identity = key.did;
    ws.on('ping', () => this.pings++);
    ws.on('message', (data) => this.onMessage(data.toString()));
  }

  /** Connects; rejects with UpgradeRefused when the relay answers the upgrade with an HTTP error. */
  static async connect(url: string, options: RawClientOptions = {}): Promise<RawClient> {
    const key = options.key ?? createClientKey();
    const auth = options.jwt ?? signToken(key, { aud: url });
    const query = options.anonymous ? 'projectId=test' : `auth=${encodeURIComponent(auth)}&projectId=test&ua=raw-test&useOnCloseEvent=true`;
    const ws = new WebSocket(`${url}/?${query}`, { localAddress: options.localAddress, headers: options.headers, handshakeTimeout: options.timeoutMs });
    await new Promise<void>((res, rej) => {
      ws.once('open', () => res());
      ws.once('unexpected-response', (_req, response) => {
        let body = '';
        const refused = () => {
          rej(new UpgradeRefused(response.statusCode ?? 0, body));
          ws.terminate();
        };
        response.on('data', (d: Buffer) => (body += d.toString()));
        response.once('end', refused);
        response.once('error', refused);
      });
      ws.on('error', rej); // the first settles; later ones (after a refusal) are expected
    });
    return new RawClient(ws, key, options.ack ?? true);
  }

  private onMessage(text: string) {
    const frame = JSON.parse(text);
    if (frame.method === 'irn_subscription') {
      const { id, data } = frame.params;
      this.deliveries.push({ rpcId: frame.id, subscriptionId: id, ...data });
      if (this.ack) this.ws.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }));
    } else if (frame.id !== undefined && frame.id !== null && this.pending.has(frame.id)) {
      const resolve = this.pending.get(frame.id)!;
      this.pending.delete(frame.id);
      resolve(frame);
    } else {
      this.errorsWithoutId.push(frame);
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Sends a request and resolves with the whole response frame (result or error). */
  send(method: string, params?: unknown): Promise<RpcResponse> {
    const id = this.nextId++;
    return new Promise((res) => {
      this.pending.set(id, res);
      this.ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }));
    });
  }

  /** Sends a request and resolves with its result; rejects on a JSON-RPC error. */
  async call<T = any>(method: string, params?: unknown): Promise<T> {
    const r = await this.send(method, params);
    if (r.error) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
    return r.result as T;
  }

  sendText(text: string) {
    this.ws.send(text);
  }

  /** Resolves once `predicate` holds (checked after every incoming frame); rejects after `timeoutMs`. */
  async waitFor(predicate: () => boolean, timeoutMs = 2000, what = 'condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((res) => {
        const t = setTimeout(res, left);
        this.waiters.push(() => {
          clearTimeout(t);
          res();
        });
      });
    }
  }

  /** Stops (or resumes) reading: the TCP socket is paused, so kernel buffers fill and no pong is sent. */
  reading(on: boolean): void {
    const socket = (this.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    if (on) socket.resume();
    else socket.pause();
  }

  messagesOn(topic: string): string[] {
    return this.deliveries.filter((d) => d.topic === topic).map((d) => d.message);
  }

  /** A round trip through the relay: everything it sent this socket before now has arrived. */
  async sync(): Promise<void> {
    await this.send('irn_unsubscribe', { topic: randomTopic(), id: 'sync' });
  }

  /** Closes the socket (terminates it when the closing handshake takes over a second, e.g. a paused reader). */
  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((res) => {
      const hard = setTimeout(() => this.ws.terminate(), 1000);
      this.ws.once('close', () => {
        clearTimeout(hard);
        res();
      });
      this.ws.close();
    });
  }
}
