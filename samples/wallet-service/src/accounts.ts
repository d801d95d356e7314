/**
 * Users, projects and sessions: what every login method shares.
 */
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../shared/db/open';
import type { WalletServiceConfig, ProjectConfig } from './config';
import { HttpError } from './errors';
import type { Tokens } from './tokens';
import { SMART_ACCOUNT_UNSUPPORTED } from './smart-accounts';
import type { Wallets } from './wallet';

export const ORIGIN_NOT_ALLOWED = 'Unauthorized: origin not allowed';
export const INVALID_PROJECT = 'Unauthorized: invalid key';

export type AccountType = 'eoa' | 'smartAccount';

export interface UserView {
  readonly email: string | null;
  /** The address the user acts with: the smart account's when the account type is smartAccount, else the key's. */
  readonly address: string;
  readonly userName: string | null;
  readonly accountType: AccountType;
  /** The key's own address (the smart account's owner). */
  readonly eoaAddress: string;
  /** The user's smart account (created by its first operation), when a chain of the service has smart accounts. */
  readonly smartAccountAddress: string | null;
  /** The account type is smartAccount and its first operation has created it (on the first chain with smart accounts). */
  readonly smartAccountDeployed: boolean;
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
    const rows = await q.query<{ email: string | null; address: string; username: string | null; account_type: AccountType }>(
      `SELECT u.email, k.address, u.account_type,
              (SELECT username FROM identities i WHERE i.user_id = u.id AND username IS NOT NULL ORDER BY created_at DESC LIMIT 1) AS username
       FROM users u JOIN wallet_keys k ON k.user_id = u.id WHERE u.id = $1`,
      [userId],
    );
    const r = rows[0];
    if (!r) throw new HttpError(401, 'session_invalid', 'Unknown user');
    const smartAccountAddress = await this.wallets.smart.address(r.address);
    const accountType = r.account_type === 'smartAccount' && smartAccountAddress ? 'smartAccount' : 'eoa';
    const [first] = this.wallets.smart.enabledChainIds();
    const smartAccountDeployed = accountType === 'smartAccount' && first !== undefined && (await this.wallets.smart.deployed(first, smartAccountAddress as `0x${string}`));
    return {
      email: r.email,
      address: accountType === 'smartAccount' ? smartAccountAddress! : r.address,
      userName: r.username,
      accountType,
      eoaAddress: r.address,
      smartAccountAddress,
      smartAccountDeployed,
    };
  }

  /** Stores the user's account type (the smart account needs a chain with smart accounts). */
  async setAccountType(userId: string, type: AccountType): Promise<UserView> {
    if (type === 'smartAccount' && this.wallets.smart.enabledChainIds().length === 0) {
      throw new HttpError(400, SMART_ACCOUNT_UNSUPPORTED, 'This wallet service has no chain with smart accounts');
    }
    await this.db.query(`UPDATE users SET account_type = $2 WHERE id = $1`, [userId, type]);
    const user = await this.view(userId);
    if (this.config.devFundWei !== null) await this.devFund(user);
    return user;
  }

  /** Dev mode: tops up the key's address and its smart account (which pays its own operations: no paymaster). */
  private async devFund(user: UserView): Promise<void> {
    const wei = this.config.devFundWei!;
    await Promise.all([user.eoaAddress, ...(user.smartAccountAddress ? [user.smartAccountAddress] : [])].map((a) => this.wallets.devFund(a, wei)));
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
    if (this.config.devFundWei !== null) await this.devFund(user);
    return { token, expiresAt, user };
  }
}
