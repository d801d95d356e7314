/**
 * The wallet service's settings from environment variables (README.md lists them): read into the
 * JSON file's shape (config.ts validates them), and each setting's variable name for the messages.
 */
import { ConfigError } from './errors';

function parseJsonEnv(env: NodeJS.ProcessEnv, name: string): unknown {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch (err) {
    throw new ConfigError(`${name}: not valid JSON (${(err as Error).message})`);
  }
}

function intEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new ConfigError(`${name}: expected an integer, got ${JSON.stringify(raw)}`);
  return n;
}

function boolEnv(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name}: expected 1/0, true/false, on/off; got ${JSON.stringify(raw)}`);
}

export function strEnv(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw === '' ? undefined : raw;
}

/** Settings from the environment, in the same shape as the JSON file. */
export function fromEnv(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const entries: [string, unknown][] = [
    ['host', strEnv(env, 'WALLET_HOST')],
    ['port', intEnv(env, 'WALLET_PORT')],
    ['publicUrl', strEnv(env, 'WALLET_PUBLIC_URL')],
    ['dev', boolEnv(env, 'WALLET_DEV')],
    ['devAllowRemote', boolEnv(env, 'WALLET_DEV_ALLOW_REMOTE')],
    ['devMailbox', boolEnv(env, 'WALLET_DEV_MAILBOX')],
    ['databaseUrl', strEnv(env, 'DATABASE_URL')],
    ['dataDir', strEnv(env, 'WALLET_DATA_DIR')],
    ['kek', strEnv(env, 'WALLET_KEK')],
    ['sessionSecret', strEnv(env, 'WALLET_SESSION_SECRET')],
    ['sessionTtlSeconds', intEnv(env, 'WALLET_SESSION_TTL')],
    ['sessionMaxAgeSeconds', intEnv(env, 'WALLET_SESSION_MAX_AGE')],
    ['projects', parseJsonEnv(env, 'WALLET_PROJECTS')],
    ['chains', parseJsonEnv(env, 'WALLET_CHAINS')],
    ['smtpUrl', strEnv(env, 'WALLET_SMTP_URL')],
    ['mailFrom', strEnv(env, 'WALLET_MAIL_FROM')],
    ['social', parseJsonEnv(env, 'WALLET_SOCIAL')],
    ['farcasterDev', boolEnv(env, 'WALLET_FARCASTER_DEV')],
    ['approvalWindow', strEnv(env, 'WALLET_APPROVAL_WINDOW')],
    ['codeTtlSeconds', intEnv(env, 'WALLET_CODE_TTL')],
    ['codeMaxAttempts', intEnv(env, 'WALLET_CODE_MAX_ATTEMPTS')],
    ['lockoutSeconds', intEnv(env, 'WALLET_LOCKOUT')],
    ['resendIntervalSeconds', intEnv(env, 'WALLET_RESEND_INTERVAL')],
    ['rateEmailPerHour', intEnv(env, 'WALLET_RATE_EMAIL_PER_HOUR')],
    ['rateIpPerHour', intEnv(env, 'WALLET_RATE_IP_PER_HOUR')],
    ['rateVerifyPerIpPer10Min', intEnv(env, 'WALLET_RATE_VERIFY_PER_IP')],
    ['rateApiPerIpPerMinute', intEnv(env, 'WALLET_RATE_API_PER_IP')],
    ['longPollsPerIp', intEnv(env, 'WALLET_LONG_POLLS_PER_IP')],
    ['rateRpcPerUserPerMinute', intEnv(env, 'WALLET_RATE_RPC_PER_USER')],
    ['trustProxy', intEnv(env, 'WALLET_TRUST_PROXY')],
    ['deviceVerification', boolEnv(env, 'WALLET_DEVICE_VERIFICATION')],
    ['devFundWei', strEnv(env, 'WALLET_DEV_FUND_WEI')],
    ['devOidc', boolEnv(env, 'WALLET_DEV_OIDC')],
    ['devOidcPort', intEnv(env, 'WALLET_OIDC_PORT')],
    ['log', boolEnv(env, 'WALLET_LOG')],
  ];
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}

export const ENV_NAMES: Record<string, string> = {
  host: 'WALLET_HOST', port: 'WALLET_PORT', publicUrl: 'WALLET_PUBLIC_URL', dev: 'WALLET_DEV', devAllowRemote: 'WALLET_DEV_ALLOW_REMOTE', devMailbox: 'WALLET_DEV_MAILBOX',
  databaseUrl: 'DATABASE_URL', dataDir: 'WALLET_DATA_DIR', kek: 'WALLET_KEK', sessionSecret: 'WALLET_SESSION_SECRET',
  sessionTtlSeconds: 'WALLET_SESSION_TTL', sessionMaxAgeSeconds: 'WALLET_SESSION_MAX_AGE', projects: 'WALLET_PROJECTS', chains: 'WALLET_CHAINS', smtpUrl: 'WALLET_SMTP_URL',
  mailFrom: 'WALLET_MAIL_FROM', social: 'WALLET_SOCIAL', farcasterDev: 'WALLET_FARCASTER_DEV', codeTtlSeconds: 'WALLET_CODE_TTL',
  codeMaxAttempts: 'WALLET_CODE_MAX_ATTEMPTS', lockoutSeconds: 'WALLET_LOCKOUT', resendIntervalSeconds: 'WALLET_RESEND_INTERVAL',
  rateEmailPerHour: 'WALLET_RATE_EMAIL_PER_HOUR', rateIpPerHour: 'WALLET_RATE_IP_PER_HOUR',
  rateVerifyPerIpPer10Min: 'WALLET_RATE_VERIFY_PER_IP', rateApiPerIpPerMinute: 'WALLET_RATE_API_PER_IP', longPollsPerIp: 'WALLET_LONG_POLLS_PER_IP',
  rateRpcPerUserPerMinute: 'WALLET_RATE_RPC_PER_USER',
  trustProxy: 'WALLET_TRUST_PROXY', deviceVerification: 'WALLET_DEVICE_VERIFICATION', devFundWei: 'WALLET_DEV_FUND_WEI',
  devOidc: 'WALLET_DEV_OIDC', devOidcPort: 'WALLET_OIDC_PORT', log: 'WALLET_LOG',
  approvalWindow: 'WALLET_APPROVAL_WINDOW',
};
