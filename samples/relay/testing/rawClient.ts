/**
 * Test support: a bare relay client on `ws`, speaking the relay's JSON-RPC by hand.
 * It connects like WalletConnect does (`/?auth=<JWT>&projectId=…`) with an unsigned JWT whose
 * `iss` is the given identity, records every `irn_subscription` it receives and (unless told not
 * to) answers them with `true`.
 */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

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
  /** The JWT `iss` claim; a random did:key-like string by default. */
  readonly identity?: string;
  /** Answer deliveries with `true` (default true). */
  readonly ack?: boolean;
  /** Connect without any `auth` parameter. */
  readonly anonymous?: boolean;
}

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

export function fakeJwt(iss: string): string {
  const header = b64url({ alg: 'EdDSA', typ: 'JWT' });
  const now = Math.floor(Date.now() / 1000);
  const payload = b64url({ iss, sub: randomBytes(32).toString('hex'), aud: 'ws://relay', iat: now, exp: now + 86400 });
  return `${header}.${payload}.${randomBytes(64).toString('base64url')}`;
}

export function randomTopic(): string {
  return randomBytes(32).toString('hex');
}

export class RawClient {
  readonly identity: string;
  readonly deliveries: Delivery[] = [];
  readonly errorsWithoutId: RpcResponse[] = [];
  pings = 0;
  private nextId = 1;
  private readonly pending = new Map<number | string, (r: RpcResponse) => void>();
  private waiters: Array<() => void> = [];

  private constructor(
    readonly ws: WebSocket,
    identity: string,
    private readonly ack: boolean,
  ) {
    this.identity = identity;
    ws.on('ping', () => this.pings++);
    ws.on('message', (data) => this.onMessage(data.toString()));
  }

  static async connect(url: string, options: RawClientOptions = {}): Promise<RawClient> {
    const identity = options.identity ?? `did:key:z6Mk${randomBytes(16).toString('hex')}`;
    const query = options.anonymous ? 'projectId=test' : `auth=${fakeJwt(identity)}&projectId=test&ua=raw-test&useOnCloseEvent=true`;
    const ws = new WebSocket(`${url}/?${query}`);
    await new Promise<void>((res, rej) => {
      ws.once('open', () => res());
      ws.once('error', rej);
    });
    return new RawClient(ws, identity, options.ack ?? true);
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

  messagesOn(topic: string): string[] {
    return this.deliveries.filter((d) => d.topic === topic).map((d) => d.message);
  }

  /** A round trip through the relay: everything it sent this socket before now has arrived. */
  async sync(): Promise<void> {
    await this.send('irn_unsubscribe', { topic: 'sync', id: 'sync' });
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((res) => {
      this.ws.once('close', () => res());
      this.ws.close();
    });
  }
}
