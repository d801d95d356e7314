// The local payment provider's configuration: every option, its environment variable and its
// default, validated. `resolveConfig(options, env)` takes, per option, the explicit option, else
// its env variable, else the default, through the shared reader (../../shared/env.mjs): a value that
// does not fit throws EnvError naming the option or variable; settings that do not fit together,
// OnrampConfigError. Both are ConfigErrors. README.md has the same table for people; keep both in step.
import { boolean, chainList, ConfigError, integer, list, string, url } from '../../shared/env.mjs';
import { localOrigins, localUrl, PORTS, STACK_CHAINS } from '../../shared/ports.mjs';

/** Thrown for settings that do not fit together (a single bad value throws EnvError). */
export class OnrampConfigError extends ConfigError {
  constructor(message: string) {
    super(message);
    this.name = 'OnrampConfigError';
  }
}

/** The stack's chain 31337 (anvil) at its default port. */
const DEFAULT_CHAINS = [{ chainId: STACK_CHAINS[0]!.chainId, rpcUrl: localUrl(PORTS.anvil31337) }];
/** The demo's origins. */
const DEFAULT_REDIRECT_ORIGINS = localOrigins(PORTS.demo);
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
    return integer(value, what, { min, max, def });
  };
  const text = (key: string, envName: string, def: string, pattern: RegExp, expected: string): string => {
    const { value, what } = pick(key, envName);
    return string(value, what, { pattern, expected, def });
  };

  const port = int('port', 'ONRAMP_PORT', PORTS.onramp, 0, 65535);
  const host = text('host', 'ONRAMP_HOST', '127.0.0.1', /^[A-Za-z0-9.:-]{1,253}$/, 'a host name or IP address');

  const chains = parseChains(pick('chains', 'ONRAMP_CHAINS'));

  const key = pick('funderKey', 'ONRAMP_FUNDER_KEY');
  if (key.value === undefined) throw new OnrampConfigError('ONRAMP_FUNDER_KEY: required (the 0x-prefixed private key of the account that pays buyers)');
  // the value itself never goes into a message
  const funderKey = string(key.value, key.what, { pattern: /^0x[0-9a-fA-F]{64}$/, expected: '0x and 64 hex digits', secret: true }) as `0x${string}`;

  const dataUrl = pick('dataServiceUrl', 'ONRAMP_DATA_URL');
  const dataServiceUrl = dataUrl.value === undefined ? undefined : httpUrl(dataUrl.value, dataUrl.what).replace(/\/+$/, '');
  const secret = pick('dataSecret', 'ONRAMP_DATA_SECRET');
  const dataSecret = string(secret.value, secret.what, { pattern: /^[\x21-\x7e]{16,256}$/, expected: '16-256 printable characters', secret: true });
  if ((dataServiceUrl === undefined) !== (dataSecret === undefined)) {
    throw new OnrampConfigError('ONRAMP_DATA_URL and ONRAMP_DATA_SECRET: set both (purchases are reported) or neither');
  }

  const origins = pick('redirectOrigins', 'ONRAMP_REDIRECT_ORIGINS');
  const originList = list(origins.value, origins.what, DEFAULT_REDIRECT_ORIGINS);
  if (originList.length > 64) throw new OnrampConfigError(`${origins.what}: at most 64 origins`);
  const redirectOrigins = originList.map((o) => {
    const u = new URL(httpUrl(o, origins.what));
    if (u.origin !== o.replace(/\/$/, '')) throw new OnrampConfigError(`${origins.what}: ${JSON.stringify(o)} is not an origin (scheme://host[:port], no path)`);
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
    funderKey,
    dataServiceUrl,
    dataSecret,
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
  return boolean(p.value, p.what, def);
}

/** An http(s) URL without credentials, normalised (`new URL().href`). */
function httpUrl(v: unknown, what: string): string {
  return new URL(url(v, what, { credentials: false })!).href;
}

/** The chain list (../../shared/env.mjs: `id=rpcUrl,…` or `[{ chainId, rpcUrl, name?, nativeSymbol? }]`); at most 16. */
function parseChains(p: Picked): OnrampChain[] {
  return chainList(p.value, p.what, { max: 16, def: DEFAULT_CHAINS }).map((c, i) => {
    const name = string(c.name, `${p.what}[${i}].name`, { pattern: /^[^\n]{1,64}$/, expected: '1 to 64 characters', def: `Chain ${c.chainId}` });
    const nativeSymbol = string(c.nativeSymbol, `${p.what}[${i}].nativeSymbol`, { pattern: SYMBOL_RE, expected: '1-16 of A-Z, a-z, 0-9 and .', def: 'ETH' });
    return { chainId: c.chainId, rpcUrl: httpUrl(c.rpcUrl, `${p.what}[${i}].rpcUrl`), name, nativeSymbol };
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
