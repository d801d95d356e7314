/**
 * E-mail logins and e-mail changes with one-time codes.
 *
 * Codes: 6 random digits, stored only as an HMAC (keyed with the session secret, bound to the
 * challenge), valid for WALLET_CODE_TTL seconds; WALLET_CODE_MAX_ATTEMPTS wrong tries kill the code and
 * lock the address out for WALLET_LOCKOUT seconds. Sending is limited per address (one per
 * WALLET_RESEND_INTERVAL seconds and WALLET_RATE_EMAIL_PER_HOUR per hour; a login from a device the
 * account has never verified counts against a second such quota, so a stranger cannot use up the
 * owner's) and per client IP (WALLET_RATE_IP_PER_HOUR per hour); checking per client IP
 * (WALLET_RATE_VERIFY_PER_IP per 10 minutes). An e-mail change to an address that belongs to another
 * account answers as for a free one; that address's owner gets a notice and nobody a code.
 *
 * Connect e-mail answers one of three actions:
 *   CONNECT        the caller's session (same device) already belongs to this address: nothing to do;
 *   VERIFY_DEVICE  the address has an account and this device key has never completed a login for it:
 *                  a link to approve the device is mailed first (CONNECT_DEVICE waits for it), then a code;
 *   VERIFY_OTP     otherwise (a new account, or a known device): a code is mailed.
 */
import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../../shared/db/open';
import type { Accounts, SessionGrant } from './accounts';
import { normaliseEmail } from './accounts';
import type { WalletServiceConfig } from './config';
import { HttpError, badRequest, notFound, tooMany } from './errors';
import { hit, lock, lockedFor } from './limits';
import type { Mailer } from './mail';
import type { SessionClaims } from './tokens';
import { b64url, sha256 } from './tokens';

export type ConnectAction = 'CONNECT' | 'VERIFY_DEVICE' | 'VERIFY_OTP';
/** Whose hourly send quota a mail to an address uses (see limitSendTo). */
type SendQuota = 'owner' | 'new-device';
export type UpdateAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP';

type Challenge = {
  id: string;
  purpose: 'login' | 'email_update';
  user_id: string | null;
  email: string;
  new_email: string | null;
  device_jkt: string;
  project_id: string;
  origin: string;
  stage: string;
  code_hash: Buffer | null;
  code_expired: boolean;
  attempts: number;
  device_approved: boolean;
};

/** How long a login or update flow stays open, in seconds. */
const FLOW_TTL_SECONDS = 30 * 60;
/** How long CONNECT_DEVICE waits for the approval, in seconds (the client gives up after 30). */
export const DEVICE_WAIT_SECONDS = 25;

const minutes = (s: number) => Math.max(1, Math.ceil(s / 60));

export class EmailAuth {
  constructor(
    private readonly db: Db,
    private readonly config: WalletServiceConfig,
    private readonly accounts: Accounts,
    private readonly mailer: Mailer,
  ) {}

  private codeHash(challengeId: string, code: string): Buffer {
    return createHmac('sha256', this.config.sessionSecret).update(`otp|${challengeId}|${code}`).digest();
  }

  private async checkLock(email: string): Promise<void> {
    const left = await lockedFor(this.db, `email:${email}`);
    if (left > 0) throw tooMany(`Too many wrong codes: try again in ${minutes(left)} minutes`, left, 'locked');
  }

  /** Limits on sending a code or link to `email` from `ip` (see limitSendTo for `quota`). */
  private async limitSend(email: string, ip: string, quota: SendQuota = 'owner'): Promise<void> {
    await this.checkLock(email);
    await this.limitSendFrom(ip);
    await this.limitSendTo(email, quota);
  }

  /** Per client IP, checked first: a flood from one network must not use up the quota of the addresses it targets. */
  private async limitSendFrom(ip: string): Promise<void> {
    const perIp = await hit(this.db, `send-ip:${ip}`, this.config.rateIpPerHour, 3600);
    if (!perIp.allowed) throw tooMany(`Too many codes requested from your network: try again in ${minutes(perIp.retryAfterSeconds)} minutes`, perIp.retryAfterSeconds);
  }

  /**
   * Per address: one per interval, and an hourly quota. Logins of an existing account from a device it
   * has never verified count against a quota of their own ('new-device'), so that someone who types a
   * victim's address over and over uses up only that quota: the owner's known devices still get codes
   * (security review L3).
   */
  private async limitSendTo(email: string, quota: SendQuota): Promise<void> {
    const scope = quota === 'new-device' ? `${email}|new-device` : email;
    if (this.config.resendIntervalSeconds > 0) {
      const interval = await hit(this.db, `send-interval:${scope}`, 1, this.config.resendIntervalSeconds);
      if (!interval.allowed) {
        const n = Math.max(1, Math.ceil(interval.retryAfterSeconds));
        throw tooMany(`Please try again after ${n} seconds`, n);
      }
    }
    const perAddress = await hit(this.db, `send-email:${scope}`, this.config.rateEmailPerHour, 3600);
    if (!perAddress.allowed) throw tooMany(`Too many codes sent to this address: try again in ${minutes(perAddress.retryAfterSeconds)} minutes`, perAddress.retryAfterSeconds);
  }

  private async limitVerify(ip: string): Promise<void> {
    const r = await hit(this.db, `verify-ip:${ip}`, this.config.rateVerifyPerIpPer10Min, 600);
    if (!r.allowed) throw tooMany(`Too many attempts from your network: try again in ${minutes(r.retryAfterSeconds)} minutes`, r.retryAfterSeconds);
  }

  /** Makes a fresh code for the challenge (attempts start again) and returns it. */
  private async newCode(q: Queryable, challengeId: string): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await q.query(
      `UPDATE email_challenges SET code_hash = $2, code_expires_at = now() + make_interval(secs => $3), attempts = 0 WHERE id = $1`,
      [challengeId, this.codeHash(challengeId, code), this.config.codeTtlSeconds],
    );
    return code;
  }

  /** Makes a fresh code for the challenge and mails it. */
  private async sendCode(q: Queryable, challengeId: string, to: string, why: string): Promise<void> {
    const code = await this.newCode(q, challengeId);
    await this.mailer.send({
      to,
      subject: `${code} is your wallet code`,
      text: `Your code: ${code}\n\n${why}\nIt expires in ${minutes(this.config.codeTtlSeconds)} minutes. If you did not ask for it, ignore this e-mail.`,
      code,
    });
  }

  /**
   * The code that confirms a new address for an account. When the address already belongs to another
   * account, the flow goes on exactly as for a free address (the same answers, a code that counts tries
   * and expires), but nobody ever learns that code: its owner gets a notice instead, so the change can
   * never finish and the caller cannot tell a taken address from a free one (security review M4).
   */
  private async sendNewAddressCode(challengeId: string, newEmail: string, origin: string): Promise<void> {
    if (!(await this.accounts.userByEmail(this.db, newEmail))) {
      return this.sendCode(this.db, challengeId, newEmail, 'Enter it to confirm this new e-mail address for your wallet.');
    }
    await this.newCode(this.db, challengeId); // stored (as an HMAC) and never sent
    await this.mailer.send({
      to: newEmail,
      subject: 'Your e-mail address was entered for another wallet',
      text:
        `Someone asked, on ${origin}, to make this address the e-mail of another wallet account.\n\n` +
        'It already belongs to your wallet, so nothing was changed and no code was sent. If that was you, ' +
        'log in with this address instead. If it was not, you can ignore this e-mail: your wallet is not affected.',
    });
  }

  private async load(id: string, jkt: string, purpose: Challenge['purpose']): Promise<Challenge> {
    if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/.test(id)) throw notFound('Unknown or expired request: start again', 'flow_not_found');
    const rows = await this.db.query<Challenge>(
      `SELECT id, purpose, user_id, email, new_email, device_jkt, project_id, origin, stage, code_hash, attempts,
              (code_expires_at IS NULL OR code_expires_at <= now()) AS code_expired,
              (device_approved_at IS NOT NULL) AS device_approved
       FROM email_challenges WHERE id = $1 AND expires_at > now()`,
      [id],
    );
    const c = rows[0];
    if (!c || c.device_jkt !== jkt || c.purpose !== purpose) throw notFound('Unknown or expired request: start again', 'flow_not_found');
    return c;
  }

  /**
   * Checks `otp` against the challenge's code. Every check counts, in one atomic step: the attempt is
   * taken (`attempts + 1`) only while the code is live and tries are left, and the stored hash comes back
   * with it, so concurrent checks cannot compare more codes than WALLET_CODE_MAX_ATTEMPTS (on PostgreSQL
   * with several processes as well). The last allowed wrong attempt kills the code and locks the address
   * out. Right: resolves (the caller consumes the challenge).
   */
  private async checkCode(c: Challenge, otp: string, expectStage: string, lockEmail: string): Promise<void> {
    if (c.stage === 'locked') throw tooMany('Too many wrong codes: request a new code later', this.config.lockoutSeconds, 'locked');
    if (c.stage !== expectStage || !c.code_hash) throw badRequest('No code was sent for this step', 'wrong_step');
    if (c.code_expired) throw badRequest('The code has expired: ask for a new one', 'code_expired');
    const max = this.config.codeMaxAttempts;
    const rows = await this.db.query<{ code_hash: Buffer; attempts: number }>(
      `UPDATE email_challenges SET attempts = attempts + 1
       WHERE id = $1 AND stage = $2 AND code_hash IS NOT NULL AND code_expires_at > now() AND attempts < $3
       RETURNING code_hash, attempts`,
      [c.id, expectStage, max],
    );
    const taken = rows[0];
    if (!taken) return this.whyNoAttempt(c.id, expectStage, lockEmail);
    const given = this.codeHash(c.id, otp);
    const stored = Buffer.from(taken.code_hash);
    const ok = /^\d{6}$/.test(otp) && given.length === stored.length && timingSafeEqual(given, stored);
    if (ok) return;
    if (taken.attempts >= max) return this.lockOut(c.id, lockEmail);
    const left = max - taken.attempts;
    throw badRequest(`Invalid code: ${left} ${left === 1 ? 'attempt' : 'attempts'} left`, 'invalid_code');
  }

  /** No attempt was left to take: say why (the challenge changed since it was read). */
  private async whyNoAttempt(id: string, expectStage: string, lockEmail: string): Promise<never> {
    const rows = await this.db.query<{ stage: string; live: boolean }>(
      `SELECT stage, (code_hash IS NOT NULL AND code_expires_at > now()) AS live FROM email_challenges WHERE id = $1 AND expires_at > now()`,
      [id],
    );
    const now = rows[0];
    if (!now) throw notFound('This code was already used', 'flow_not_found');
    if (now.stage === 'locked') throw tooMany('Too many wrong codes: request a new code later', this.config.lockoutSeconds, 'locked');
    if (now.stage !== expectStage) throw notFound('This code was already used', 'flow_not_found');
    if (!now.live) throw badRequest('The code has expired: ask for a new one', 'code_expired');
    // the tries ran out under concurrent checks
    return this.lockOut(id, lockEmail);
  }

  private async lockOut(id: string, lockEmail: string): Promise<never> {
    await this.db.query(`UPDATE email_challenges SET stage = 'locked', code_hash = NULL WHERE id = $1`, [id]);
    await lock(this.db, `email:${lockEmail}`, this.config.lockoutSeconds);
    throw tooMany(`Too many wrong codes: try again in ${minutes(this.config.lockoutSeconds)} minutes`, this.config.lockoutSeconds, 'locked');
  }

  // ---- login ------------------------------------------------------------------------------------

  async start(p: {
    email: string;
    jkt: string;
    projectId: string;
    origin: string;
    ip: string;
    session: SessionClaims | undefined;
  }): Promise<{ action: ConnectAction; flowId: string | null }> {
    if (!this.mailer.enabled) throw new HttpError(503, 'email_unavailable', 'E-mail login is not configured on this wallet service');
    const email = normaliseEmail(p.email);
    if (p.session) {
      const me = await this.accounts.view(p.session.userId).catch(() => undefined);
      if (me?.email === email) return { action: 'CONNECT', flowId: null };
    }
    await this.checkLock(email);
    await this.limitSendFrom(p.ip);
    const userId = (await this.accounts.userByEmail(this.db, email)) ?? null;
    const trusted = userId !== null && (await this.accounts.deviceTrusted(this.db, userId, p.jkt));
    await this.limitSendTo(email, userId !== null && !trusted ? 'new-device' : 'owner');
    const needsDevice = this.config.deviceVerification && userId !== null && !trusted;
    const id = randomUUID();
    const deviceToken = needsDevice ? b64url(randomBytes(24)) : null;
    await this.db.transaction(async (tx) => {
      // one open login per address and device: a new request replaces the old one
      await tx.query(`DELETE FROM email_challenges WHERE purpose = 'login' AND email = $1 AND device_jkt = $2`, [email, p.jkt]);
      await tx.query(
        `INSERT INTO email_challenges (id, purpose, user_id, email, device_jkt, project_id, origin, stage, device_token_hash, expires_at)
         VALUES ($1, 'login', $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))`,
        [id, userId, email, p.jkt, p.projectId, p.origin, needsDevice ? 'device' : 'otp', deviceToken ? sha256(deviceToken) : null, FLOW_TTL_SECONDS],
      );
    });
    if (deviceToken) {
      const link = `${this.config.publicUrl}/device/approve?token=${deviceToken}`;
      await this.mailer.send({
        to: email,
        subject: 'Approve a new device for your wallet',
        text: `Someone asked to log in to your wallet from a device it has not seen before, on ${p.origin}.\n\nIf this was you, approve the device:\n${link}\n\nThen enter the code we send next. If it was not you, ignore this e-mail: nothing happens without the approval.`,
        link,
      });
      return { action: 'VERIFY_DEVICE', flowId: id };
    }
    await this.sendCode(this.db, id, email, `Enter it to log in to your wallet on ${p.origin}.`);
    return { action: 'VERIFY_OTP', flowId: id };
  }

  /** CONNECT_DEVICE: waits (up to DEVICE_WAIT_SECONDS) for the link in the e-mail, then mails the code. */
  async waitForDevice(p: { flowId: string; jkt: string; signal: AbortSignal }): Promise<{ action: 'VERIFY_OTP' }> {
    const deadline = Date.now() + DEVICE_WAIT_SECONDS * 1000;
    for (;;) {
      const c = await this.load(p.flowId, p.jkt, 'login');
      if (c.stage === 'otp') return { action: 'VERIFY_OTP' };
      if (c.stage !== 'device') throw badRequest('This login is not waiting for a device approval', 'wrong_step');
      if (c.device_approved) {
        const moved = await this.db.query(`UPDATE email_challenges SET stage = 'otp' WHERE id = $1 AND stage = 'device' RETURNING id`, [c.id]);
        if (moved.length) await this.sendCode(this.db, c.id, c.email, `Your new device is approved. Enter the code to log in on ${c.origin}.`);
        return { action: 'VERIFY_OTP' };
      }
      if (Date.now() > deadline || p.signal.aborted) {
        throw new HttpError(408, 'device_not_approved', 'The device is not approved yet: open the link in the e-mail, then try again');
      }
      await new Promise((r) => setTimeout(r, 400));
    }
  }

  /** The device-approval page's lookup: what the link is about (no side effect). */
  async deviceRequest(token: string): Promise<{ origin: string; email: string; approved: boolean } | undefined> {
    if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return undefined;
    const rows = await this.db.query<{ origin: string; email: string; approved: boolean }>(
      `SELECT origin, email, device_approved_at IS NOT NULL AS approved FROM email_challenges
       WHERE device_token_hash = $1 AND expires_at > now() AND stage IN ('device', 'otp')`,
      [sha256(token)],
    );
    return rows[0];
  }

  async approveDevice(token: string): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return false;
    const rows = await this.db.query(
      `UPDATE email_challenges SET device_approved_at = COALESCE(device_approved_at, now())
       WHERE device_token_hash = $1 AND expires_at > now() AND stage IN ('device', 'otp') RETURNING id`,
      [sha256(token)],
    );
    return rows.length > 0;
  }

  /** CONNECT_OTP: the code ends the login; the account (and its key) is made on the first one. */
  async verify(p: { flowId: string; otp: string; jkt: string; ip: string; userAgent: string | null }): Promise<SessionGrant> {
    await this.limitVerify(p.ip);
    const c = await this.load(p.flowId, p.jkt, 'login');
    await this.checkLock(c.email);
    await this.checkCode(c, p.otp, 'otp', c.email);
    const userId = await this.db.transaction(async (tx) => {
      const gone = await tx.query(`DELETE FROM email_challenges WHERE id = $1 AND stage = 'otp' RETURNING id`, [c.id]);
      if (gone.length === 0) throw notFound('This code was already used', 'flow_not_found');
      const id = (await this.accounts.userByEmail(tx, c.email)) ?? (await this.accounts.createUser(tx, c.email));
      await this.accounts.trustDevice(tx, id, p.jkt, c.origin, p.userAgent);
      return id;
    });
    return this.accounts.grant(userId, p.jkt, c.project_id, c.origin);
  }

  // ---- e-mail change -----------------------------------------------------------------------------

  /**
   * UPDATE_EMAIL: VERIFY_PRIMARY_OTP (a code to the current address first) when the account has an
   * address, VERIFY_SECONDARY_OTP (a code to the new address only) when it has none (social accounts).
   */
  async startUpdate(p: { session: SessionClaims; newEmail: string; ip: string }): Promise<{ action: UpdateAction; flowId: string }> {
    if (!this.mailer.enabled) throw new HttpError(503, 'email_unavailable', 'E-mail is not configured on this wallet service');
    const newEmail = normaliseEmail(p.newEmail);
    const me = await this.accounts.view(p.session.userId);
    if (me.email === newEmail) throw badRequest('This is already the e-mail of this account', 'same_email');
    // the limits before anything is looked up about the new address; whether it is taken shows in no answer
    await this.limitSend(newEmail, p.ip);
    if (me.email) await this.checkLock(me.email);
    const id = randomUUID();
    const stage = me.email ? 'primary' : 'secondary';
    await this.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM email_challenges WHERE purpose = 'email_update' AND user_id = $1`, [p.session.userId]);
      await tx.query(
        `INSERT INTO email_challenges (id, purpose, user_id, email, new_email, device_jkt, project_id, origin, stage, expires_at)
         VALUES ($1, 'email_update', $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))`,
        [id, p.session.userId, me.email ?? newEmail, newEmail, p.session.jkt, p.session.projectId, p.session.origin, stage, FLOW_TTL_SECONDS],
      );
    });
    if (me.email) {
      await this.sendCode(this.db, id, me.email, `Enter it to confirm changing your wallet's e-mail to ${newEmail}.`);
      return { action: 'VERIFY_PRIMARY_OTP', flowId: id };
    }
    await this.sendNewAddressCode(id, newEmail, p.session.origin);
    return { action: 'VERIFY_SECONDARY_OTP', flowId: id };
  }

  async verifyPrimary(p: { session: SessionClaims; flowId: string; otp: string; ip: string }): Promise<void> {
    await this.limitVerify(p.ip);
    const c = await this.load(p.flowId, p.session.jkt, 'email_update');
    if (c.user_id !== p.session.userId) throw notFound('Unknown or expired request: start again', 'flow_not_found');
    await this.checkLock(c.email);
    await this.checkCode(c, p.otp, 'primary', c.email);
    const moved = await this.db.query(`UPDATE email_challenges SET stage = 'secondary' WHERE id = $1 AND stage = 'primary' RETURNING id`, [c.id]);
    if (!moved.length) throw notFound('This code was already used', 'flow_not_found');
    await this.sendNewAddressCode(c.id, c.new_email!, c.origin);
  }

  async verifySecondary(p: { session: SessionClaims; flowId: string; otp: string; ip: string }): Promise<{ newEmail: string }> {
    await this.limitVerify(p.ip);
    const c = await this.load(p.flowId, p.session.jkt, 'email_update');
    if (c.user_id !== p.session.userId) throw notFound('Unknown or expired request: start again', 'flow_not_found');
    await this.checkLock(c.new_email!);
    await this.checkCode(c, p.otp, 'secondary', c.new_email!);
    const newEmail = c.new_email!;
    await this.db.transaction(async (tx) => {
      const gone = await tx.query(`DELETE FROM email_challenges WHERE id = $1 AND stage = 'secondary' RETURNING id`, [c.id]);
      if (!gone.length) throw notFound('This code was already used', 'flow_not_found');
      if (await this.accounts.userByEmail(tx, newEmail)) throw new HttpError(409, 'email_taken', 'This e-mail belongs to another account');
      await tx.query(`UPDATE users SET email = $2 WHERE id = $1`, [c.user_id, newEmail]);
      // a new address ends every session of the account (security review L4)
      await this.accounts.tokens.revokeAll(tx, c.user_id!);
    });
    return { newEmail };
  }
}
