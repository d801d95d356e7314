/**
 * A real JSON-RPC HTTP server on 127.0.0.1 that misbehaves on command, for
 * integration tests of the transports (Node only: imports node:http).
 *
 * Program it in-process (`server.enqueue(...)`, `server.setDefault(...)`) or
 * over HTTP (for a browser or another process):
 *   POST /__control  {"enqueue": [Behaviour...], "default": Behaviour, "reset": true, "results": {method: value}}
 *   GET  /__requests → the requests received so far
 * Every other path answers JSON-RPC (single or batch). Each request consumes
 * the next queued behaviour; when the queue is empty the default one applies.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Behaviour =
  /** Answer normally. */
  | { readonly kind: 'ok' }
  /** Wait `ms`, then behave as `then` (default ok). */
  | { readonly kind: 'delay'; readonly ms: number; readonly then?: Behaviour }
  /** Answer an HTTP status (e.g. 429 with Retry-After, or 503). */
  | { readonly kind: 'status'; readonly status: number; readonly headers?: Readonly<Record<string, string>>; readonly body?: string }
  /** Read the request, then drop the connection without an answer. */
  | { readonly kind: 'destroy' }
  /** Answer every call with this JSON-RPC error (only `method`'s call when set). */
  | { readonly kind: 'rpcError'; readonly code: number; readonly message: string; readonly data?: unknown; readonly method?: string }
  /** Answer a batch in reverse order. */
  | { readonly kind: 'reverseBatch' }
  /** Answer this raw JSON. */
  | { readonly kind: 'json'; readonly body: unknown }
  /** Read the request and never answer (until the client gives up or the server closes). */
  | { readonly kind: 'hang' }
  /**
   * Stream a body of about `bytes` bytes (a JSON-RPC answer whose result is a long
   * string), generated chunk by chunk so the server itself stays small. `status`
   * defaults to 200; `declareLength` sends Content-Length (default: chunked).
   */
  | { readonly kind: 'big'; readonly bytes: number; readonly status?: number; readonly declareLength?: boolean }
  /** Answer normally, then break the JSON-RPC envelope as `how` says (single calls and batches). */
  | { readonly kind: 'tamper'; readonly how: Tamper };

/**
 * Ways to break a JSON-RPC answer:
 * - wrongId: the id is the request's id + 1000 (every item of a batch);
 * - noId: no id member; nullId: id null with a result;
 * - noVersion: no "jsonrpc"; oldVersion: "jsonrpc": "1.0";
 * - resultAndError: both members; neither: none of them;
 * - notObject: a bare string instead of the answer object (a batch: an object instead of an array);
 * - duplicate: a batch answers its first id twice (in place of the last one);
 * - unknownId: a batch gets one extra answer with an id nobody sent;
 * - dropOne: a batch leaves its last id unanswered.
 */
type Tamper =
  | 'wrongId'
  | 'noId'
  | 'nullId'
  | 'noVersion'
  | 'oldVersion'
  | 'resultAndError'
  | 'neither'
  | 'notObject'
  | 'duplicate'
  | 'unknownId'
  | 'dropOne';

interface ReceivedRequest {
  /** Date.now() when the body was fully read. */
  readonly at: number;
  readonly path: string;
  readonly body: unknown;
  /** JSON-RPC methods in the body, in order. */
  readonly methods: readonly string[];
  readonly batch: boolean;
}

export interface MisbehavingServer {
  readonly url: string;
  readonly port: number;
  readonly requests: ReceivedRequest[];
  enqueue(...behaviours: Behaviour[]): void;
  setDefault(behaviour: Behaviour): void;
  /** Fixed results per method (otherwise see {@link defaultResult}). */
  setResult(method: string, result: unknown): void;
  /** Clears the queue, the default, results and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

/** What the server answers when no result was set: recognisable per method. */
function defaultResult(method: string, params: unknown): unknown {
  switch (method) {
    case 'eth_blockNumber':
      return '0x10';
    case 'eth_chainId':
      return '0x1';
    case 'eth_sendRawTransaction':
    case 'eth_sendTransaction':
      return `0x${'ab'.repeat(32)}`;
    default:
      return { method, params };
  }
}

interface Call {
  readonly jsonrpc?: string;
  readonly id?: unknown;
  readonly method?: string;
  readonly params?: unknown;
}

export async function startMisbehavingServer(): Promise<MisbehavingServer> {
  let queue: Behaviour[] = [];
  let fallbackBehaviour: Behaviour = { kind: 'ok' };
  let results = new Map<string, unknown>();
  const requests: ReceivedRequest[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const hung = new Set<ServerResponse>();

  const readBody = (req: IncomingMessage): Promise<string> =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void => {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', ...headers });
    res.end(body);
  };

  const answerOne = (call: Call, b: Behaviour): unknown => {
    if (b.kind === 'rpcError' && (b.method === undefined || b.method === call.method)) {
      return { jsonrpc: '2.0', id: call.id ?? null, error: { code: b.code, message: b.message, ...(b.data === undefined ? {} : { data: b.data }) } };
    }
    const method = call.method ?? '';
    const result = results.has(method) ? results.get(method) : defaultResult(method, call.params);
    return { jsonrpc: '2.0', id: call.id ?? null, result };
  };

  const tamperOne = (answer: Record<string, unknown>, how: Tamper): unknown => {
    const a = { ...answer };
    switch (how) {
      case 'wrongId':
        a.id = typeof a.id === 'number' ? a.id + 1000 : 1000;
        return a;
      case 'noId':
        delete a.id;
        return a;
      case 'nullId':
        a.id = null;
        return a;
      case 'noVersion':
        delete a.jsonrpc;
        return a;
      case 'oldVersion':
        a.jsonrpc = '1.0';
        return a;
      case 'resultAndError':
        return { ...a, result: a.result ?? null, error: { code: -32000, message: 'both' } };
      case 'neither':
        delete a.result;
        delete a.error;
        return a;
      case 'notObject':
        return 'not an answer';
      default:
        return a;
    }
  };

  const tamper = (answers: unknown, how: Tamper): unknown => {
    if (!Array.isArray(answers)) return tamperOne(answers as Record<string, unknown>, how);
    const list = answers as Record<string, unknown>[];
    switch (how) {
      case 'notObject':
        return list[0] ?? {};
      case 'duplicate':
        return list.length > 1 ? [...list.slice(0, -1), list[0]] : [list[0], list[0]];
      case 'unknownId':
        return [...list, { jsonrpc: '2.0', id: 987_654, result: 'unasked' }];
      case 'dropOne':
        return list.slice(0, -1);
      default:
        return list.map((x) => tamperOne(x, how));
    }
  };

  /** Streams `bytes` bytes of JSON in 64 KiB chunks, waiting for the socket to drain. */
  const sendBig = (res: ServerResponse, call: Call, b: Extract<Behaviour, { kind: 'big' }>): void => {
    const head = `{"jsonrpc":"2.0","id":${JSON.stringify(call.id ?? null)},"result":"`;
    const tail = '"}';
    const fill = Math.max(0, b.bytes - head.length - tail.length);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
    if (b.declareLength) headers['content-length'] = String(head.length + fill + tail.length);
    res.writeHead(b.status ?? 200, headers);
    res.write(head);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let left = fill;
    const pump = (): void => {
      while (left > 0 && !res.destroyed) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end(tail);
    };
    res.on('close', () => {
      left = 0;
    });
    pump();
  };

  const act = (req: IncomingMessage, res: ServerResponse, body: unknown, b: Behaviour): void => {
    switch (b.kind) {
      case 'delay': {
        const t = setTimeout(() => {
          timers.delete(t);
          act(req, res, body, b.then ?? { kind: 'ok' });
        }, b.ms);
        timers.add(t);
        return;
      }
      case 'status':
        send(res, b.status, b.body ?? JSON.stringify({ error: `status ${b.status}` }), { ...b.headers });
        return;
      case 'destroy':
        req.socket.destroy();
        return;
      case 'json':
        send(res, 200, JSON.stringify(b.body));
        return;
      case 'hang':
        hung.add(res);
        res.on('close', () => hung.delete(res));
        return;
      case 'big':
        sendBig(res, ((Array.isArray(body) ? body[0] : body) ?? {}) as Call, b);
        return;
      case 'tamper': {
        const answers = Array.isArray(body) ? (body as Call[]).map((c) => answerOne(c, b)) : answerOne((body ?? {}) as Call, b);
        send(res, 200, JSON.stringify(tamper(answers, b.how)));
        return;
      }
      default: {
        if (Array.isArray(body)) {
          const answers = (body as Call[]).map((c) => answerOne(c, b));
          send(res, 200, JSON.stringify(b.kind === 'reverseBatch' ? answers.reverse() : answers));
        } else {
          send(res, 200, JSON.stringify(answerOne((body ?? {}) as Call, b)));
        }
      }
    }
  };

  const control = (body: unknown): void => {
    const c = (body ?? {}) as { enqueue?: Behaviour[]; default?: Behaviour; reset?: boolean; results?: Record<string, unknown> };
    if (c.reset) api.reset();
    if (c.enqueue) api.enqueue(...c.enqueue);
    if (c.default) api.setDefault(c.default);
    if (c.results) for (const [m, r] of Object.entries(c.results)) api.setResult(m, r);
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = req.url ?? '/';
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': '*',
          'access-control-allow-methods': 'GET, POST, OPTIONS',
        });
        res.end();
        return;
      }
      if (path === '/__requests') {
        send(res, 200, JSON.stringify(requests));
        return;
      }
      const text = await readBody(req);
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        send(res, 400, JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
        return;
      }
      if (path === '/__control') {
        control(body);
        send(res, 200, '{"ok":true}');
        return;
      }
      const calls = (Array.isArray(body) ? body : [body]) as Call[];
      requests.push({ at: Date.now(), path, body, methods: calls.map((c) => c?.method ?? ''), batch: Array.isArray(body) });
      act(req, res, body, queue.shift() ?? fallbackBehaviour);
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const api: MisbehavingServer = {
    url: `http://127.0.0.1:${port}/`,
    port,
    requests,
    enqueue: (...b) => {
      queue.push(...b);
    },
    setDefault: (b) => {
      fallbackBehaviour = b;
    },
    setResult: (m, r) => {
      results.set(m, r);
    },
    reset: () => {
      queue = [];
      fallbackBehaviour = { kind: 'ok' };
      results = new Map();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        for (const r of hung) r.destroy();
        hung.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return api;
}

/** A loopback URL nobody listens on (connections are refused). */
export async function refusedUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}/`;
}
