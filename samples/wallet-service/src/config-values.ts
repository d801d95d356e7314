/**
 * The value checks of the wallet service's configuration (config.ts): the shapes of the settings the
 * JSON file (WALLET_CONFIG), the environment and programmatic options may set (zod), and the key
 * encryption keys' text form (WALLET_KEK). A bad value is a ConfigError naming the setting.
 */
import { z } from 'zod';
import { APPROVAL_MODES, DEFAULT_APPROVAL_MODE } from '../shared/approval-mode';
import { ConfigError } from './errors';

export const SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

const origin = z.string().refine((s) => {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === s;
  } catch {
    return false;
  }
}, 'must be an origin such as https://app.example (scheme, host and port only, no path or trailing slash)');

/**
 * An approval mode (shared/approval-mode.ts). The earlier on/off form is still read: on (true, "1") is
 * 'always', as it meant; off is the default ('value'), as it was the default.
 */
const approvalMode = z.preprocess(
  (v) => (v === true || (typeof v === 'string' && /^(1|true|yes|on)$/i.test(v)) ? 'always' : v === false || (typeof v === 'string' && /^(0|false|no|off)$/i.test(v)) ? DEFAULT_APPROVAL_MODE : v),
  z.enum(APPROVAL_MODES),
);

const projectSchema = z.object({
  projectId: z.string().min(1).max(128).regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dot, underscore and hyphen only'),
  name: z.string().max(100).optional(),
  origins: z.array(origin).min(1).max(100),
  /** Where a social login returns on the dapp's origin (default "/"). */
  socialReturnPath: z.string().regex(/^\/[^\s?#]*$/, 'a path starting with /').max(200).optional(),
  /** Where this project's approvals are shown (shared/approval-mode.ts); default WALLET_APPROVAL_WINDOW's. */
  approvalWindow: approvalMode.optional(),
});
export type ProjectConfig = z.infer<typeof projectSchema>;

const chainSchema = z.object({
  chainId: z.number().int().positive().max(2 ** 53 - 1),
  name: z.string().min(1).max(100).optional(),
  rpcUrl: z.string().url().refine((s) => /^https?:/.test(s), 'http(s) URL'),
  nativeCurrency: z
    .object({ name: z.string().max(50), symbol: z.string().max(12), decimals: z.number().int().min(0).max(36) })
    .optional(),
  /** ERC-4337 on this chain: users may switch to a smart account (a SimpleAccount v0.8 of `factory`), sent through `bundlerUrl`. */
  smartAccounts: z
    .object({
      bundlerUrl: z.string().url().refine((s) => /^https?:/.test(s), 'http(s) URL'),
      factory: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an address'),
    })
    .strict()
    .optional(),
});
export type ChainConfig = z.infer<typeof chainSchema> & { name: string; nativeCurrency: { name: string; symbol: string; decimals: number } };

const socialSchema = z.object({
  clientId: z.string().min(1).max(500),
  clientSecret: z.string().min(1).max(4000),
  /** An OpenID Connect issuer: endpoints come from its discovery document and the id_token is verified. */
  issuer: z.string().url().optional(),
  authorizationEndpoint: z.string().url().optional(),
  tokenEndpoint: z.string().url().optional(),
  userinfoEndpoint: z.string().url().optional(),
  scope: z.string().max(500).optional(),
});
export type SocialConfig = z.infer<typeof socialSchema>;

const positiveInt = z.number().int().positive();

/** Everything the JSON file (WALLET_CONFIG) and programmatic options may set. */
export const fileSchema = z
  .object({
    host: z.string(),
    port: z.number().int().min(0).max(65535),
    publicUrl: z.string().url(),
    dev: z.boolean(),
    devAllowRemote: z.boolean(),
    devMailbox: z.boolean(),
    databaseUrl: z.string(),
    dataDir: z.string(),
    kek: z.string(),
    sessionSecret: z.string(),
    sessionTtlSeconds: positiveInt,
    sessionMaxAgeSeconds: positiveInt,
    projects: z.array(projectSchema).max(10_000),
    chains: z.array(chainSchema).max(100),
    smtpUrl: z.string(),
    mailFrom: z.string(),
    social: z.record(z.enum(SOCIAL_PROVIDERS), socialSchema),
    farcasterDev: z.boolean(),
    approvalWindow: approvalMode,
    codeTtlSeconds: positiveInt,
    codeMaxAttempts: positiveInt.max(100),
    lockoutSeconds: positiveInt,
    resendIntervalSeconds: z.number().int().min(0),
    rateEmailPerHour: positiveInt,
    rateIpPerHour: positiveInt,
    rateVerifyPerIpPer10Min: positiveInt,
    rateApiPerIpPerMinute: positiveInt,
    longPollsPerIp: positiveInt.max(10_000),
    rateRpcPerUserPerMinute: positiveInt,
    trustProxy: z.number().int().min(0).max(10),
    deviceVerification: z.boolean(),
    devFundWei: z.string().regex(/^\d+$/),
    devOidc: z.boolean(),
    devOidcPort: z.number().int().min(0).max(65535),
    log: z.boolean(),
  })
  .partial()
  .strict();
export type WalletServiceOptions = z.infer<typeof fileSchema>;

export interface Kek {
  readonly id: string;
  readonly key: Buffer;
}

/** Decodes a 32-byte secret given as base64, base64url or 64 hex digits. */
export function decodeKey32(value: string, what: string): Buffer {
  const trimmed = value.trim();
  const buf = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (buf.length !== 32) throw new ConfigError(`${what}: expected 32 bytes (base64 or 64 hex digits), got ${buf.length}`);
  return buf;
}

/** WALLET_KEK: `id:key[,id:key…]` (first one active) or a single key (id "k1"). */
export function parseKeks(value: string): Kek[] {
  const parts = value.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) throw new ConfigError('WALLET_KEK: empty');
  const keks = parts.map((part, i) => {
    const m = /^([A-Za-z0-9_-]{1,32}):(.+)$/.exec(part);
    const id = m ? m[1]! : parts.length === 1 ? 'k1' : `k${i + 1}`;
    return { id, key: decodeKey32(m ? m[2]! : part, `WALLET_KEK (${id})`) };
  });
  if (new Set(keks.map((k) => k.id)).size !== keks.length) throw new ConfigError('WALLET_KEK: duplicate key ids');
  return keks;
}
