/**
 * The wallet service's configuration: environment variables (documented in README.md), optionally a
 * JSON file named by WALLET_CONFIG with the same settings in camelCase, and programmatic overrides
 * (tests, the dev stack). Everything is validated here (the value checks: config-values.ts; the
 * environment's reading: config-env.ts); a bad setting stops the start with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DatabaseConfig } from '../../shared/db/open';
import { PORTS } from '../../shared/ports.mjs';
import { DEFAULT_APPROVAL_MODE, type ApprovalMode } from '../shared/approval-mode';
import { ENV_NAMES, fromEnv, strEnv } from './config-env';
import { fileSchema, parseKeks, type ChainConfig, type Kek, type ProjectConfig, type SocialConfig, type SocialProvider, type WalletServiceOptions } from './config-values';
import { ConfigError } from './errors';

export { SOCIAL_PROVIDERS } from './config-values';
export type { ChainConfig, Kek, ProjectConfig, SocialConfig, SocialProvider, WalletServiceOptions } from './config-values';

export interface WalletServiceConfig {
  readonly host: string;
  readonly port: number;
  /** The service's own origin as browsers see it (frame page, API, links in e-mails, OAuth callback). Set after listen when port 0. */
  publicUrl: string;
  readonly publicUrlFixed: boolean;
  readonly dev: boolean;
  readonly devMailbox: boolean;
  readonly database: DatabaseConfig;
  /** Key-encryption keys; the first wraps new keys, the others still unwrap (rotation). */
  readonly keks: readonly Kek[];
  readonly sessionSecret: Buffer;
  readonly sessionTtlSeconds: number;
  /** The absolute lifetime of a login: refreshes never extend a session past it. */
  readonly sessionMaxAgeSeconds: number;
  readonly projects: readonly ProjectConfig[];
  readonly chains: readonly ChainConfig[];
  readonly smtpUrl: string | null;
  readonly mailFrom: string;
  social: Partial<Record<SocialProvider, SocialConfig>>;
  readonly farcasterDev: boolean;
  /**
   * Where approvals are shown (a project's own setting wins): 'value' (default: transactions, call
   * bundles and typed data in the wallet window, a popup no page can draw over), 'always', or 'fallback'.
   */
  readonly approvalWindow: ApprovalMode;
  readonly codeTtlSeconds: number;
  readonly codeMaxAttempts: number;
  readonly lockoutSeconds: number;
  readonly resendIntervalSeconds: number;
  readonly rateEmailPerHour: number;
  readonly rateIpPerHour: number;
  readonly rateVerifyPerIpPer10Min: number;
  readonly rateApiPerIpPerMinute: number;
  /** Long polls (CONNECT_DEVICE, CONNECT_FARCASTER) a client address may hold at once in one process. */
  readonly longPollsPerIp: number;
  /** Read-only chain calls (/v1/wallet/rpc) per account per minute, on top of the per-IP API limit. */
  readonly rateRpcPerUserPerMinute: number;
  readonly trustProxy: number;
  readonly deviceVerification: boolean;
  readonly devFundWei: bigint | null;
  /** Port of the local OpenID provider started in dev mode when no social provider is configured; null: none. */
  readonly devOidcPort: number | null;
  readonly log: boolean;
  /** Warnings to print at start (insecure dev defaults and the like). */
  readonly warnings: readonly string[];
}

const KNOWN_CURRENCIES: Record<number, { name: string; symbol: string; decimals: number }> = {};
const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 };

function validate(raw: unknown, source: string): WalletServiceOptions {
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const key = String(i.path[0] ?? '');
      const where = source === 'env' && ENV_NAMES[key] ? ENV_NAMES[key] : i.path.join('.') || '(root)';
      const sub = source === 'env' && i.path.length > 1 ? ` at ${i.path.slice(1).join('.')}` : '';
      return `${where}${sub}: ${i.message}`;
    });
    throw new ConfigError(`invalid wallet-service configuration (${source}):\n  ${lines.join('\n  ')}`);
  }
  return parsed.data;
}

/** A loopback address or name (127.0.0.0/8, ::1, localhost): reachable from this machine only. */
function isLoopback(host: string): boolean {
  return /^127(\.\d{1,3}){3}$/.test(host) || host === 'localhost' || host === '::1' || host === '[::1]';
}

/**
 * Dev secrets: kept in `<dataDir>/dev-secrets.json` (mode 0600) so that a persistent dev database stays
 * readable across restarts; random per process for an in-memory database. Never used outside dev mode.
 */
function devSecrets(dataDir: string | null): { kek: string; sessionSecret: string; persisted: boolean } {
  if (!dataDir) return { kek: randomBytes(32).toString('base64'), sessionSecret: randomBytes(32).toString('base64'), persisted: false };
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'dev-secrets.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { kek: string; sessionSecret: string };
    return { ...saved, persisted: true };
  }
  const fresh = { kek: `dev:${randomBytes(32).toString('base64')}`, sessionSecret: randomBytes(32).toString('base64') };
  writeFileSync(file, JSON.stringify(fresh), { mode: 0o600 });
  chmodSync(file, 0o600);
  return { ...fresh, persisted: true };
}

/**
 * Builds the configuration from env (+ WALLET_CONFIG file) and overrides (overrides win, then env,
 * then the file).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: WalletServiceOptions = {}): WalletServiceConfig {
  let fileOpts: WalletServiceOptions = {};
  const configPath = strEnv(env, 'WALLET_CONFIG');
  if (configPath) {
    let text: string;
    try {
      text = readFileSync(resolve(configPath), 'utf8');
    } catch (err) {
      throw new ConfigError(`WALLET_CONFIG: cannot read ${configPath} (${(err as Error).message})`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new ConfigError(`WALLET_CONFIG: ${configPath} is not valid JSON (${(err as Error).message})`);
    }
    fileOpts = validate(json, configPath);
  }
  const envOpts = validate(fromEnv(env), 'env');
  const o: WalletServiceOptions = { ...fileOpts, ...envOpts, ...validate(overrides, 'options') };
  const warnings: string[] = [];

  const dev = o.dev ?? false;
  const host = o.host ?? '127.0.0.1';
  const port = o.port ?? PORTS.wallet;
  const publicUrlFixed = o.publicUrl !== undefined || port !== 0;
  const publicUrl = (o.publicUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, '');
  const pu = new URL(publicUrl);
  if (pu.origin !== publicUrl) throw new ConfigError('WALLET_PUBLIC_URL: must be an origin (no path)');
  if (pu.protocol !== 'https:' && !isLoopback(pu.hostname)) {
    if (dev) warnings.push(`WALLET_PUBLIC_URL ${publicUrl} is not https: browsers will not treat it as a secure context`);
    else throw new ConfigError('WALLET_PUBLIC_URL: must be https outside dev mode (except on a loopback address)');
  }

  // WALLET_DATA_DIR: the service's folder (PGlite's database in pglite/, dev secrets next to it)
  const dataDir = o.dataDir === undefined ? resolve('.cache/wallet-service') : o.dataDir === ':memory:' || o.dataDir === 'memory://' ? null : resolve(o.dataDir);
  if (dataDir && !o.databaseUrl) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const database = o.databaseUrl
    ? ({ kind: 'postgres', url: o.databaseUrl } as const)
    : ({ kind: 'pglite', dir: dataDir ? join(dataDir, 'pglite') : null } as const);

  let kekText = o.kek;
  let secretText = o.sessionSecret;
  if (!kekText || !secretText) {
    if (!dev) throw new ConfigError('WALLET_KEK and WALLET_SESSION_SECRET are required outside dev mode (32 random bytes each, base64)');
    if (database.kind === 'postgres') {
      throw new ConfigError('WALLET_KEK and WALLET_SESSION_SECRET are required with DATABASE_URL (every process must share them), also in dev mode');
    }
    const s = devSecrets(dataDir);
    kekText ??= s.kek;
    secretText ??= s.sessionSecret;
    warnings.push(
      s.persisted
        ? `dev mode: WALLET_KEK / WALLET_SESSION_SECRET not set; using dev secrets stored next to the database (${dataDir}/dev-secrets.json). Never do this in production.`
        : 'dev mode: WALLET_KEK / WALLET_SESSION_SECRET not set; using random secrets for this in-memory database',
    );
  }
  const keks = parseKeks(kekText);
  const sessionSecret = (() => {
    const buf = /^[0-9a-fA-F]+$/.test(secretText) && secretText.length >= 64 ? Buffer.from(secretText, 'hex') : Buffer.from(secretText, 'base64');
    if (buf.length < 32) throw new ConfigError('WALLET_SESSION_SECRET: at least 32 bytes (base64 or hex)');
    return buf;
  })();

  const projects = o.projects ?? [];
  if (new Set(projects.map((p) => p.projectId)).size !== projects.length) throw new ConfigError('WALLET_PROJECTS: duplicate projectId');
  if (projects.length === 0) warnings.push('WALLET_PROJECTS is empty: every frame will answer "Unauthorized: invalid key"');

  const chains: ChainConfig[] = (o.chains ?? []).map((c) => ({
    ...c,
    name: c.name ?? `Chain ${c.chainId}`,
    nativeCurrency: c.nativeCurrency ?? KNOWN_CURRENCIES[c.chainId] ?? ETHER,
  }));
  if (new Set(chains.map((c) => c.chainId)).size !== chains.length) throw new ConfigError('WALLET_CHAINS: duplicate chainId');
  if (chains.length === 0) warnings.push('WALLET_CHAINS is empty: the wallet cannot sign transactions or read chains');

  // Dev mode lets anyone log in as anyone (the dev mailbox shows every code and device link, the
  // Farcaster stand-in and the local OpenID provider take any name): only on this machine, unless the
  // operator says otherwise, and then without those.
  const devAllowRemote = o.devAllowRemote ?? false;
  if (devAllowRemote && !dev) throw new ConfigError('WALLET_DEV_ALLOW_REMOTE needs WALLET_DEV=1');
  const remote = !isLoopback(host) || !isLoopback(pu.hostname);
  const exposed = !isLoopback(host) ? `WALLET_HOST ${host}` : `WALLET_PUBLIC_URL ${publicUrl}`;
  if (dev && remote && !devAllowRemote) {
    throw new ConfigError(
      `WALLET_DEV=1 with ${exposed}: dev mode runs on a loopback address only (its dev mailbox hands every login code to anyone who can reach it). ` +
        'Listen on 127.0.0.1, or set WALLET_DEV_ALLOW_REMOTE=1 to run dev mode there without the dev mailbox, the Farcaster stand-in and the local OpenID provider',
    );
  }
  const devLocal = dev && !remote;
  const devMailbox = o.devMailbox ?? devLocal;
  if (devMailbox && !dev) throw new ConfigError('WALLET_DEV_MAILBOX needs WALLET_DEV=1: the dev mailbox shows login codes to anyone');
  if (devMailbox && !devLocal) throw new ConfigError(`WALLET_DEV_MAILBOX cannot be on with ${exposed}: the dev mailbox shows login codes to anyone who can reach it`);
  const smtpUrl = o.smtpUrl ?? null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('WALLET_SMTP_URL: expected smtp://… or smtps://…');
  if (!smtpUrl && !devMailbox) warnings.push('no mail transport (WALLET_SMTP_URL): e-mail login is disabled');

  // the local OpenID provider listens on 127.0.0.1 whatever WALLET_HOST is (service.ts)
  const devOidc = o.devOidc ?? (devLocal && !o.social);
  if (devOidc && !dev) throw new ConfigError('WALLET_DEV_OIDC (the local OpenID provider) needs WALLET_DEV=1');
  if (devOidc && o.social) throw new ConfigError('WALLET_DEV_OIDC and WALLET_SOCIAL exclude each other: the local OpenID provider stands in for every social provider');
  const devOidcPort = devOidc ? (o.devOidcPort ?? PORTS.oidc) : null;

  if (o.farcasterDev && dev && remote) warnings.push(`the Farcaster stand-in is on with ${exposed}: anyone who reaches it can log in as any Farcaster name`);

  const devFundWei = o.devFundWei !== undefined ? BigInt(o.devFundWei) : dev ? 100n * 10n ** 18n : null;
  if (devFundWei !== null && !dev) throw new ConfigError('WALLET_DEV_FUND_WEI needs WALLET_DEV=1 (it calls anvil_setBalance)');

  return {
    host,
    port,
    publicUrl,
    publicUrlFixed,
    dev,
    devMailbox,
    database,
    keks,
    sessionSecret,
    sessionTtlSeconds: o.sessionTtlSeconds ?? 7 * 24 * 3600,
    sessionMaxAgeSeconds: o.sessionMaxAgeSeconds ?? 30 * 24 * 3600,
    projects,
    chains,
    smtpUrl,
    mailFrom: o.mailFrom ?? 'Latchkey Wallet <wallet@localhost>',
    social: o.social ?? {},
    farcasterDev: o.farcasterDev ?? devLocal,
    approvalWindow: o.approvalWindow ?? DEFAULT_APPROVAL_MODE,
    codeTtlSeconds: o.codeTtlSeconds ?? 600,
    codeMaxAttempts: o.codeMaxAttempts ?? 5,
    lockoutSeconds: o.lockoutSeconds ?? 900,
    resendIntervalSeconds: o.resendIntervalSeconds ?? 30,
    rateEmailPerHour: o.rateEmailPerHour ?? 10,
    rateIpPerHour: o.rateIpPerHour ?? 30,
    rateVerifyPerIpPer10Min: o.rateVerifyPerIpPer10Min ?? 60,
    rateApiPerIpPerMinute: o.rateApiPerIpPerMinute ?? 600,
    longPollsPerIp: o.longPollsPerIp ?? 8,
    rateRpcPerUserPerMinute: o.rateRpcPerUserPerMinute ?? 300,
    trustProxy: o.trustProxy ?? 0,
    deviceVerification: o.deviceVerification ?? true,
    devFundWei,
    devOidcPort,
    log: o.log ?? true,
    warnings,
  };
}
