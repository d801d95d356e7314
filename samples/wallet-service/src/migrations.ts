/**
 * The wallet service's schema migrations, applied at start by the shared runner
 * (`samples/shared/db/migrate.ts`: in order, each once in its own transaction, recorded in
 * `schema_migrations`). Never edit a released migration: add the next version. Times are timestamptz
 * and compared with the database's now(), so every process behind a load balancer uses one clock.
 */
import { openMigratedDb, type Migration } from '../../shared/db/migrate';
import type { DatabaseConfig } from '../../shared/db/open';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'users, keys, devices, e-mail challenges, social and farcaster logins, limits, sessions, dev mailbox',
    statements: [
      `CREATE TABLE users (
        id text PRIMARY KEY,
        email text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- sessions issued before this instant are invalid (sign out everywhere)
        sessions_valid_after timestamptz NOT NULL DEFAULT 'epoch'
      )`,
      // One EVM key per user, envelope-encrypted: the key under a per-key data key (DEK), the DEK under a
      // key-encryption key (KEK) from the configuration, named by kek_id. See README "Custody model".
      `CREATE TABLE wallet_keys (
        user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        address text NOT NULL UNIQUE,
        kek_id text NOT NULL,
        wrapped_dek bytea NOT NULL,
        encrypted_key bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE identities (
        provider text NOT NULL,
        subject text NOT NULL,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        username text,
        email text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider, subject)
      )`,
      `CREATE INDEX identities_user ON identities(user_id)`,
      // A device is the frame's device key (its JWK thumbprint) as used by one user.
      `CREATE TABLE user_devices (
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        jkt text NOT NULL,
        label text,
        origin text,
        verified_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, jkt)
      )`,
      `CREATE TABLE email_challenges (
        id text PRIMARY KEY,
        purpose text NOT NULL CHECK (purpose IN ('login', 'email_update')),
        user_id text REFERENCES users(id) ON DELETE CASCADE,
        email text NOT NULL,
        new_email text,
        device_jkt text NOT NULL,
        project_id text NOT NULL,
        origin text NOT NULL,
        stage text NOT NULL,
        code_hash bytea,
        code_expires_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        device_token_hash bytea UNIQUE,
        device_approved_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`,
      `CREATE INDEX email_challenges_email ON email_challenges(email)`,
      `CREATE INDEX email_challenges_expires ON email_challenges(expires_at)`,
      `CREATE TABLE lockouts (
        key text PRIMARY KEY,
        until timestamptz NOT NULL
      )`,
      `CREATE TABLE rate_limits (
        key text PRIMARY KEY,
        window_start timestamptz NOT NULL,
        count integer NOT NULL
      )`,
      `CREATE TABLE revoked_sessions (
        sid text PRIMARY KEY,
        user_id text,
        revoked_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`,
      `CREATE TABLE proof_jtis (
        jti text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      )`,
      `CREATE TABLE oauth_states (
        state_hash bytea PRIMARY KEY,
        provider text NOT NULL,
        code_verifier text NOT NULL,
        nonce text NOT NULL,
        project_id text NOT NULL,
        origin text NOT NULL,
        device_jkt text NOT NULL,
        return_to text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`,
      `CREATE TABLE social_results (
        code_hash bytea PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        provider text NOT NULL,
        username text,
        project_id text NOT NULL,
        origin text NOT NULL,
        device_jkt text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`,
      `CREATE TABLE farcaster_channels (
        id text PRIMARY KEY,
        project_id text NOT NULL,
        origin text NOT NULL,
        device_jkt text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'approved', 'used')),
        username text,
        fid bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`,
      `CREATE TABLE call_bundles (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        chain_id bigint NOT NULL,
        hashes jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE dev_mailbox (
        id bigserial PRIMARY KEY,
        recipient text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        code text,
        link text,
        sent_at timestamptz NOT NULL DEFAULT now()
      )`,
    ],
  },
  {
    version: 2,
    name: 'account type (eoa or smart account) per user; call bundles sent as one user operation',
    statements: [
      `ALTER TABLE users ADD COLUMN account_type text NOT NULL DEFAULT 'eoa' CHECK (account_type IN ('eoa', 'smartAccount'))`,
      `ALTER TABLE call_bundles ADD COLUMN kind text NOT NULL DEFAULT 'transactions' CHECK (kind IN ('transactions', 'userOperation'))`,
    ],
  },
];

/** Opens the wallet service's database and applies the pending migrations. */
export function openWalletDb(database: DatabaseConfig): ReturnType<typeof openMigratedDb> {
  return openMigratedDb({ database, service: 'latchkey-wallet-service' }, MIGRATIONS);
}
