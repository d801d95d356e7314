/**
 * Farcaster login: a URI the client shows as a QR code and link, opened on the user's phone, then
 * CONNECT_FARCASTER waits until the user has signed in there.
 *
 * In production that URI is a Sign In With Farcaster channel on Farcaster's relay and the answer a
 * signed SIWF message checked against the Farcaster ID registry; that needs the internet and is not
 * part of this service yet. The dev stand-in (dev mode, WALLET_FARCASTER_DEV) is a channel of this
 * service: the URI opens a page here where a person picks a Farcaster name and clicks "Approve".
 * The channel is bound to the frame's device key, like every login here.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../shared/db/open';
import type { Accounts, SessionGrant } from './accounts';
import type { WalletServiceConfig } from './config';
import { HttpError, notFound, tooMany } from './errors';
import { hit } from './limits';
import { b64url } from './tokens';

const CHANNEL_TTL_SECONDS = 600;
export const FARCASTER_WAIT_SECONDS = 25;
export const FARCASTER_NAME = /^[a-z0-9][a-z0-9-]{0,15}(\.eth)?$/;

export class FarcasterAuth {
  constructor(
    private readonly db: Db,
    private readonly config: WalletServiceConfig,
    private readonly accounts: Accounts,
  ) {}

  get enabled(): boolean {
    return this.config.farcasterDev;
  }

  private assertEnabled(): void {
    if (!this.enabled) throw new HttpError(501, 'farcaster_unavailable', 'Farcaster login is not configured on this wallet service');
  }

  async start(p: { jkt: string; projectId: string; origin: string; ip: string }): Promise<{ url: string; channelId: string }> {
    this.assertEnabled();
    this.accounts.project(p.projectId, p.origin);
    const limit = await hit(this.db, `farcaster-ip:${p.ip}`, 60, 600);
    if (!limit.allowed) throw tooMany('Too many login attempts from your network: try again later', limit.retryAfterSeconds);
    const channelId = b64url(randomBytes(24));
    await this.db.query(
      `INSERT INTO farcaster_channels (id, project_id, origin, device_jkt, status, expires_at)
       VALUES ($1, $2, $3, $4, 'pending', now() + make_interval(secs => $5))`,
      [channelId, p.projectId, p.origin, p.jkt, CHANNEL_TTL_SECONDS],
    );
    return { channelId, url: `${this.config.publicUrl}/farcaster/connect?channel=${channelId}` };
  }

  async channel(id: string): Promise<{ origin: string; status: string } | undefined> {
    if (!/^[A-Za-z0-9_-]{32}$/.test(id)) return undefined;
    const rows = await this.db.query<{ origin: string; status: string }>(
      `SELECT origin, status FROM farcaster_channels WHERE id = $1 AND expires_at > now()`,
      [id],
    );
    return rows[0];
  }

  /** The stand-in's "Approve" on the phone page. */
  async approve(id: string, username: string): Promise<boolean> {
    this.assertEnabled();
    if (!/^[A-Za-z0-9_-]{32}$/.test(id) || !FARCASTER_NAME.test(username)) return false;
    const rows = await this.db.query(
      `UPDATE farcaster_channels SET status = 'approved', username = $2 WHERE id = $1 AND status = 'pending' AND expires_at > now() RETURNING id`,
      [id, username],
    );
    return rows.length > 0;
  }

  /** CONNECT_FARCASTER: waits (up to FARCASTER_WAIT_SECONDS) for the approval, then logs in. */
  async finish(p: { channelId: string; jkt: string; signal: AbortSignal; userAgent: string | null }): Promise<SessionGrant & { userName: string }> {
    this.assertEnabled();
    if (!/^[A-Za-z0-9_-]{32}$/.test(p.channelId)) throw notFound('Unknown or expired Farcaster login: start again', 'channel_not_found');
    const deadline = Date.now() + FARCASTER_WAIT_SECONDS * 1000;
    for (;;) {
      const rows = await this.db.query<{ status: string; username: string | null; project_id: string; origin: string; device_jkt: string }>(
        `SELECT status, username, project_id, origin, device_jkt FROM farcaster_channels WHERE id = $1 AND expires_at > now()`,
        [p.channelId],
      );
      const ch = rows[0];
      if (!ch || ch.device_jkt !== p.jkt || ch.status === 'used') throw notFound('Unknown or expired Farcaster login: start again', 'channel_not_found');
      if (ch.status === 'approved' && ch.username) {
        const claimed = await this.db.query(`UPDATE farcaster_channels SET status = 'used' WHERE id = $1 AND status = 'approved' RETURNING id`, [p.channelId]);
        if (!claimed.length) throw notFound('This Farcaster login was already used', 'channel_not_found');
        const username = ch.username;
        const userId = await this.db.transaction(async (tx) => {
          const known = await tx.query<{ user_id: string }>(`SELECT user_id FROM identities WHERE provider = 'farcaster' AND subject = $1`, [username]);
          if (known[0]) return known[0].user_id;
          const id = await this.accounts.createUser(tx, null);
          await tx.query(`INSERT INTO identities (provider, subject, user_id, username) VALUES ('farcaster', $1, $2, $1)`, [username, id]);
          return id;
        });
        await this.accounts.trustDevice(this.db, userId, p.jkt, ch.origin, p.userAgent);
        const grant = await this.accounts.grant(userId, p.jkt, ch.project_id, ch.origin);
        return { ...grant, userName: username };
      }
      if (Date.now() > deadline || p.signal.aborted) {
        throw new HttpError(408, 'farcaster_pending', 'Not approved yet: scan the code with your phone and approve, then try again');
      }
      await new Promise((r) => setTimeout(r, 400));
    }
  }
}
