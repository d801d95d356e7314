/**
 * Users, projects and sessions: what every login method shares.
 */
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../shared/db/open';
import type { WalletServiceConfig, ProjectConfig } from './config';
import { HttpError } from './errors';
import type { Tokens } from './tokens';
import type { Wallets } from './wallet';

export const ORIGIN_NOT_ALLOWED = 'Unauthorized: origin not allowed';
export const INVALID_PROJECT = 'Unauthorized: invalid key';

export interface UserView {
  readonly email: string | null;
  readonly address: string;
  readonly userName: string | null;
}

export interface SessionGrant {
  readonly token: string;
  readonly expiresAt: number;
  readonly user: UserView;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class Accounts {
  constructor(
    readonly db: Db,
    readonly config: WalletServiceConfig,
    readonly tokens: Tokens,
    readonly wallets: Wallets,
  ) {}

  /** The project, if `origin` is on its allowlist; throws the errors the client maps to 'Invalid App Configuration'. */
  project(projectId: string, origin: string): ProjectConfig {
    const p = this.config.projects.find((x) => x.projectId === projectId);
    if (!p) throw new HttpError(403, 'invalid_project', INVALID_PROJECT);
    if (!p.origins.includes(origin)) throw new HttpError(403, 'origin_not_allowed', ORIGIN_NOT_ALLOWED);
    return p;
  }

  async createUser(q: Queryable, email: string | null): Promise<string> {
    const id = randomUUID();
    await q.query(`INSERT INTO users (id, email) VALUES ($1, $2)`, [id, email]);
    await this.wallets.create(q, id);
    return id;
  }

  async userByEmail(q: Queryable, email: string): Promise<string | undefined> {
    const rows = await q.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email]);
    return rows[0]?.id;
  }

  async view(userId: string, q: Queryable = this.db): Promise<UserView> {
    const rows = await q.query<{ email: string | null; address: string; username: string | null }>(
      `SELECT u.email, k.address,
              (SELECT username FROM identities i WHERE i.user_id = u.id AND username IS NOT NULL ORDER BY created_at DESC LIMIT 1) AS username
       FROM users u JOIN wallet_keys k ON k.user_id = u.id WHERE u.id = $1`,
      [userId],
    );
    const r = rows[0];
    if (!r) throw new HttpError(401, 'session_invalid', 'Unknown user');
    return { email: r.email, address: r.address, userName: r.username };
  }

  /** Marks the device as known (and verified) for the user. */
  async trustDevice(q: Queryable, userId: string, jkt: string, origin: string, label: string | null): Promise<void> {
    await q.query(
      `INSERT INTO user_devices (user_id, jkt, label, origin, verified_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (user_id, jkt) DO UPDATE SET verified_at = COALESCE(user_devices.verified_at, now()), last_used_at = now()`,
      [userId, jkt, label?.slice(0, 300) ?? null, origin],
    );
  }

  async deviceTrusted(q: Queryable, userId: string, jkt: string): Promise<boolean> {
    const rows = await q.query(`SELECT 1 FROM user_devices WHERE user_id = $1 AND jkt = $2 AND verified_at IS NOT NULL`, [userId, jkt]);
    return rows.length > 0;
  }

  /** Issues a session for a user who just logged in on device `jkt`. */
  async grant(userId: string, jkt: string, projectId: string, origin: string): Promise<SessionGrant> {
    const { token, expiresAt } = await this.tokens.issue({ userId, jkt, projectId, origin });
    const user = await this.view(userId);
    if (this.config.devFundWei !== null) await this.wallets.devFund(user.address, this.config.devFundWei);
    return { token, expiresAt, user };
  }
}
