/**
 * Session tokens (JWT, HS256, signed with WALLET_SESSION_SECRET, shared by every process) and the
 * device proofs that must accompany every API call (see frame/device.ts).
 *
 * A session token names the user (sub), the session (sid), the device key it is bound to (cnf.jkt),
 * the project (pid) and the dapp origin (org), when the user logged in (auth_time), and expires (exp).
 * Sign-out puts the sid on the revocation list (table revoked_sessions, until the token would expire
 * anyway); "sign out everywhere" moves the user's sessions_valid_after to now. A token is accepted only
 * when its signature, issuer, audience and expiry check, it is used by its device for its project and
 * origin, its sid is not revoked, it was issued (iat, to the millisecond) after the user's
 * sessions_valid_after, and its login is younger than the absolute lifetime (WALLET_SESSION_MAX_AGE):
 * a refresh keeps auth_time and never sets exp past auth_time + that lifetime.
 */
import { createHash, randomBytes } from 'node:crypto';
import { EmbeddedJWK, calculateJwkThumbprint, jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { Db, Queryable } from '../../shared/db/open';
import { HttpError, unauthorized } from './errors';

/** Every process of one deployment shares the secret, so the issuer is a constant, not a URL (processes have their own). */
const ISSUER = 'latchkey-wallet-service';
const AUDIENCE = 'latchkey-wallet-session';
/** How far a proof's iat may be from the server's clock, in seconds. */
const PROOF_WINDOW_SECONDS = 120;

export interface SessionClaims {
  readonly userId: string;
  readonly sid: string;
  readonly jkt: string;
  readonly projectId: string;
  readonly origin: string;
  /** Issued at, in seconds with milliseconds. */
  readonly iat: number;
  readonly exp: number;
  /** When the user logged in (seconds): a refresh keeps it. */
  readonly authTime: number;
}

/** The app a call comes from: the frame's project and its parent's origin (headers of every call). */
export interface SessionApp {
  readonly projectId: string;
  readonly origin: string;
}

export const b64url = (buf: Buffer) => buf.toString('base64url');
export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();

export class Tokens {
  constructor(
    private readonly db: Db,
    private readonly secret: Buffer,
    private readonly ttlSeconds: number,
    /** The absolute lifetime of a login, in seconds: no refresh extends a session past it. */
    private readonly maxAgeSeconds: number,
  ) {}

  /**
   * A token for a login at `authTime` (default now; a refresh passes the session's own). It expires
   * after the TTL or at the end of the login's absolute lifetime, whichever comes first; 401 when that
   * has already passed.
   */
  async issue(s: { userId: string; jkt: string; projectId: string; origin: string; authTime?: number }): Promise<{ token: string; expiresAt: number; sid: string }> {
    const sid = b64url(randomBytes(16));
    const nowMs = Date.now();
    const now = Math.floor(nowMs / 1000);
    const authTime = s.authTime ?? now;
    const exp = Math.min(now + this.ttlSeconds, authTime + this.maxAgeSeconds);
    if (exp <= now) throw unauthorized('Session expired: log in again', 'session_expired');
    const token = await new SignJWT({ sid, cnf: { jkt: s.jkt }, pid: s.projectId, org: s.origin, auth_time: authTime })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(s.userId)
      // to the millisecond, so that a session issued right after a "sign out everywhere" is after it
      .setIssuedAt(nowMs / 1000)
      .setExpirationTime(exp)
      .sign(this.secret);
    return { token, expiresAt: exp, sid };
  }

  /**
   * Verifies a token for the device `jkt` and the app `app` (the frame's project and parent origin;
   * null when the call names none); throws 401 when it is not (or no longer) valid there.
   */
  async verify(token: string, jkt: string, app: SessionApp | null): Promise<SessionClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.secret, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized('Session expired: log in again', 'session_expired');
      if (err instanceof joseErrors.JWTClaimValidationFailed && err.claim === 'iat') {
        throw unauthorized('JWT validation error: JWT Token is not yet valid', 'session_not_yet_valid');
      }
      throw unauthorized('Invalid session', 'session_invalid');
    }
    const cnf = payload.cnf as { jkt?: unknown } | undefined;
    const claims: SessionClaims = {
      userId: String(payload.sub),
      sid: String(payload.sid),
      jkt: String(cnf?.jkt),
      projectId: String(payload.pid),
      origin: String(payload.org),
      iat: Number(payload.iat),
      exp: Number(payload.exp),
      // tokens from before auth_time existed count from their issue
      authTime: typeof payload.auth_time === 'number' ? payload.auth_time : Math.floor(Number(payload.iat)),
    };
    if (claims.jkt !== jkt) throw unauthorized('This session belongs to another device', 'session_wrong_device');
    if (!app || claims.projectId !== app.projectId || claims.origin !== app.origin) {
      throw unauthorized('This session belongs to another app', 'session_wrong_app');
    }
    if (Date.now() / 1000 >= claims.authTime + this.maxAgeSeconds) throw unauthorized('Session expired: log in again', 'session_expired');
    const rows = await this.db.query<{ revoked: boolean; valid_after: number | string }>(
      `SELECT EXISTS (SELECT 1 FROM revoked_sessions WHERE sid = $1) AS revoked,
              (SELECT EXTRACT(EPOCH FROM sessions_valid_after) FROM users WHERE id = $2) AS valid_after`,
      [claims.sid, claims.userId],
    );
    const row = rows[0];
    if (!row || row.revoked) throw unauthorized('Session revoked: log in again', 'session_revoked');
    if (row.valid_after === null || row.valid_after === undefined) throw unauthorized('Unknown user', 'session_invalid');
    if (claims.iat < Number(row.valid_after)) throw unauthorized('Session revoked: log in again', 'session_revoked');
    return claims;
  }

  /** Sign out everywhere: every session of the user issued until now stops working. */
  async revokeAll(q: Queryable, userId: string): Promise<void> {
    // the process clock, as for iat: a session issued after this (same process) is valid
    await q.query(`UPDATE users SET sessions_valid_after = to_timestamp($2) WHERE id = $1`, [userId, Date.now() / 1000]);
  }

  async revoke(q: Queryable, claims: Pick<SessionClaims, 'sid' | 'userId' | 'exp'>): Promise<void> {
    await q.query(
      `INSERT INTO revoked_sessions (sid, user_id, expires_at) VALUES ($1, $2, to_timestamp($3)) ON CONFLICT (sid) DO NOTHING`,
      [claims.sid, claims.userId, claims.exp],
    );
  }
}

export interface VerifiedProof {
  readonly jkt: string;
}

/**
 * Checks a device proof (header `dpop`): an ES256 JWS with the public key in its header, over this
 * request's method and URL, a SHA-256 of the body and of the session token, with a fresh iat and a jti
 * never seen before (table proof_jtis).
 */
export async function verifyProof(
  db: Db,
  proof: string | undefined,
  req: { method: string; url: string; body: Buffer; token: string | undefined },
): Promise<VerifiedProof> {
  if (!proof) throw new HttpError(401, 'proof_missing', 'Device proof missing');
  if (proof.length > 4096) throw new HttpError(401, 'proof_invalid', 'Device proof too long');
  let payload: Record<string, unknown>;
  let header: { jwk?: Record<string, unknown> };
  try {
    const res = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256'] });
    payload = res.payload;
    header = res.protectedHeader as typeof header;
  } catch {
    throw new HttpError(401, 'proof_invalid', 'Device proof invalid');
  }
  const jwk = header.jwk;
  if (!jwk || jwk.kty !== 'EC' || jwk.crv !== 'P-256' || 'd' in jwk) throw new HttpError(401, 'proof_invalid', 'Device proof: unexpected key');
  if (payload.htm !== req.method || payload.htu !== req.url) throw new HttpError(401, 'proof_invalid', 'Device proof: wrong method or URL');
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.iat !== 'number' || Math.abs(payload.iat - now) > PROOF_WINDOW_SECONDS) {
    throw new HttpError(401, 'proof_stale', 'Device proof: time is off (check the device clock)');
  }
  if (payload.bh !== b64url(sha256(req.body))) throw new HttpError(401, 'proof_invalid', 'Device proof: body mismatch');
  if (req.token !== undefined ? payload.ath !== b64url(sha256(req.token)) : payload.ath !== undefined) {
    throw new HttpError(401, 'proof_invalid', 'Device proof: token mismatch');
  }
  if (typeof payload.jti !== 'string' || payload.jti.length < 16 || payload.jti.length > 64) {
    throw new HttpError(401, 'proof_invalid', 'Device proof: bad jti');
  }
  const fresh = await db.query(
    `INSERT INTO proof_jtis (jti, expires_at) VALUES ($1, now() + make_interval(secs => $2)) ON CONFLICT (jti) DO NOTHING RETURNING jti`,
    [payload.jti, PROOF_WINDOW_SECONDS * 2],
  );
  if (fresh.length === 0) throw new HttpError(401, 'proof_replayed', 'Device proof already used');
  return { jkt: await calculateJwkThumbprint(jwk as Parameters<typeof calculateJwkThumbprint>[0], 'sha256') };
}
