/**
 * Social logins: OAuth 2.0 authorization code flow with PKCE (and OpenID Connect where the provider
 * has it: discovery, id_token signature, issuer, audience and nonce checked).
 *
 *   1. The frame asks for the provider's authorize URL (GET_SOCIAL_REDIRECT_URI). The service keeps the
 *      state (hashed), the PKCE verifier and the nonce, bound to the frame's device key and the dapp origin.
 *   2. The provider sends the browser back to this service's /oauth/callback. The service exchanges the
 *      code (with the client secret, which never leaves the service), reads the identity, finds or makes
 *      the user, and stores a one-time result code bound to the same device key.
 *   3. The callback redirects to the dapp origin with `?result_uri=<this service>/oauth/result?code=…`.
 *      The client passes that URL to CONNECT_SOCIAL; only the frame holding the device key that started
 *      the flow can redeem the code.
 *
 * Accounts are linked by e-mail only when the provider says the address is verified.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Db } from '../../shared/db/open';
import type { Accounts, SessionGrant } from './accounts';
import { readTextCapped } from './capped-body';
import { normaliseEmail } from './accounts';
import type { SocialConfig, SocialProvider, WalletServiceConfig } from './config';
import { HttpError, badRequest, notFound, tooMany } from './errors';
import { hit } from './limits';
import { b64url, sha256 } from './tokens';

interface Endpoints {
  authorization: string;
  token: string;
  userinfo?: string;
  issuer?: string;
  jwks?: string;
}

interface Profile {
  subject: string;
  username: string | null;
  email: string | null;
  emailVerified: boolean;
}

/** Endpoints of the providers' public OAuth 2 APIs, used when no `issuer` is configured. */
const DEFAULTS: Record<SocialProvider, { endpoints?: Endpoints; issuer?: string; scope: string; tokenAuth: 'basic' | 'post' }> = {
  google: { issuer: 'https://accounts.google.com', scope: 'openid email profile', tokenAuth: 'basic' },
  apple: { issuer: 'https://appleid.apple.com', scope: 'openid email', tokenAuth: 'post' },
  github: {
    endpoints: {
      authorization: 'https://github.com/login/oauth/authorize',
      token: 'https://github.com/login/oauth/access_token',
      userinfo: 'https://api.github.com/user',
    },
    scope: 'read:user user:email',
    tokenAuth: 'post',
  },
  discord: {
    endpoints: {
      authorization: 'https://discord.com/oauth2/authorize',
      token: 'https://discord.com/api/oauth2/token',
      userinfo: 'https://discord.com/api/users/@me',
    },
    scope: 'identify email',
    tokenAuth: 'basic',
  },
  facebook: {
    endpoints: {
      authorization: 'https://www.facebook.com/v19.0/dialog/oauth',
      token: 'https://graph.facebook.com/v19.0/oauth/access_token',
      userinfo: 'https://graph.facebook.com/me?fields=id,name,email',
    },
    scope: 'public_profile email',
    tokenAuth: 'post',
  },
  x: {
    endpoints: {
      authorization: 'https://x.com/i/oauth2/authorize',
      token: 'https://api.x.com/2/oauth2/token',
      userinfo: 'https://api.x.com/2/users/me',
    },
    scope: 'users.read tweet.read',
    tokenAuth: 'basic',
  },
};

const STATE_TTL_SECONDS = 600;
const RESULT_TTL_SECONDS = 300;
const HTTP_TIMEOUT_MS = 10_000;
const PROVIDER_MAX_BYTES = 1_000_000;

async function fetchJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS), headers: { accept: 'application/json', ...(init.headers ?? {}) } });
  } catch (err) {
    throw new HttpError(502, 'provider_unreachable', `The login provider is unreachable (${(err as Error).message})`);
  }
  // read up to the cap only: a provider's answer never costs more memory than that (security review I1)
  const text = await readTextCapped(res, PROVIDER_MAX_BYTES);
  if (text === null) throw new HttpError(502, 'provider_error', 'The login provider answered too much');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HttpError(502, 'provider_error', `The login provider answered HTTP ${res.status} without JSON`);
  }
  if (!res.ok || typeof json !== 'object' || json === null) {
    const e = json as { error?: unknown; error_description?: unknown };
    throw new HttpError(502, 'provider_error', `The login provider refused: ${String(e?.error_description ?? e?.error ?? res.status).slice(0, 200)}`);
  }
  return json as Record<string, unknown>;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v.slice(0, 200) : typeof v === 'number' ? String(v) : null);

/** Reads the identity from a provider's user-info answer (or id_token claims). */
function profileOf(provider: SocialProvider, c: Record<string, unknown>): Profile {
  const data = (provider === 'x' && typeof c.data === 'object' && c.data ? c.data : c) as Record<string, unknown>;
  const subject = str(data.sub) ?? str(data.id);
  if (!subject) throw new HttpError(502, 'provider_error', 'The login provider gave no user id');
  const email = str(data.email);
  const verified = data.email_verified === true || data.email_verified === 'true' || (provider === 'discord' && data.verified === true);
  const username =
    provider === 'github' ? str(data.login) :
    provider === 'discord' ? str(data.global_name) ?? str(data.username) :
    provider === 'x' ? str(data.username) :
    str(data.preferred_username) ?? str(data.name) ?? email;
  return { subject, username, email: email ? normaliseEmail(email) : null, emailVerified: Boolean(email) && verified };
}

export class SocialAuth {
  private readonly discovered = new Map<string, Promise<Endpoints>>();
  private readonly jwks = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  constructor(
    private readonly db: Db,
    private readonly config: WalletServiceConfig,
    private readonly accounts: Accounts,
  ) {}

  get providers(): SocialProvider[] {
    return Object.keys(this.config.social) as SocialProvider[];
  }

  private provider(name: string): { name: SocialProvider; conf: SocialConfig } {
    const conf = this.config.social[name as SocialProvider];
    if (!conf) throw new HttpError(400, 'provider_not_configured', `Social login with ${name} is not configured on this wallet service`);
    return { name: name as SocialProvider, conf };
  }

  private redirectUri(): string {
    return `${this.config.publicUrl}/oauth/callback`;
  }

  private async endpoints(name: SocialProvider, conf: SocialConfig): Promise<Endpoints> {
    const issuer = conf.issuer ?? (conf.authorizationEndpoint ? undefined : DEFAULTS[name].issuer);
    if (!issuer) {
      const d = DEFAULTS[name].endpoints;
      const authorization = conf.authorizationEndpoint ?? d?.authorization;
      const token = conf.tokenEndpoint ?? d?.token;
      if (!authorization || !token) throw new HttpError(500, 'provider_misconfigured', `Social login with ${name}: endpoints missing`);
      return { authorization, token, userinfo: conf.userinfoEndpoint ?? d?.userinfo };
    }
    let p = this.discovered.get(issuer);
    if (!p) {
      p = (async () => {
        const doc = await fetchJson(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
        if (doc.issuer !== issuer) throw new HttpError(502, 'provider_error', 'The login provider announced another issuer');
        return {
          issuer,
          authorization: String(doc.authorization_endpoint),
          token: String(doc.token_endpoint),
          userinfo: typeof doc.userinfo_endpoint === 'string' ? doc.userinfo_endpoint : undefined,
          jwks: String(doc.jwks_uri),
        };
      })();
      p.catch(() => this.discovered.delete(issuer));
      this.discovered.set(issuer, p);
    }
    return p;
  }

  /** GET_SOCIAL_REDIRECT_URI: the provider's authorize URL for this device and origin. */
  async start(p: { provider: string; jkt: string; projectId: string; origin: string; ip: string }): Promise<{ uri: string }> {
    const { name, conf } = this.provider(p.provider);
    const project = this.accounts.project(p.projectId, p.origin);
    const limit = await hit(this.db, `social-ip:${p.ip}`, 60, 600);
    if (!limit.allowed) throw tooMany('Too many login attempts from your network: try again later', limit.retryAfterSeconds);
    const ep = await this.endpoints(name, conf);
    const state = b64url(randomBytes(32));
    const verifier = b64url(randomBytes(32));
    const nonce = b64url(randomBytes(16));
    const returnTo = `${p.origin}${project.socialReturnPath ?? '/'}`;
    await this.db.query(
      `INSERT INTO oauth_states (state_hash, provider, code_verifier, nonce, project_id, origin, device_jkt, return_to, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))`,
      [sha256(state), name, verifier, nonce, p.projectId, p.origin, p.jkt, returnTo, STATE_TTL_SECONDS],
    );
    const url = new URL(ep.authorization);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', conf.clientId);
    url.searchParams.set('redirect_uri', this.redirectUri());
    url.searchParams.set('scope', conf.scope ?? (conf.issuer ? 'openid email profile' : DEFAULTS[name].scope));
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', b64url(createHash('sha256').update(verifier).digest()));
    url.searchParams.set('code_challenge_method', 'S256');
    if (ep.issuer) url.searchParams.set('nonce', nonce);
    if (name === 'apple') url.searchParams.set('response_mode', 'form_post');
    return { uri: url.toString() };
  }

  /**
   * The provider's redirect back. Returns where to send the browser: the dapp origin with `result_uri`.
   * Throws (an error page) when the state is unknown: then nobody knows where to return.
   */
  async callback(q: { state?: string; code?: string; error?: string }): Promise<string> {
    if (!q.state || q.state.length > 200) throw badRequest('This login link is incomplete or expired: start the login again from the app', 'state_invalid');
    const rows = await this.db.query<{ provider: string; code_verifier: string; nonce: string; project_id: string; origin: string; device_jkt: string; return_to: string }>(
      `UPDATE oauth_states SET used_at = now() WHERE state_hash = $1 AND used_at IS NULL AND expires_at > now()
       RETURNING provider, code_verifier, nonce, project_id, origin, device_jkt, return_to`,
      [sha256(q.state)],
    );
    const st = rows[0];
    if (!st) throw badRequest('This login link was already used or has expired: start the login again from the app', 'state_invalid');
    const back = (result: string) => {
      const url = new URL(st.return_to);
      url.searchParams.set('result_uri', result);
      return url.toString();
    };
    if (q.error || !q.code) {
      const reason = q.error === 'access_denied' ? 'access_denied' : 'provider_error';
      return back(`${this.config.publicUrl}/oauth/result?error=${reason}`);
    }
    const { name, conf } = this.provider(st.provider);
    const ep = await this.endpoints(name, conf);
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: q.code.slice(0, 2000),
      redirect_uri: this.redirectUri(),
      code_verifier: st.code_verifier,
      client_id: conf.clientId,
    });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (DEFAULTS[name].tokenAuth === 'basic' || ep.issuer) {
      headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(conf.clientId)}:${encodeURIComponent(conf.clientSecret)}`).toString('base64')}`;
    } else {
      body.set('client_secret', conf.clientSecret);
    }
    const tokens = await fetchJson(ep.token, { method: 'POST', headers, body: body.toString() });
    let claims: Record<string, unknown> = {};
    if (ep.issuer && ep.jwks) {
      if (typeof tokens.id_token !== 'string') throw new HttpError(502, 'provider_error', 'The login provider gave no id_token');
      let jwks = this.jwks.get(ep.jwks);
      if (!jwks) {
        jwks = createRemoteJWKSet(new URL(ep.jwks), { timeoutDuration: HTTP_TIMEOUT_MS });
        this.jwks.set(ep.jwks, jwks);
      }
      try {
        ({ payload: claims } = await jwtVerify(tokens.id_token, jwks, { issuer: ep.issuer, audience: conf.clientId }));
      } catch (err) {
        throw new HttpError(502, 'provider_error', `The login provider's id_token is invalid (${(err as Error).message})`);
      }
      if (claims.nonce !== st.nonce) throw new HttpError(502, 'provider_error', "The login provider's id_token has a wrong nonce");
    }
    if (ep.userinfo && typeof tokens.access_token === 'string') {
      const info = await fetchJson(ep.userinfo, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      if (claims.sub !== undefined && info.sub !== undefined && info.sub !== claims.sub) {
        throw new HttpError(502, 'provider_error', 'The login provider answered for another user');
      }
      claims = { ...info, ...claims };
    }
    const profile = profileOf(name, claims);
    const userId = await this.db.transaction(async (tx) => {
      const known = await tx.query<{ user_id: string }>(`SELECT user_id FROM identities WHERE provider = $1 AND subject = $2`, [name, profile.subject]);
      if (known[0]) {
        await tx.query(`UPDATE identities SET username = $3, email = $4 WHERE provider = $1 AND subject = $2`, [name, profile.subject, profile.username, profile.email]);
        return known[0].user_id;
      }
      const byEmail = profile.emailVerified && profile.email ? await this.accounts.userByEmail(tx, profile.email) : undefined;
      const id = byEmail ?? (await this.accounts.createUser(tx, profile.emailVerified ? profile.email : null));
      await tx.query(`INSERT INTO identities (provider, subject, user_id, username, email) VALUES ($1, $2, $3, $4, $5)`, [
        name,
        profile.subject,
        id,
        profile.username,
        profile.email,
      ]);
      return id;
    });
    const code = b64url(randomBytes(32));
    await this.db.query(
      `INSERT INTO social_results (code_hash, user_id, provider, username, project_id, origin, device_jkt, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
      [sha256(code), userId, name, profile.username, st.project_id, st.origin, st.device_jkt, RESULT_TTL_SECONDS],
    );
    return back(`${this.config.publicUrl}/oauth/result?code=${code}`);
  }

  /** CONNECT_SOCIAL: redeems the one-time result code for the device that started the login. */
  async finish(p: { code: string; jkt: string; userAgent: string | null }): Promise<SessionGrant & { userName: string | null }> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(p.code)) throw notFound('Unknown or expired social login: start again', 'social_result_invalid');
    const rows = await this.db.query<{ user_id: string; username: string | null; project_id: string; origin: string; device_jkt: string }>(
      `UPDATE social_results SET used_at = now() WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now() AND device_jkt = $2
       RETURNING user_id, username, project_id, origin, device_jkt`,
      [sha256(p.code), p.jkt],
    );
    const r = rows[0];
    if (!r) throw notFound('Unknown or expired social login: start again', 'social_result_invalid');
    await this.accounts.trustDevice(this.db, r.user_id, p.jkt, r.origin, p.userAgent);
    const grant = await this.accounts.grant(r.user_id, p.jkt, r.project_id, r.origin);
    return { ...grant, userName: r.username ?? grant.user.userName };
  }
}
