/**
 * The wallet service: one HTTP server on its own origin serving the frame page, the frame's API
 * (/v1/…), the pages of the login flows, and in dev mode the dev mailbox. State lives in the database
 * only (see db.ts), so any number of processes can serve the same users from one PostgreSQL.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import { Accounts } from './accounts';
import { loadConfig, SOCIAL_PROVIDERS, type WalletServiceConfig, type WalletServiceOptions } from './config';
import { openDb, type Db } from './db';
import { EmailAuth } from './email-auth';
import { HttpError, badRequest, forbidden, notFound } from './errors';
import { FarcasterAuth } from './farcaster';
import { buildFrameAssets, type FrameAssets } from './frame-assets';
import { hit, sweep } from './limits';
import { Mailer } from './mail';
import { deviceApprovePage, farcasterPage, homePage, mailboxPage, messagePage, PAGE_CSS, socialResultPage } from './pages';
import { SocialAuth } from './social';
import { Tokens, verifyProof, type SessionClaims } from './tokens';
import { SAFE_FORWARDED, SAFE_LOCAL, SIGNING, Wallets } from './wallet';

export const SERVICE_VERSION = '1.0.0';

const JSON_LIMIT = 64 * 1024;
const SIGN_LIMIT = 512 * 1024;
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

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

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

// ---- request bodies ---------------------------------------------------------------------------------

const flowId = z.string().max(64);
const emailSchema = z.string().max(254).regex(/^(?!\.)(?!.*\.\.)([A-Z0-9_+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i, 'Invalid email');
const projectBody = { projectId: z.string().min(1).max(128), origin: z.string().min(1).max(300) };
const rpcBody = z.object({
  chainId: z.number().int().positive(),
  method: z.string().min(1).max(100),
  params: z.array(z.unknown()).max(16).optional(),
});

const BODIES = {
  init: z.object(projectBody),
  emailStart: z.object({ ...projectBody, email: emailSchema }),
  emailDevice: z.object({ flowId }),
  emailVerify: z.object({ flowId, otp: z.string().max(32) }),
  socialStart: z.object({ ...projectBody, provider: z.string().max(32) }),
  socialFinish: z.object({ code: z.string().max(200) }),
  farcasterStart: z.object(projectBody),
  farcasterFinish: z.object({ channelId: z.string().max(64) }),
  empty: z.object({}),
  emailUpdate: z.object({ email: emailSchema }),
  emailUpdateOtp: z.object({ flowId, otp: z.string().max(32) }),
  rpc: rpcBody,
};

function parseBody<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw badRequest(`${i.path.join('.') || 'body'}: ${i.message}`, 'invalid_request');
  }
  return r.data;
}

/** The body of /v1/wallet/prepare and /v1/wallet/sign: a signing method this wallet implements. */
function signingBody(value: unknown): z.infer<typeof rpcBody> {
  const b = parseBody(BODIES.rpc, value);
  if (!SIGNING.has(b.method)) throw new HttpError(400, 'method_not_allowed', `${b.method} is not supported by this wallet`);
  return b;
}

// ---- HTTP helpers ---------------------------------------------------------------------------------

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  const buf = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { ...COMMON_HEADERS, 'content-type': type, 'content-length': String(buf.length), 'cache-control': 'no-store', ...headers });
  res.end(res.req.method === 'HEAD' ? undefined : buf);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));
}

function sendPage(res: ServerResponse, status: number, html: string): void {
  send(res, status, 'text/html; charset=utf-8', html, { 'content-security-policy': PAGE_CSP, 'x-frame-options': 'DENY' });
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      reject(new HttpError(413, 'too_large', `Request body larger than ${limit} bytes`));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new HttpError(413, 'too_large', `Request body larger than ${limit} bytes`));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function clientIp(req: IncomingMessage, trustProxy: number): string {
  const remote = (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
  if (trustProxy <= 0) return remote;
  const header = req.headers['x-forwarded-for'];
  const list = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((s) => s.trim()).filter(Boolean);
  // the address the nearest trusted proxy saw: `trustProxy` hops from the right, counting the socket
  const chain = [...list, remote];
  return (chain[chain.length - 1 - trustProxy] ?? chain[0] ?? remote).slice(0, 64);
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

  const [db, assets] = await Promise.all([openDb(config.database), buildFrameAssets(join(rootDir, 'frame'), SERVICE_VERSION)]);
  const tokens = new Tokens(db, config.sessionSecret, config.sessionTtlSeconds);
  const wallets = new Wallets(db, config.keks, config.chains);
  await wallets.warmUp();
  wallets.onKeyError = (m) => log(`error: ${m}`);
  const accounts = new Accounts(db, config, tokens, wallets);
  const mailer = new Mailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, devMailbox: config.devMailbox });
  const emailAuth = new EmailAuth(db, config, accounts, mailer);
  const social = new SocialAuth(db, config, accounts);
  const farcaster = new FarcasterAuth(db, config, accounts);
  let longPolls = 0;
  const open = new Set<AbortController>();

  const app = new App({ config, db, assets, tokens, wallets, accounts, mailer, emailAuth, social, farcaster, log, longPoll: {
    enter: () => {
      if (longPolls >= MAX_LONG_POLLS) throw new HttpError(503, 'busy', 'The wallet service is busy: try again');
      longPolls++;
      const ac = new AbortController();
      open.add(ac);
      return { signal: ac.signal, leave: () => { longPolls--; open.delete(ac); } };
    },
  } });

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
    for (const ac of open) ac.abort();
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
      oidc = await startDevOidc({ port: config.devOidcPort, host: config.host, redirectUri: `${config.publicUrl}/oauth/callback` });
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
    `listening on ${config.publicUrl} (${db.kind}${config.database.kind === 'pglite' ? `: ${config.database.dataDir ?? 'in memory'}` : ''}; ` +
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

interface Deps {
  config: WalletServiceConfig;
  db: Db;
  assets: FrameAssets;
  tokens: Tokens;
  wallets: Wallets;
  accounts: Accounts;
  mailer: Mailer;
  emailAuth: EmailAuth;
  social: SocialAuth;
  farcaster: FarcasterAuth;
  log: (line: string) => void;
  longPoll: { enter(): { signal: AbortSignal; leave(): void } };
}

interface ApiContext {
  readonly req: IncomingMessage;
  /** Aborted when the client goes away (long polls stop early). */
  readonly signal: AbortSignal;
  readonly ip: string;
  readonly jkt: string;
  readonly session: SessionClaims | undefined;
  readonly body: unknown;
  readonly userAgent: string | null;
}

type ApiHandler = (ctx: ApiContext) => Promise<unknown>;
interface ApiRoute {
  readonly session: 'required' | 'optional' | 'none';
  readonly limit?: number;
  readonly handler: ApiHandler;
}

class App {
  private readonly api: Record<string, ApiRoute>;

  constructor(private readonly d: Deps) {
    const { accounts, emailAuth, social, farcaster, wallets, tokens, config, db } = d;
    const need = (ctx: ApiContext) => ctx.session!;
    const longPoll = async <T>(ctx: ApiContext, fn: (signal: AbortSignal) => Promise<T>): Promise<T> => {
      const slot = d.longPoll.enter();
      try {
        return await fn(AbortSignal.any([slot.signal, ctx.signal]));
      } finally {
        slot.leave();
      }
    };
    this.api = {
      '/v1/frame/init': {
        session: 'none',
        handler: async ({ body }) => {
          const b = parseBody(BODIES.init, body);
          const project = accounts.project(b.projectId, b.origin);
          return {
            version: SERVICE_VERSION,
            serverTime: Math.floor(Date.now() / 1000),
            project: { projectId: project.projectId, name: project.name ?? null },
            chains: config.chains.map((c) => ({ chainId: c.chainId, name: c.name, nativeCurrency: c.nativeCurrency })),
            email: d.mailer.enabled,
            socials: social.providers,
            farcaster: farcaster.enabled,
            accountTypes: ['eoa'],
            approvalMode: project.approvalWindow ?? config.approvalWindow,
          };
        },
      },
      '/v1/auth/email/start': {
        session: 'optional',
        handler: async ({ body, jkt, ip, session }) => {
          const b = parseBody(BODIES.emailStart, body);
          accounts.project(b.projectId, b.origin);
          return emailAuth.start({ email: b.email, jkt, projectId: b.projectId, origin: b.origin, ip, session });
        },
      },
      '/v1/auth/email/device': {
        session: 'none',
        handler: (ctx) => {
          const b = parseBody(BODIES.emailDevice, ctx.body);
          return longPoll(ctx, (signal) => emailAuth.waitForDevice({ flowId: b.flowId, jkt: ctx.jkt, signal }));
        },
      },
      '/v1/auth/email/verify': {
        session: 'none',
        handler: ({ body, jkt, ip, userAgent }) => {
          const b = parseBody(BODIES.emailVerify, body);
          return emailAuth.verify({ flowId: b.flowId, otp: b.otp, jkt, ip, userAgent });
        },
      },
      '/v1/auth/social/start': {
        session: 'none',
        handler: ({ body, jkt, ip }) => {
          const b = parseBody(BODIES.socialStart, body);
          return social.start({ provider: b.provider, jkt, projectId: b.projectId, origin: b.origin, ip });
        },
      },
      '/v1/auth/social/finish': {
        session: 'none',
        handler: ({ body, jkt, userAgent }) => social.finish({ code: parseBody(BODIES.socialFinish, body).code, jkt, userAgent }),
      },
      '/v1/auth/farcaster/start': {
        session: 'none',
        handler: ({ body, jkt, ip }) => {
          const b = parseBody(BODIES.farcasterStart, body);
          return farcaster.start({ jkt, projectId: b.projectId, origin: b.origin, ip });
        },
      },
      '/v1/auth/farcaster/finish': {
        session: 'none',
        handler: (ctx) => {
          const b = parseBody(BODIES.farcasterFinish, ctx.body);
          return longPoll(ctx, (signal) => farcaster.finish({ channelId: b.channelId, jkt: ctx.jkt, signal, userAgent: ctx.userAgent }));
        },
      },
      '/v1/session': {
        session: 'required',
        handler: async (ctx) => {
          parseBody(BODIES.empty, ctx.body);
          const s = need(ctx);
          return { user: await accounts.view(s.userId), expiresAt: s.exp, projectId: s.projectId, origin: s.origin };
        },
      },
      '/v1/session/refresh': {
        session: 'required',
        handler: async (ctx) => {
          parseBody(BODIES.empty, ctx.body);
          const s = need(ctx);
          const fresh = await tokens.issue({ userId: s.userId, jkt: s.jkt, projectId: s.projectId, origin: s.origin });
          await tokens.revoke(db, s);
          return { token: fresh.token, expiresAt: fresh.expiresAt };
        },
      },
      '/v1/session/signout': {
        session: 'required',
        handler: async (ctx) => {
          parseBody(BODIES.empty, ctx.body);
          await tokens.revoke(db, need(ctx));
          return { ok: true };
        },
      },
      '/v1/email/update': {
        session: 'required',
        handler: (ctx) => emailAuth.startUpdate({ session: need(ctx), newEmail: parseBody(BODIES.emailUpdate, ctx.body).email, ip: ctx.ip }),
      },
      '/v1/email/update/primary': {
        session: 'required',
        handler: async (ctx) => {
          const b = parseBody(BODIES.emailUpdateOtp, ctx.body);
          await emailAuth.verifyPrimary({ session: need(ctx), flowId: b.flowId, otp: b.otp, ip: ctx.ip });
          return { action: 'VERIFY_SECONDARY_OTP' };
        },
      },
      '/v1/email/update/secondary': {
        session: 'required',
        handler: async (ctx) => {
          const b = parseBody(BODIES.emailUpdateOtp, ctx.body);
          const r = await emailAuth.verifySecondary({ session: need(ctx), flowId: b.flowId, otp: b.otp, ip: ctx.ip });
          return { ...r, user: await accounts.view(need(ctx).userId) };
        },
      },
      '/v1/wallet/rpc': {
        session: 'required',
        handler: async (ctx) => {
          const b = parseBody(BODIES.rpc, ctx.body);
          if (!SAFE_FORWARDED.has(b.method) && !SAFE_LOCAL.has(b.method)) {
            throw new HttpError(400, 'method_not_allowed', 'Requested RPC call is not allowed');
          }
          const s = need(ctx);
          const me = await accounts.view(s.userId);
          return { result: await wallets.safe(me.address, s.userId, b.chainId, b.method, b.params ?? []) };
        },
      },
      // prepare: the exact object to approve (priced, decoded, simulated); sign: that object, once approved
      '/v1/wallet/prepare': {
        session: 'required',
        limit: SIGN_LIMIT,
        handler: async (ctx) => {
          const b = signingBody(ctx.body);
          const me = await accounts.view(need(ctx).userId);
          return { prepared: await wallets.prepare(me.address, b.chainId, b.method, b.params ?? []) };
        },
      },
      '/v1/wallet/sign': {
        session: 'required',
        limit: SIGN_LIMIT,
        handler: async (ctx) => {
          const b = signingBody(ctx.body);
          return { result: await wallets.sign(need(ctx).userId, b.chainId, b.method, b.params ?? []) };
        },
      },
    };
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = url.pathname;
      if (path.startsWith('/v1/')) return await this.handleApi(req, res, path);
      if (req.method === 'POST' && (path === '/device/approve' || path === '/farcaster/connect' || path === '/oauth/callback')) {
        return await this.handleForm(req, res, path);
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', ...COMMON_HEADERS }).end();
        return;
      }
      await this.handleGet(req, res, url);
    } catch (err) {
      this.fail(res, err);
    }
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
    const e = err as Error;
    this.d.log(`error: ${e.name}: ${e.message}`);
    sendJson(res, 500, { error: { code: 'internal', message: 'Internal error in the wallet service' } });
  }

  private async handleApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const { config, db, tokens } = this.d;
    if (req.method === 'OPTIONS') throw forbidden('Cross-origin requests are refused', 'cross_origin');
    if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST');
    const route = this.api[path];
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
    let session: SessionClaims | undefined;
    if (route.session === 'required') {
      if (!token) throw new HttpError(401, 'session_missing', 'Not logged in');
      session = await tokens.verify(token, jkt);
    } else if (route.session === 'optional' && token) {
      session = await tokens.verify(token, jkt).catch(() => undefined);
    }
    const ua = req.headers['user-agent'];
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    const result = await route.handler({ req, signal: gone.signal, ip, jkt, session, body, userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null });
    if (!res.destroyed) sendJson(res, 200, result);
  }

  private async handleForm(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const { config, emailAuth, farcaster, social } = this.d;
    const origin = req.headers.origin;
    // forms of our own pages (and Apple's form_post to the callback, which comes from Apple's origin)
    if (path !== '/oauth/callback' && origin !== undefined && origin !== 'null' && origin !== config.publicUrl) {
      return sendPage(res, 403, messagePage('Refused', 'This form can only be sent from its own page.'));
    }
    const form = new URLSearchParams((await readBody(req, FORM_LIMIT)).toString('utf8'));
    if (path === '/device/approve') {
      const ok = await emailAuth.approveDevice(form.get('token') ?? '');
      return sendPage(
        res,
        ok ? 200 : 400,
        ok
          ? messagePage('Device approved', 'This device is approved. Go back to the app and enter the code we sent you.')
          : messagePage('Link expired', 'This approval link is no longer valid. Start the login again in the app.'),
      );
    }
    if (path === '/farcaster/connect') {
      if (!farcaster.enabled) throw notFound();
      const ok = await farcaster.approve(form.get('channel') ?? '', (form.get('username') ?? '').trim().toLowerCase());
      return sendPage(
        res,
        ok ? 200 : 400,
        ok ? messagePage('Signed in', 'You are signed in. Go back to the app.') : messagePage('Not signed in', 'This request expired or the name is not valid (lowercase letters, digits and hyphens).'),
      );
    }
    return this.oauthCallback(res, { state: form.get('state') ?? undefined, code: form.get('code') ?? undefined, error: form.get('error') ?? undefined }, social);
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

  private async handleGet(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const { assets, config, emailAuth, farcaster, mailer, social, db } = this.d;
    const path = url.pathname;
    if (path === '/frame' || path === '/frame/') {
      // embeddable by any page (the frame checks the parent itself), also by pages with COEP
      return send(res, 200, 'text/html; charset=utf-8', assets.html(), { 'content-security-policy': FRAME_CSP, 'cross-origin-resource-policy': 'cross-origin' });
    }
    if (path === '/approval') {
      return send(res, 200, 'text/html; charset=utf-8', assets.windowHtml(), { 'content-security-policy': WINDOW_CSP, 'x-frame-options': 'DENY' });
    }
    const asset = assets.files.get(path);
    if (asset) return send(res, 200, asset.type, asset.body, { 'cache-control': 'public, max-age=31536000, immutable' });
    switch (path) {
      case '/':
        return sendPage(res, 200, homePage(SERVICE_VERSION));
      case '/health': {
        await db.query('SELECT 1');
        return sendJson(res, 200, { ok: true, version: SERVICE_VERSION, database: db.kind });
      }
      case '/assets/page.css':
        return send(res, 200, 'text/css; charset=utf-8', PAGE_CSS, { 'cache-control': 'public, max-age=3600' });
      case '/favicon.ico':
        res.writeHead(204, COMMON_HEADERS).end();
        return;
      case '/device/approve': {
        const token = url.searchParams.get('token') ?? '';
        const r = await emailAuth.deviceRequest(token);
        if (!r) return sendPage(res, 404, messagePage('Link expired', 'This approval link is no longer valid. Start the login again in the app.'));
        return sendPage(res, 200, deviceApprovePage({ token, ...r }));
      }
      case '/farcaster/connect': {
        if (!farcaster.enabled) break;
        const channel = url.searchParams.get('channel') ?? '';
        const ch = await farcaster.channel(channel);
        if (!ch || ch.status !== 'pending') return sendPage(res, 404, messagePage('Request expired', 'This sign-in request is no longer valid. Start again in the app.'));
        return sendPage(res, 200, farcasterPage({ channel, origin: ch.origin }));
      }
      case '/oauth/callback':
        return this.oauthCallback(
          res,
          { state: url.searchParams.get('state') ?? undefined, code: url.searchParams.get('code') ?? undefined, error: url.searchParams.get('error') ?? undefined },
          social,
        );
      case '/oauth/result':
        return sendPage(res, 200, socialResultPage(url.searchParams.get('error')));
      case '/dev/mailbox': {
        if (!config.devMailbox) break;
        const to = url.searchParams.get('to') ?? undefined;
        const entries = await mailer.mailbox(to?.toLowerCase(), Math.min(500, Number(url.searchParams.get('limit') ?? 100) || 100));
        if (wantsHtml(req)) return sendPage(res, 200, mailboxPage(entries));
        return sendJson(res, 200, entries);
      }
      default:
        break;
    }
    sendPage(res, 404, messagePage('Not found', `Nothing at ${path.slice(0, 200)}`));
  }
}

