/**
 * The dev stack's stand-in for the social login providers: a real OpenID Provider (`oidc-provider`,
 * certified) on a port of its own, with one client per social button (client id `dev-<provider>`,
 * secret `dev-<provider>-secret`), a login page where a person types any name and a consent page.
 * Accounts exist only in this process's memory: the name typed is the subject, so the same name
 * is the same wallet again after a restart of the provider.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, BodyTooLargeError } from '../../shared/http.mjs';
import { escapeHtml } from './pages';

const PROVIDERS: Record<string, string> = {
  'dev-google': 'Google',
  'dev-x': 'X',
  'dev-discord': 'Discord',
  'dev-github': 'GitHub',
  'dev-apple': 'Apple',
  'dev-facebook': 'Facebook',
};

const USERNAME = /^[a-z0-9][a-z0-9._-]{0,31}$/;

interface DevAccount {
  readonly username: string;
  readonly email: string | null;
}

const CSS = `body{margin:0;font:15px/1.5 system-ui,sans-serif;background:#f2f3f5;color:#111}main{max-width:420px;margin:64px auto;padding:28px;background:#fff;border-radius:16px;border:1px solid #dcdfe5}h1{font-size:20px;margin:0 0 8px}p{margin:0 0 14px;color:#4c5260}label{display:block;margin:12px 0 4px;font-weight:600}input{width:100%;box-sizing:border-box;padding:10px 12px;font:inherit;border:1px solid #c9ced8;border-radius:10px}.row{display:flex;gap:8px;margin-top:18px}button{flex:1;padding:10px;font:inherit;font-weight:600;border-radius:10px;border:0;background:#2f5bea;color:#fff;cursor:pointer}button.secondary{background:#e8eaef;color:#111}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${CSS}</style></head><body><main>${body}</main></body></html>`;
}

/** The login form's fields (at most 8 KiB: a larger body is refused with its 413). */
async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams((await readBody(req, 8192)).toString('utf8'));
}

/**
 * oidc-provider 9 warns that it wants Node 22 (it runs on Node 20 here: tested) and that its in-memory
 * store is for development (which is what this stand-in is): those two warnings are expected, others pass.
 */
async function withoutExpectedWarnings<T>(fn: () => Promise<T> | T): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && /oidc-provider WARNING: (Unsupported runtime|a quick start development-only in-memory adapter)/.test(args[0])) return;
    warn(...args);
  };
  try {
    return await fn();
  } finally {
    console.warn = warn;
  }
}

export async function startDevOidc(opts: { port: number; host: string; redirectUri: string }): Promise<{ issuer: string; stop(): Promise<void> }> {
  const { default: Provider } = await withoutExpectedWarnings(() => import('oidc-provider'));
  const accounts = new Map<string, DevAccount>();
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`local OpenID provider: port ${opts.port} is already in use. Set WALLET_OIDC_PORT to another port.`) : err),
    );
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://${opts.host}:${port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'dev-1', use: 'sig', alg: 'RS256' };

  const provider = await withoutExpectedWarnings(() => new Provider(issuer, {
    clients: Object.keys(PROVIDERS).map((id) => ({
      client_id: id,
      client_secret: `${id}-secret`,
      redirect_uris: [opts.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('base64')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      const a = accounts.get(id) ?? { username: id, email: null };
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            name: a.username,
            preferred_username: a.username,
            ...(a.email ? { email: a.email, email_verified: true } : {}),
          };
        },
      };
    },
    async renderError(ctx: { type: string; body: string }, out: Record<string, unknown>) {
      ctx.type = 'html';
      ctx.body = page('Login error', `<h1>Login error</h1><p>${escapeHtml(String(out.error_description ?? out.error ?? 'error'))}</p>`);
    },
  } as never));
  // a local http issuer: oidc-provider needs to know it is not behind TLS termination
  (provider as unknown as { proxy: boolean }).proxy = false;
  const callback = provider.callback();

  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
      'x-content-type-options': 'nosniff',
    });
    res.end(body);
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    const m = /^\/interaction\/([A-Za-z0-9_-]{1,64})(\/(login|confirm|abort))?$/.exec(url.pathname);
    if (!m) {
      callback(req, res);
      return;
    }
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        const clientId = String(details.params.client_id);
        const brand = PROVIDERS[clientId] ?? clientId;
        const action = m[3];
        if (!action && req.method === 'GET') {
          if (details.prompt.name === 'login') {
            return html(
              res,
              200,
              page(
                `Sign in to ${brand}`,
                `<h1>Sign in to ${escapeHtml(brand)}</h1><p>Local stand-in for ${escapeHtml(brand)}: any name works; the same name is the same account.</p>
<form method="post" action="/interaction/${details.uid}/login" autocomplete="off">
<label for="username">Username</label><input id="username" name="username" value="alice" required pattern="[a-z0-9][a-z0-9._\\-]{0,31}">
<label for="email">Email (optional, treated as verified)</label><input id="email" name="email" type="email" value="">
<div class="row"><button type="submit">Continue</button></div></form>`,
              ),
            );
          }
          return html(
            res,
            200,
            page(
              `Allow access`,
              `<h1>Allow access?</h1><p>The wallet service asks ${escapeHtml(brand)} for your name${
                String(details.params.scope ?? '').includes('email') ? ' and e-mail address' : ''
              }.</p>
<div class="row"><form method="post" action="/interaction/${details.uid}/abort"><button class="secondary" type="submit">Cancel</button></form>
<form method="post" action="/interaction/${details.uid}/confirm"><button type="submit">Allow</button></form></div>`,
            ),
          );
        }
        if (req.method !== 'POST') {
          res.writeHead(405).end();
          return;
        }
        if (action === 'login') {
          const form = await readForm(req);
          const username = (form.get('username') ?? '').trim().toLowerCase();
          const email = (form.get('email') ?? '').trim().toLowerCase();
          if (!USERNAME.test(username) || (email && !/^[^\s@]{1,64}@[^\s@]{1,190}\.[a-z]{2,}$/.test(email))) {
            return html(res, 400, page('Invalid name', `<h1>Invalid name</h1><p>Use lowercase letters, digits, dot, hyphen or underscore.</p>`));
          }
          // the subject is per provider: "alice" on Google and "alice" on GitHub are different people
          const sub = `${clientId.slice(4)}:${username}`;
          accounts.set(sub, { username, email: email || null });
          await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
          return;
        }
        if (action === 'abort') {
          await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled' }, { mergeWithLastSubmission: false });
          return;
        }
        const { prompt, params, session } = details;
        const promptDetails = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
        const grant = details.grantId
          ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId: session!.accountId, clientId }))
          : new provider.Grant({ accountId: session!.accountId, clientId: String(params.client_id) });
        if (promptDetails.missingOIDCScope) grant.addOIDCScope(promptDetails.missingOIDCScope.join(' '));
        if (promptDetails.missingOIDCClaims) grant.addOIDCClaims(promptDetails.missingOIDCClaims);
        for (const [indicator, scopes] of Object.entries(promptDetails.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      } catch (err) {
        if (res.headersSent) return;
        if (err instanceof BodyTooLargeError) res.writeHead(err.status, err.headers).end();
        else html(res, 400, page('Login error', `<h1>Login error</h1><p>${escapeHtml((err as Error).message)}</p>`));
      }
    })();
  });

  return {
    issuer,
    stop: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
