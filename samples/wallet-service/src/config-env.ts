/**
 * The wallet service's settings from environment variables (README.md lists them): read by the shared
 * reader (samples/shared/env.mjs; WALLET_CHAINS is the stack's chain list) into the JSON file's shape
 * (config.ts validates them), and each setting's variable name for the messages.
 */
import { readEnv } from '../../shared/env.mjs';

export function strEnv(env: NodeJS.ProcessEnv, name: string): string | undefined {
  return readEnv(env).string(name);
}

/** Settings from the environment, in the same shape as the JSON file. */
export function fromEnv(env: NodeJS.ProcessEnv): Record<string, unknown> {
  // the shared reader (samples/shared/env.mjs): each variable's text checked, ranges by config-values.ts
  const read = readEnv(env);
  const entries: [string, unknown][] = [
    ['host', read.string('WALLET_HOST')],
    ['port', read.port('WALLET_PORT')],
    ['publicUrl', read.string('WALLET_PUBLIC_URL')],
    ['dev', read.boolean('WALLET_DEV')],
    ['devAllowRemote', read.boolean('WALLET_DEV_ALLOW_REMOTE')],
    ['devMailbox', read.boolean('WALLET_DEV_MAILBOX')],
    ['databaseUrl', read.string('DATABASE_URL')],
    ['dataDir', read.string('WALLET_DATA_DIR')],
    ['kek', read.string('WALLET_KEK')],
    ['sessionSecret', read.string('WALLET_SESSION_SECRET')],
    ['sessionTtlSeconds', read.integer('WALLET_SESSION_TTL')],
    ['sessionMaxAgeSeconds', read.integer('WALLET_SESSION_MAX_AGE')],
    ['projects', read.json('WALLET_PROJECTS')],
    ['chains', read.chains('WALLET_CHAINS', { max: 100 })],
    ['smtpUrl', read.string('WALLET_SMTP_URL')],
    ['mailFrom', read.string('WALLET_MAIL_FROM')],
    ['social', read.json('WALLET_SOCIAL')],
    ['farcasterDev', read.boolean('WALLET_FARCASTER_DEV')],
    ['approvalWindow', read.string('WALLET_APPROVAL_WINDOW')],
    ['codeTtlSeconds', read.integer('WALLET_CODE_TTL')],
    ['codeMaxAttempts', read.integer('WALLET_CODE_MAX_ATTEMPTS')],
    ['lockoutSeconds', read.integer('WALLET_LOCKOUT')],
    ['resendIntervalSeconds', read.integer('WALLET_RESEND_INTERVAL')],
    ['rateEmailPerHour', read.integer('WALLET_RATE_EMAIL_PER_HOUR')],
    ['rateIpPerHour', read.integer('WALLET_RATE_IP_PER_HOUR')],
    ['rateVerifyPerIpPer10Min', read.integer('WALLET_RATE_VERIFY_PER_IP')],
    ['rateApiPerIpPerMinute', read.integer('WALLET_RATE_API_PER_IP')],
    ['longPollsPerIp', read.integer('WALLET_LONG_POLLS_PER_IP')],
    ['rateRpcPerUserPerMinute', read.integer('WALLET_RATE_RPC_PER_USER')],
    ['trustProxy', read.integer('WALLET_TRUST_PROXY')],
    ['deviceVerification', read.boolean('WALLET_DEVICE_VERIFICATION')],
    ['devFundWei', read.string('WALLET_DEV_FUND_WEI')],
    ['devOidc', read.boolean('WALLET_DEV_OIDC')],
    ['devOidcPort', read.port('WALLET_OIDC_PORT')],
    ['log', read.boolean('WALLET_LOG')],
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
