// The local payment provider's configuration: every option, its environment variable and its
// default, validated. `resolveConfig(options, env)` takes, per option, the explicit option, else
// its env variable, else the default, and throws OnrampConfigError naming the option or variable.
// README.md has the same table for people; keep both in step.
import { localOrigins, localUrl, PORTS, STACK_CHAINS } from '../../shared/ports.mjs';

/** Thrown for an invalid option or environment variable. */
export class OnrampConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OnrampConfigError';
  }
}

/** The stack's chain 31337 (anvil) at its default port. */
const DEFAULT_CHAINS = `${STACK_CHAINS[0]!.chainId}=${localUrl(PORTS.anvil31337)}`;
/** The demo's origins. */
const DEFAULT_REDIRECT_ORIGINS = localOrigins(PORTS.demo).join(',');
/** A decimal amount of the native currency: at most 18 fraction digits. */
export const AMOUNT_RE = /^(?:0|[1-9][0-9]{0,17})(?:\.[0-9]{1,18})?$/;
const PROVIDER_RE = /^[a-z0-9-]{1,32}$/;
const PROJECT_RE = /^[A-Za-z0-9._-]{1,64}$/;
const SYMBOL_RE = /^[A-Za-z0-9.]{1,16}$/;

export interface OnrampChain {
  readonly chainId: number;
  readonly rpcUrl: string;
  readonly name: string;
  /** The asset sold on it (18 decimals). */
  readonly nativeSymbol: string;
}

/** Options of startOnrampProvider; each wins over its environment variable (README.md). */
export interface OnrampProviderOptions {
  readonly port?: number;
  readonly host?: string;
  readonly chains?: readonly { readonly chainId: number; readonly rpcUrl: string; readonly name?: string; readonly nativeSymbol?: string }[];
  readonly funderKey?: string;
  readonly dataServiceUrl?: string;
  readonly dataSecret?: string;
  readonly providerId?: string;
  readonly projectId?: string;
  readonly redirectOrigins?: readonly string[];
  readonly defaultAmount?: string;
  readonly maxAmount?: string;
  readonly sessionTtlS?: number;
  readonly maxSessions?: number;
  readonly paysPerMinute?: number;
  readonly maxBodyBytes?: number;
  readonly rpcTimeoutMs?: number;
  readonly trustProxy?: boolean;
  readonly log?: boolean | ((line: string) => void);
}

export interface OnrampConfig {
  readonly port: number;
  readonly host: string;
  readonly chains: readonly OnrampChain[];
  readonly funderKey: `0x${string}`;
  readonly dataServiceUrl: string | undefined;
  readonly dataSecret: string | undefined;
  readonly providerId: string;
  readonly projectId: string;
  readonly redirectOrigins: readonly string[];
  readonly defaultAmount: string;
  readonly maxAmount: string;
  readonly sessionTtlMs: number;
  readonly maxSessions: number;
  readonly paysPerMinute: number;
  readonly maxBodyBytes: number;
  readonly rpcTimeoutMs: number;
  readonly trustProxy: boolean;
  readonly log: boolean | ((line: string) => void);
}

interface Picked {
  readonly value: unknown;
  readonly what: string;
}

export function resolveConfig(options: OnrampProviderOptions = {}, env: Readonly<Record<string, string | undefined>> = process.env): OnrampConfig {
  const opts = options as Readonly<Record<string, unknown>>;
  const pick = (key: string, envName: string): Picked => {
    if (opts[key] !== undefined) return { value: opts[key], what: key };
    const v = env[envName];
    return { value: v === undefined || v === '' ? undefined : v, what: envName };
  };
  const int = (key: string, envName: string, def: number, min: number, max: number): number => {
    const { value, what } = pick(key, envName);
    if (value === undefined) return def;
    const n = typeof value === 'number' ? value : /^[0-9]+$/.test(String(value)) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) throw new OnrampConfigError(`${what}: expected an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
    return n;
  };
  const text = (key: string, envName: string, def: string, re: RegExp, hint: string): string => {
    const { value, what } = pick(key, envName);
    if (value === undefined) return def;
    if (typeof value !== 'string' || !re.test(value)) throw new OnrampConfigError(`${what}: expected ${hint}`);
    return value;
  };

  const port = int('port', 'ONRAMP_PORT', PORTS.onramp, 0, 65535);
  const host = text('host', 'ONRAMP_HOST', '127.0.0.1', /^[A-Za-z0-9.:-]{1,253}$/, 'a host name or IP address');

  const chains = parseChains(pick('chains', 'ONRAMP_CHAINS'));

  const key = pick('funderKey', 'ONRAMP_FUNDER_KEY');
  if (key.value === undefined) throw new OnrampConfigError('ONRAMP_FUNDER_KEY: required (the 0x-prefixed private key of the account that pays buyers)');
  // the value itself never goes into a message
  if (typeof key.value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(key.value)) throw new OnrampConfigError(`${key.what}: expected 0x and 64 hex digits`);

  const dataUrl = pick('dataServiceUrl', 'ONRAMP_DATA_URL');
  const dataServiceUrl = dataUrl.value === undefined ? undefined : httpUrl(dataUrl.value, dataUrl.what).replace(/\/+$/, '');
  const secret = pick('dataSecret', 'ONRAMP_DATA_SECRET');
  if (secret.value !== undefined && (typeof secret.value !== 'string' || !/^[\x21-\x7e]{16,256}$/.test(secret.value))) {
    throw new OnrampConfigError(`${secret.what}: expected 16-256 printable characters`);
  }
  if ((dataServiceUrl === undefined) !== (secret.value === undefined)) {
    throw new OnrampConfigError('ONRAMP_DATA_URL and ONRAMP_DATA_SECRET: set both (purchases are reported) or neither');
  }

  const origins = pick('redirectOrigins', 'ONRAMP_REDIRECT_ORIGINS');
  const originList: unknown[] = Array.isArray(origins.value) ? origins.value : String(origins.value ?? DEFAULT_REDIRECT_ORIGINS).split(',').map((s) => s.trim()).filter(Boolean);
  if (originList.length > 64) throw new OnrampConfigError(`${origins.what}: at most 64 origins`);
  const redirectOrigins = originList.map((o) => {
    const u = new URL(httpUrl(o, origins.what));
    if (u.origin !== String(o).replace(/\/$/, '')) throw new OnrampConfigError(`${origins.what}: ${JSON.stringify(o)} is not an origin (scheme://host[:port], no path)`);
    return u.origin;
  });

  const maxAmount = text('maxAmount', 'ONRAMP_MAX_AMOUNT', '1', AMOUNT_RE, 'a decimal amount such as 1 or 0.5');
  const defaultAmount = text('defaultAmount', 'ONRAMP_DEFAULT_AMOUNT', '0.1', AMOUNT_RE, 'a decimal amount such as 0.1');
  if (!isPositive(maxAmount)) throw new OnrampConfigError('ONRAMP_MAX_AMOUNT: must be above 0');
  if (!isPositive(defaultAmount) || compareDecimal(defaultAmount, maxAmount) > 0) throw new OnrampConfigError('ONRAMP_DEFAULT_AMOUNT: must be above 0 and at most ONRAMP_MAX_AMOUNT');

  const log = pick('log', 'ONRAMP_LOG');
  return {
    port,
    host,
    chains,
    funderKey: key.value as `0x${string}`,
    dataServiceUrl,
    dataSecret: secret.value as string | undefined,
    providerId: text('providerId', 'ONRAMP_PROVIDER_ID', 'local', PROVIDER_RE, '1-32 of a-z, 0-9 and -'),
    projectId: text('projectId', 'ONRAMP_PROJECT_ID', 'latchkey-onramp', PROJECT_RE, '1-64 of A-Z, a-z, 0-9, ., _ and -'),
    redirectOrigins,
    defaultAmount,
    maxAmount,
    sessionTtlMs: int('sessionTtlS', 'ONRAMP_SESSION_TTL_S', 900, 10, 86_400) * 1000,
    maxSessions: int('maxSessions', 'ONRAMP_MAX_SESSIONS', 1000, 1, 100_000),
    paysPerMinute: int('paysPerMinute', 'ONRAMP_PAYS_PER_MINUTE', 10, 1, 10_000),
    maxBodyBytes: int('maxBodyBytes', 'ONRAMP_MAX_BODY_BYTES', 4096, 256, 65_536),
    rpcTimeoutMs: int('rpcTimeoutMs', 'ONRAMP_RPC_TIMEOUT_MS', 10_000, 100, 120_000),
    trustProxy: bool(pick('trustProxy', 'ONRAMP_TRUST_PROXY'), false),
    log: typeof log.value === 'function' ? (log.value as (line: string) => void) : bool(log, false),
  };
}

function bool(p: Picked, def: boolean): boolean {
  if (p.value === undefined) return def;
  if (typeof p.value === 'boolean') return p.value;
  if (p.value === '1' || p.value === 'true') return true;
  if (p.value === '0' || p.value === 'false') return false;
  throw new OnrampConfigError(`${p.what}: expected 1 or 0`);
}

function httpUrl(v: unknown, what: string): string {
  let u: URL;
  try {
    u = new URL(String(v));
  } catch {
    throw new OnrampConfigError(`${what}: ${JSON.stringify(v)} is not a URL`);
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password) throw new OnrampConfigError(`${what}: expected an http(s) URL without credentials`);
  return u.href;
}

/**
 * `id=rpcUrl,…` (env) or `[{ chainId, rpcUrl, name?, nativeSymbol? }]` (option); at most 16. */
function parseChains(p: Picked): OnrampChain[] {
  const raw = p.value ?? DEFAULT_CHAINS;
  const list: { chainId?: unknown; rpcUrl?: unknown; name?: unknown; nativeSymbol?: unknown }[] = Array.isArray(raw)
    ? raw
    : String(raw)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((entry) => {
          const i = entry.indexOf('=');
          if (i < 1) throw new OnrampConfigError(`${p.what}: expected id=rpcUrl entries, got ${JSON.stringify(entry)}`);
          return { chainId: Number(entry.slice(0, i)), rpcUrl: entry.slice(i + 1) };
        });
  if (list.length === 0 || list.length > 16) throw new OnrampConfigError(`${p.what}: expected 1 to 16 chains`);
  const seen = new Set<number>();
  return list.map((c) => {
    const chainId = Number(c?.chainId);
    if (!Number.isSafeInteger(chainId) || chainId < 1 || chainId >= 2 ** 31) throw new OnrampConfigError(`${p.what}: invalid chain id ${JSON.stringify(c?.chainId)}`);
    if (seen.has(chainId)) throw new OnrampConfigError(`${p.what}: chain ${chainId} is listed twice`);
    seen.add(chainId);
    const nativeSymbol = c.nativeSymbol ?? 'ETH';
    if (typeof nativeSymbol !== 'string' || !SYMBOL_RE.test(nativeSymbol)) throw new OnrampConfigError(`${p.what}: invalid nativeSymbol of chain ${chainId}`);
    const name = c.name ?? `Chain ${chainId}`;
    if (typeof name !== 'string' || name.length > 64) throw new OnrampConfigError(`${p.what}: invalid name of chain ${chainId}`);
    return { chainId, rpcUrl: httpUrl(c.rpcUrl, p.what), name, nativeSymbol };
  });
}

function isPositive(a: string): boolean {
  return /[1-9]/.test(a);
}

/** Compares two decimal strings of AMOUNT_RE. */
export function compareDecimal(a: string, b: string): number {
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1;
  const x = ai + af.padEnd(18, '0');
  const y = bi + bf.padEnd(18, '0');
  return x < y ? -1 : x > y ? 1 : 0;
}
