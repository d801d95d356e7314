/**
 * The wallet service: one HTTP server on its own origin serving the frame page, the frame's API
 * (/v1/…), the pages of the login flows, and in dev mode the dev mailbox. State lives in the database
 * only (opened and migrated by samples/shared/db/), so any number of processes can serve the same users from one PostgreSQL.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Accounts } from './accounts';
import { apiRoutes, SERVICE_VERSION, type ApiDeps, type ApiRoute } from './api';
import { appOf, clientIp } from './caller';
import { loadConfig, SOCIAL_PROVIDERS, type WalletServiceConfig, type WalletServiceOptions } from './config';
import { EmailAuth } from './email-auth';
import { HttpError, badRequest, forbidden, notFound } from './errors';
import { BASE_HEADERS, BodyTooLargeError, readBody } from '../../shared/http.mjs';
import { createRouter } from '../../shared/router.mjs';
import { FarcasterAuth } from './farcaster';
import { buildFrameAssets } from './frame-assets';
import { hit, sweep } from './limits';
import { LongPolls } from './long-polls';
import { Mailer } from './mail';
import { openWalletDb } from './migrations';
import { deviceApprovePage, farcasterPage, homePage, mailboxPage, messagePage, PAGE_CSS, socialResultPage } from './pages';
import { SocialAuth } from './social';
import { Tokens, verifyProof, type SessionClaims } from './tokens';
import { Wallets } from './wallet';

export { SERVICE_VERSION };

const JSON_LIMIT = 64 * 1024;
const FORM_LIMIT = 8 * 1024;
const MAX_LONG_POLLS = 500;

/** The frame page's Content-Security-Policy. frame-ancestors is open: the frame itself refuses parents not on the project's allowlist (see README). */
export const FRAME_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');
/**
 * The wallet window (the approval popup the frame opens): the frame's script rules, and never framed,
 * so no page can draw over it. No Cross-Origin-Opener-Policy: the frame that opened it must keep its
 * handle to talk to it and see it close.
 */
export const WINDOW_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/** The service's own pages: no script at all, never framed. */
export const PAGE_CSP = "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const COMMON_HEADERS = { ...BASE_HEADERS, 'cross-origin-resource-policy': 'same-origin' };

export interface RunningWalletService {
  readonly url: string;
  readonly port: number;
  /** The local OpenID provider's issuer (dev mode), else null. */
  readonly oidcIssuer: string | null;
  readonly frameUrl: string;
  readonly database: 'pglite' | 'postgres';
  readonly frameJsBytes: number;
  readonly frameJsGzipBytes: number;
  readonly config: WalletServiceConfig;
  stop(): Promise<void>;
}

export interface StartOptions extends WalletServiceOptions {
  /** The samples/wallet-service folder (where frame/ is). */
  readonly rootDir: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Receives log lines instead of the console. */
  readonly logger?: (line: string) => void;
}

// ---- HTTP helpers ---------------------------------------------------------------------------------

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  const buf = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { ...COMMON_HEADERS, 'content-type': type, 'content-length': String(buf.length), ...headers });
  res.end(res.req.method === 'HEAD' ? undefined : buf);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));
}

function sendPage(res: ServerResponse, status: number, html: string): void {
  send(res, status, 'text/html; charset=utf-8', html, { 'content-security-policy': PAGE_CSP, 'x-frame-options': 'DENY' });
}

function wantsHtml(req: IncomingMessage): boolean {
  const accept = String(req.headers.accept ?? '');
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}

// ---- the service ----------------------------------------------------------------------------------

export async function startWalletService(options: StartOptions): Promise<RunningWalletService> {
  const { rootDir, env = process.env, logger, ...overrides } = options;
  const config = loadConfig(env, overrides);
  const log = (line: string) => {
    if (!config.log) return;
    if (logger) logger(line);
    else console.log(`[wallet-service] ${line}`);
  };
  for (const w of config.warnings) log(`warning: ${w}`);

  const [{ db }, assets] = await Promise.all([openWalletDb(config.database), buildFrameAssets(join(rootDir, 'frame'), SERVICE_VERSION)]);
  const tokens = new Tokens(db, config.sessionSecret, config.sessionTtlSeconds, config.sessionMaxAgeSeconds);
  const wallets = new Wallets(db, config.keks, config.chains);
  await wallets.warmUp();
  wallets.onKeyError = (m) => log(`error: ${m}`);
  const accounts = new Accounts(db, config, tokens, wallets);
  const mailer = new Mailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, devMailbox: config.devMailbox });
  const emailAuth = new EmailAuth(db, config, accounts, mailer);
  const social = new SocialAuth(db, config, accounts);
  const farcaster = new FarcasterAuth(db, config, accounts);
  const longPolls = new LongPolls({ total: MAX_LONG_POLLS, perClient: config.longPollsPerIp });

  const app = new App({ config, db, assets, tokens, wallets, accounts, mailer, emailAuth, social, farcaster, log, longPolls });

  const server: Server = createServer((req, res) => void app.handle(req, res));
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`wallet service: port ${config.port} on ${config.host} is already in use. Stop what uses it or set WALLET_PORT.`) : err),
    );
    server.listen(config.port, config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  if (!config.publicUrlFixed) config.publicUrl = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;

  let oidc: { issuer: string; stop(): Promise<void> } | undefined;
  const stopAll = async () => {
    clearInterval(sweeper);
    longPolls.abortAll();
    await new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
    await oidc?.stop().catch(() => undefined);
    mailer.close();
    await db.close();
  };
  const sweeper = setInterval(() => void sweep(db).catch((err) => log(`sweep failed: ${(err as Error).message}`)), 60_000);
  sweeper.unref();

  try {
    if (config.devOidcPort !== null) {
      const { startDevOidc } = await import('./dev-oidc');
      // on loopback whatever the service's host: its login page takes any name (security review M5)
      oidc = await startDevOidc({ port: config.devOidcPort, host: '127.0.0.1', redirectUri: `${config.publicUrl}/oauth/callback` });
      config.social = Object.fromEntries(
        SOCIAL_PROVIDERS.map((p) => [p, { clientId: `dev-${p}`, clientSecret: `dev-${p}-secret`, issuer: oidc!.issuer }]),
      );
      log(`local OpenID provider (dev stand-in for ${SOCIAL_PROVIDERS.join(', ')}): ${oidc.issuer}`);
    }
  } catch (err) {
    await stopAll();
    throw err;
  }

  log(
    `listening on ${config.publicUrl} (${db.kind}${config.database.kind === 'pglite' ? `: ${config.database.dir ?? 'in memory'}` : ''}; ` +
      `${config.projects.length} project(s), ${config.chains.length} chain(s); frame JS ${(assets.jsGzipBytes / 1024).toFixed(1)} KiB gzip, wallet window ${(assets.windowJsGzipBytes / 1024).toFixed(1)} KiB` +
      `${config.devMailbox ? `; dev mailbox ${config.publicUrl}/dev/mailbox` : ''})`,
  );

  return {
    url: config.publicUrl,
    port,
    oidcIssuer: oidc?.issuer ?? null,
    frameUrl: `${config.publicUrl}/frame`,
    database: db.kind,
    frameJsBytes: assets.jsBytes,
    frameJsGzipBytes: assets.jsGzipBytes,
    config,
    stop: stopAll,
  };
}

/** A page or form of the service's own (not /v1/): the router's table (samples/shared/router.mjs). */
interface PageRoute {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly handle: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void;
}

class App {
  private readonly api: ReturnType<typeof createRouter<{ method: 'POST'; path: string; api: ApiRoute }>>;
  private readonly pages: ReturnType<typeof createRouter<PageRoute>>;

  constructor(private readonly d: ApiDeps) {
    this.api = createRouter(Object.entries(apiRoutes(d)).map(([path, api]) => ({ method: 'POST' as const, path, api })));
    this.pages = createRouter(this.pageRoutes());
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = url.pathname;
      if (path.startsWith('/v1/')) return await this.handleApi(req, res, path);
      const found = this.pages.match(req.method ?? '', path);
      if (found.route) return await found.route.handle(req, res, url);
      // a miss: every path answers GET (the 404 page at least), so another method is refused with 405
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', ...COMMON_HEADERS }).end();
        return;
      }
      this.notFoundPage(res, path);
    } catch (err) {
      this.fail(res, err);
    }
  }

  private notFoundPage(res: ServerResponse, path: string): void {
    sendPage(res, 404, messagePage('Not found', `Nothing at ${path.slice(0, 200)}`));
  }

  private fail(res: ServerResponse, err: unknown): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof HttpError) {
      sendJson(res, err.status, { error: { code: err.code, message: err.message, ...err.extra } });
      return;
    }
    if (err instanceof BodyTooLargeError) {
      // the rest of the body is not read: the connection closes after the answer
      for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
      sendJson(res, err.status, { error: { code: 'too_large', message: err.message } });
      return;
    }
    const e = err as Error;
    this.d.log(`error: ${e.name}: ${e.message}`);
    sendJson(res, 500, { error: { code: 'internal', message: 'Internal error in the wallet service' } });
  }

  private async handleApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const { config, db, tokens } = this.d;
    if (req.method === 'OPTIONS') throw forbidden('Cross-origin requests are refused', 'cross_origin');
    if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST');
    const route = this.api.match('POST', path).route?.api;
    if (!route) throw notFound('No such API');
    // Only the frame (same origin) may call the API from a browser.
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== config.publicUrl) throw forbidden('Cross-origin requests are refused', 'cross_origin');
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') throw forbidden('Cross-origin requests are refused', 'cross_origin');
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
      throw new HttpError(415, 'unsupported_media_type', 'Send JSON (content-type: application/json)');
    }
    const ip = clientIp(req, config.trustProxy);
    const perIp = await hit(db, `api-ip:${ip}`, config.rateApiPerIpPerMinute, 60);
    if (!perIp.allowed) throw new HttpError(429, 'rate_limited', 'Too many requests: slow down', { retryAfterSeconds: Math.ceil(perIp.retryAfterSeconds) });
    const raw = await readBody(req, route.limit ?? JSON_LIMIT);
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest('The body is not valid JSON', 'invalid_json');
    }
    const auth = req.headers.authorization;
    const token = typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
    if (token !== undefined && token.length > 8192) throw badRequest('Token too long');
    const proof = req.headers.dpop;
    const { jkt } = await verifyProof(db, typeof proof === 'string' ? proof : undefined, {
      method: 'POST',
      url: `${config.publicUrl}${path}`,
      body: raw,
      token,
    });
    const app = appOf(req);
    let session: SessionClaims | undefined;
    if (route.session === 'required') {
      if (!token) throw new HttpError(401, 'session_missing', 'Not logged in');
      session = await tokens.verify(token, jkt, app);
    } else if (route.session === 'optional' && token) {
      session = await tokens.verify(token, jkt, app).catch(() => undefined);
    }
    const ua = req.headers['user-agent'];
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    const result = await route.handler({ req, signal: gone.signal, ip, jkt, session, body, userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null });
    if (!res.destroyed) sendJson(res, 200, result);
  }

  /** The pages (GET, also HEAD) and the forms they post (POST), in the order they are looked up. */
  private pageRoutes(): PageRoute[] {
    const { assets, config, emailAuth, farcaster, mailer, social, db } = this.d;
    const get = (path: string, handle: PageRoute['handle']): PageRoute => ({ method: 'GET', path, handle });
    const post = (path: string, handle: (form: URLSearchParams, res: ServerResponse) => Promise<void>): PageRoute => ({
      method: 'POST',
      path,
      handle: async (req, res) => {
        const origin = req.headers.origin;
        // forms of our own pages (and Apple's form_post to the callback, which comes from Apple's origin)
        if (path !== '/oauth/callback' && origin !== undefined && origin !== 'null' && origin !== config.publicUrl) {
          return sendPage(res, 403, messagePage('Refused', 'This form can only be sent from its own page.'));
        }
        await handle(new URLSearchParams((await readBody(req, FORM_LIMIT)).toString('utf8')), res);
      },
    });
    // embeddable by any page (the frame checks the parent itself), also by pages with COEP
    const frame: PageRoute['handle'] = (_req, res) =>
      send(res, 200, 'text/html; charset=utf-8', assets.html(), { 'content-security-policy': FRAME_CSP, 'cross-origin-resource-policy': 'cross-origin' });
    return [
      get('/frame', frame),
      get('/frame/', frame),
      get('/approval', (_req, res) => send(res, 200, 'text/html; charset=utf-8', assets.windowHtml(), { 'content-security-policy': WINDOW_CSP, 'x-frame-options': 'DENY' })),
      ...[...assets.files].map(([path, asset]) =>
        get(path, (_req, res) => send(res, 200, asset.type, asset.body, { 'cache-control': 'public, max-age=31536000, immutable' })),
      ),
      get('/', (_req, res) => sendPage(res, 200, homePage(SERVICE_VERSION))),
      get('/health', async (_req, res) => {
        await db.query('SELECT 1');
        sendJson(res, 200, { ok: true, version: SERVICE_VERSION, database: db.kind });
      }),
      get('/assets/page.css', (_req, res) => send(res, 200, 'text/css; charset=utf-8', PAGE_CSS, { 'cache-control': 'public, max-age=3600' })),
      get('/favicon.ico', (_req, res) => void res.writeHead(204, COMMON_HEADERS).end()),
      get('/device/approve', async (_req, res, url) => {
        const token = url.searchParams.get('token') ?? '';
        const r = await emailAuth.deviceRequest(token);
        if (!r) return sendPage(res, 404, messagePage('Link expired', 'This approval link is no longer valid. Start the login again in the app.'));
        return sendPage(res, 200, deviceApprovePage({ token, ...r }));
      }),
      post('/device/approve', async (form, res) => {
        const ok = await emailAuth.approveDevice(form.get('token') ?? '');
        return sendPage(
          res,
          ok ? 200 : 400,
          ok
            ? messagePage('Device approved', 'This device is approved. Go back to the app and enter the code we sent you.')
            : messagePage('Link expired', 'This approval link is no longer valid. Start the login again in the app.'),
        );
      }),
      get('/farcaster/connect', async (_req, res, url) => {
        if (!farcaster.enabled) return this.notFoundPage(res, url.pathname);
        const channel = url.searchParams.get('channel') ?? '';
        const ch = await farcaster.channel(channel);
        if (!ch || ch.status !== 'pending') return sendPage(res, 404, messagePage('Request expired', 'This sign-in request is no longer valid. Start again in the app.'));
        return sendPage(res, 200, farcasterPage({ channel, origin: ch.origin }));
      }),
      post('/farcaster/connect', async (form, res) => {
        if (!farcaster.enabled) throw notFound();
        const ok = await farcaster.approve(form.get('channel') ?? '', (form.get('username') ?? '').trim().toLowerCase());
        return sendPage(
          res,
          ok ? 200 : 400,
          ok ? messagePage('Signed in', 'You are signed in. Go back to the app.') : messagePage('Not signed in', 'This request expired or the name is not valid (lowercase letters, digits and hyphens).'),
        );
      }),
      get('/oauth/callback', (_req, res, url) =>
        this.oauthCallback(
          res,
          { state: url.searchParams.get('state') ?? undefined, code: url.searchParams.get('code') ?? undefined, error: url.searchParams.get('error') ?? undefined },
          social,
        ),
      ),
      post('/oauth/callback', (form, res) =>
        this.oauthCallback(res, { state: form.get('state') ?? undefined, code: form.get('code') ?? undefined, error: form.get('error') ?? undefined }, social),
      ),
      get('/oauth/result', (_req, res, url) => sendPage(res, 200, socialResultPage(url.searchParams.get('error')))),
      get('/dev/mailbox', async (req, res, url) => {
        if (!config.devMailbox) return this.notFoundPage(res, url.pathname);
        const to = url.searchParams.get('to') ?? undefined;
        const entries = await mailer.mailbox(to?.toLowerCase(), Math.min(500, Number(url.searchParams.get('limit') ?? 100) || 100));
        if (wantsHtml(req)) return sendPage(res, 200, mailboxPage(entries));
        return sendJson(res, 200, entries);
      }),
    ];
  }

  private async oauthCallback(res: ServerResponse, q: { state?: string; code?: string; error?: string }, social: SocialAuth): Promise<void> {
    try {
      const location = await social.callback(q);
      res.writeHead(303, { ...COMMON_HEADERS, location, 'cache-control': 'no-store' }).end();
    } catch (err) {
      if (err instanceof HttpError) return sendPage(res, err.status, messagePage('Login failed', err.message));
      throw err;
    }
  }
}

