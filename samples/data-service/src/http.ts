/**
 * The HTTP layer: routing, CORS, projectId checks, bounded bodies, timeouts, error shape.
 * API areas (one file each under api/) contribute routes; nothing else touches node:http.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { clientAddressKey } from '../../shared/clientAddress.mjs';
import type { DataServiceConfig } from './config';
import { ApiError, errorBody } from './errors';
import { parseProjectId, parseSdkParam } from './validation';
import { BASE_HEADERS, BodyTooLargeError, readBody } from '../../shared/http.mjs';
import { createRouter } from '../../shared/router.mjs';

export interface Reply {
  readonly status?: number;
  /** serialised as JSON */
  readonly json?: unknown;
  /** a raw body (images) */
  readonly body?: string | Buffer;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface RequestContext {
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage['headers'];
  /** the key per-client limits count by: the socket's address (proxies are not trusted), an IPv6 one by its /64 */
  readonly ip: string;
  /** the validated projectId (routes with auth 'project') */
  readonly projectId: string | undefined;
  readonly signal: AbortSignal;
  /** the parsed JSON body (POST routes) */
  readonly body: unknown;
}

export interface Route {
  readonly method: 'GET' | 'POST';
  /** e.g. /v1/account/:address/balance */
  readonly path: string;
  /**
   * 'project': needs a projectId on the allowlist (query, or JSON body for POST); st/sv validated.
   * 'public': no projectId (images and metadata that wallets and <img> fetch).
   */
  readonly auth: 'project' | 'public';
  /**
   * Which per-client limit a request counts against: GETs `limits.getsPerMinute`, POSTs
   * `limits.postsPerMinute`; a POST whose caller `authenticated` recognises (the on-ramp provider's
   * webhook, by its shared secret) `limits.webhooksPerMinute` instead, so that a provider's reports never
   * share the anonymous bucket. An unrecognised caller stays in the anonymous one.
   */
  readonly authenticated?: (headers: IncomingMessage['headers']) => boolean;
  readonly handler: (ctx: RequestContext) => Promise<Reply>;
}

/** A GET route that needs a project id (the API's usual kind): `projectGet('/v1/account/:address/nfts', async (ctx) => …)`. */
export function projectGet(path: string, handler: Route['handler']): Route {
  return { method: 'GET', path, auth: 'project', handler };
}

/** A fixed-window counter per client address, bounded in size. */
export class RateLimiter {
  private window = 0;
  private counts = new Map<string, number>();
  constructor(
    private readonly perMinute: number,
    private readonly maxClients = 10_000,
  ) {}

  /** True when the request is allowed. */
  take(key: string, now = Date.now()): boolean {
    const w = Math.floor(now / 60_000);
    if (w !== this.window) {
      this.window = w;
      this.counts.clear();
    }
    const n = this.counts.get(key) ?? 0;
    if (n >= this.perMinute) return false;
    if (n === 0 && this.counts.size >= this.maxClients) return false; // a flood of addresses: refuse new ones until the window rolls
    this.counts.set(key, n + 1);
    return true;
  }
}

const SECURITY_HEADERS = BASE_HEADERS;

export interface HttpServerOptions {
  readonly config: DataServiceConfig;
  /** Read at each request (the service builds its routes once it knows its port). */
  readonly routes: () => readonly Route[];
}

export function createHttpServer(options: HttpServerOptions): Server {
  const { config } = options;
  let source: readonly Route[] | undefined;
  let router = createRouter<Route>([]);
  const currentRouter = () => {
    const r = options.routes();
    if (r !== source) {
      source = r;
      router = createRouter(r);
    }
    return router;
  };
  const limiters = {
    get: new RateLimiter(config.limits.getsPerMinute),
    post: new RateLimiter(config.limits.postsPerMinute),
    webhook: new RateLimiter(config.limits.webhooksPerMinute),
  };
  const allowOrigin = (origin: string | undefined): string | undefined => {
    if (!origin) return undefined;
    if (config.corsOrigins === '*') return '*';
    return config.corsOrigins.has(origin) ? origin : undefined;
  };

  const send = (res: ServerResponse, status: number, reply: Reply, extra: Record<string, string>) => {
    if (res.headersSent) return;
    const isJson = reply.body === undefined;
    const body = isJson ? Buffer.from(JSON.stringify(reply.json ?? null)) : Buffer.isBuffer(reply.body) ? reply.body : Buffer.from(reply.body!);
    res.writeHead(status, {
      ...SECURITY_HEADERS,
      'content-type': reply.contentType ?? 'application/json; charset=utf-8',
      'content-length': String(body.length),
      ...extra,
      ...(reply.headers ?? {}),
    });
    res.end(body);
  };
  const fail = (res: ServerResponse, err: ApiError, extra: Record<string, string>) =>
    send(res, err.status, { json: err.body(), headers: err.headers }, extra);

  const server = createServer(async (req, res) => {
    const cors: Record<string, string> = {};
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const allowed = allowOrigin(origin);
    if (allowed) {
      cors['access-control-allow-origin'] = allowed;
      if (allowed !== '*') cors.vary = 'Origin';
    }
    try {
      const rawUrl = req.url ?? '/';
      if (rawUrl.length > config.limits.maxUrlLength) throw new ApiError(414, 'url', `URL longer than ${config.limits.maxUrlLength} characters`);
      let url: URL;
      try {
        url = new URL(rawUrl, 'http://data-service.local');
      } catch {
        throw new ApiError(400, 'url', 'Malformed URL');
      }
      const method = req.method ?? 'GET';
      if (method === 'OPTIONS') {
        if (origin && !allowed) throw new ApiError(403, 'origin', 'Origin not allowed');
        res.writeHead(204, {
          ...cors,
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers': 'content-type, authorization, x-sdk-type, x-sdk-version',
          'access-control-max-age': '600',
          'content-length': '0',
        });
        res.end();
        return;
      }
      // empty segments are ignored (`//v1/x/` is `/v1/x`); the parameters are percent-decoded (shared/router.mjs)
      const found = currentRouter().match(method, `/${url.pathname.split('/').filter(Boolean).join('/')}`);
      if (!found.route) {
        if (found.status === 400) throw new ApiError(400, 'url', 'Malformed URL encoding');
        if (found.status === 405) throw new ApiError(405, 'method', `Method ${method} not allowed`, { allow: found.allow.join(', ') });
        throw new ApiError(404, 'path', 'Not found');
      }
      const route = found.route;
      const ip = clientAddressKey(req.socket.remoteAddress);
      // every request counts, before any work (GETs make node calls) (security review L9)
      const bucket = route.method === 'GET' ? limiters.get : route.authenticated?.(req.headers) ? limiters.webhook : limiters.post;
      if (!bucket.take(ip)) throw new ApiError(429, 'rate_limit', 'Too many requests; try again in a minute', { 'retry-after': '60' });
      let body: unknown;
      if (route.method === 'POST') body = await readJson(req, config.limits.maxBodyBytes);
      let projectId: string | undefined;
      if (route.auth === 'project') {
        const fromBody = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).projectId : undefined;
        projectId = parseProjectId(url.searchParams.get('projectId') ?? fromBody);
        parseSdkParam(url.searchParams.get('st') ?? undefined, 'st');
        parseSdkParam(url.searchParams.get('sv') ?? undefined, 'sv');
        if (config.projectIds && !config.projectIds.has(projectId)) throw new ApiError(401, 'projectId', 'Invalid projectId');
      }
      const abort = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          abort.abort();
          reject(new ApiError(503, 'timeout', 'The request took too long; try again'));
        }, config.limits.requestTimeoutMs);
      });
      let reply: Reply;
      try {
        reply = await Promise.race([
          route.handler({ method, path: url.pathname, params: found.params, query: url.searchParams, headers: req.headers, ip, projectId, signal: abort.signal, body }),
          timedOut,
        ]);
      } finally {
        clearTimeout(timer);
      }
      const status = reply.status ?? 200;
      if (method === 'HEAD') {
        res.writeHead(status, { ...SECURITY_HEADERS, ...cors, 'content-type': reply.contentType ?? 'application/json; charset=utf-8' });
        res.end();
        return;
      }
      send(res, status, reply, cors);
    } catch (err) {
      if (err instanceof ApiError) {
        fail(res, err, cors);
      } else {
        // unexpected: log the message (never request bodies or headers), answer a generic 500
        config.log(`error on ${req.method} ${(req.url ?? '').split('?')[0]}: ${(err as Error)?.stack ?? err}`);
        send(res, 500, { json: errorBody('', 'Internal server error') }, cors);
      }
    }
  });
  server.requestTimeout = config.limits.requestTimeoutMs + 5_000;
  server.headersTimeout = 10_000;
  server.keepAliveTimeout = 5_000;
  server.maxHeadersCount = 100;
  return server;
}

/** Reads a JSON body of at most `max` bytes (415 for another content type, 413 when larger). */
export async function readJson(req: IncomingMessage, max: number): Promise<unknown> {
  const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new ApiError(415, 'content-type', 'Expected Content-Type: application/json');
  const text = (
    await readBody(req, max).catch((err: unknown) => {
      throw err instanceof BodyTooLargeError ? new ApiError(413, 'body', `Body larger than ${max} bytes`, err.headers) : err;
    })
  ).toString('utf8');
  if (text.trim() === '') throw new ApiError(400, 'body', 'Expected a JSON body');
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'body', 'Malformed JSON body');
  }
}
