/**
 * Configuration of the data service: programmatic options (startDataService) or environment
 * variables (server.mjs), read by the shared reader (samples/shared/env.mjs). Everything is validated
 * here; an invalid value stops the start with a ConfigError (EnvError for one bad value) naming the variable. The README's configuration table lists every entry.
 */
import { chainList, readEnv, type ListedChain } from '../../shared/env.mjs';
import { defaultStackChains, localOrigins, PORTS } from '../../shared/ports.mjs';
import { httpUrl, int, urlOf } from './configValues';
import { ConfigError } from './errors';

export interface ChainConfig {
  readonly chainId: number;
  readonly rpcUrl: string;
  /** The node's WebSocket endpoint (ws:// or wss://): the indexer steps on each new head, polling only as the fallback. */
  readonly wsUrl?: string;
  readonly name: string;
  readonly nativeName: string;
  readonly nativeSymbol: string;
  readonly nativeDecimals: number;
  /** Blocks behind the head that are indexed (0: the head itself; reorgs are rolled back either way). */
  readonly confirmations: number;
  /** First block to index (default 0). */
  readonly startBlock: number;
}

/** A Uniswap V2 exchange (router, its factory and its wrapped native token) the swap endpoints quote and build over. */
export interface ExchangeConfig {
  readonly chainId: number;
  readonly router: `0x${string}`;
  readonly factory: `0x${string}`;
  readonly weth: `0x${string}`;
}

export type DatabaseConfig =
  | { readonly kind: 'pglite'; /** a folder, 'memory', or 'temp' (a fresh folder deleted on close) */ readonly dir: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly poolSize: number };

export type Role = 'all' | 'api' | 'indexer';

export interface Limits {
  readonly maxBodyBytes: number;
  readonly maxUrlLength: number;
  readonly requestTimeoutMs: number;
  readonly queryTimeoutMs: number;
  readonly rpcTimeoutMs: number;
  readonly pageSize: number;
  readonly maxPageSize: number;
  /** Anonymous POST requests per client address per minute (name registration). */
  readonly postsPerMinute: number;
  /** GET (and HEAD) requests per client address per minute: each may make node calls. */
  readonly getsPerMinute: number;
  /** Authenticated webhook calls (the on-ramp provider's purchase reports) per client address per minute. */
  readonly webhooksPerMinute: number;
}

export interface IndexerConfig {
  readonly pollMs: number;
  readonly batchBlocks: number;
  readonly leaderRetryMs: number;
}

export interface DataServiceConfig {
  readonly host: string;
  readonly port: number;
  /** Base of the URLs the service hands out (token icons, NFT metadata and images). */
  readonly publicUrl: string;
  readonly chains: readonly ChainConfig[];
  readonly database: DatabaseConfig;
  readonly role: Role;
  /** null: any well-formed projectId is accepted. */
  readonly projectIds: ReadonlySet<string> | null;
  /** '*' or exact origins. */
  readonly corsOrigins: '*' | ReadonlySet<string>;
  /** USD prices by asset: `eip155:<id>:native`, `eip155:<id>:<token address>` (lowercase) or `*:native`. */
  readonly prices: ReadonlyMap<string, number>;
  /** Contracts whose NFTs are flagged `is_spam` (`eip155:<id>:<address>`, lowercase). */
  readonly spamContracts: ReadonlySet<string>;
  readonly nameZones: readonly string[];
  readonly nameMaxAgeS: number;
  readonly nameFutureSkewS: number;
  readonly namesPerAddress: number;
  /** Shared secret of the on-ramp provider (Authorization: Bearer …); null disables the purchase endpoint. */
  readonly onrampSecret: string | null;
  readonly onrampProviders: readonly string[];
  /** Uniswap V2 exchanges by chain (the swap endpoints, /v1/convert/*); at most one per configured chain. */
  readonly exchanges: ReadonlyMap<number, ExchangeConfig>;
  readonly limits: Limits;
  readonly indexer: IndexerConfig;
  /** Folder for caches (the PGlite template); default <repo>/.cache/data-service. */
  readonly cacheDir: string;
  readonly log: (line: string) => void;
}

/** What startDataService accepts: every field optional except what has no sensible default. */
export interface DataServiceOptions {
  host?: string;
  port?: number;
  publicUrl?: string;
  chains?: readonly (Partial<ChainConfig> & { chainId: number; rpcUrl: string })[];
  /** postgres://… uses PostgreSQL; otherwise PGlite in `pgliteDir` ('memory' or 'temp' for a throwaway database). */
  databaseUrl?: string;
  pgliteDir?: string;
  poolSize?: number;
  role?: Role;
  projectIds?: readonly string[];
  corsOrigins?: '*' | readonly string[];
  prices?: Readonly<Record<string, number>>;
  spamContracts?: readonly string[];
  nameZones?: readonly string[];
  nameMaxAgeS?: number;
  nameFutureSkewS?: number;
  namesPerAddress?: number;
  onrampSecret?: string;
  onrampProviders?: readonly string[];
  exchanges?: readonly { chainId: number; router: string; factory: string; weth: string }[];
  limits?: Partial<Limits>;
  indexer?: Partial<IndexerConfig>;
  cacheDir?: string;
  /** true logs to the console, a function receives each line, false/undefined is silent. */
  log?: boolean | ((line: string) => void);
}

export const DEFAULTS = {
  host: '127.0.0.1',
  port: PORTS.data,
  /** The demo's origins. */
  corsOrigins: localOrigins(PORTS.demo),
  nameZones: ['latchkey.id', 'reown.id'],
  nameMaxAgeS: 300,
  nameFutureSkewS: 30,
  namesPerAddress: 5,
  onrampProviders: ['coinbase', 'meld', 'local'],
  limits: {
    maxBodyBytes: 32 * 1024,
    maxUrlLength: 2048,
    requestTimeoutMs: 10_000,
    queryTimeoutMs: 5_000,
    rpcTimeoutMs: 5_000,
    pageSize: 20,
    maxPageSize: 100,
    postsPerMinute: 30,
    getsPerMinute: 1200,
    webhooksPerMinute: 600,
  },
  indexer: { pollMs: 500, batchBlocks: 50, leaderRetryMs: 2_000 },
  poolSize: 10,
} as const;

const ZONE = /^[a-z0-9-]{1,63}\.[a-z]{2,24}$/;
const PROVIDER = /^[a-z0-9-]{1,32}$/;
const ASSET_KEY = /^(?:eip155:[1-9][0-9]{0,15}|\*):(?:native|0x[0-9a-f]{40})$/;

/** One chain of the list chainList checked (chainId, rpcUrl, name): the data service's own fields. */
function chain(c: ListedChain & Partial<ChainConfig>, i: number): ChainConfig {
  const what = `chains[${i}]`;
  const chainId = c.chainId;
  const text = (v: unknown, d: string, f: string) => {
    if (v === undefined) return d;
    if (typeof v !== 'string' || v.length === 0 || v.length > 64) throw new ConfigError(`${what}.${f}: expected 1-64 characters`);
    return v;
  };
  return {
    chainId,
    rpcUrl: httpUrl(c.rpcUrl, `${what}.rpcUrl`),
    wsUrl: c.wsUrl === undefined ? undefined : urlOf(c.wsUrl, `${what}.wsUrl`, ['ws:', 'wss:']),
    name: text(c.name, `Chain ${chainId}`, 'name'),
    nativeName: text(c.nativeName, 'Ether', 'nativeName'),
    nativeSymbol: text(c.nativeSymbol, 'ETH', 'nativeSymbol'),
    nativeDecimals: c.nativeDecimals === undefined ? 18 : int(c.nativeDecimals, `${what}.nativeDecimals`, 0, 36),
    confirmations: c.confirmations === undefined ? 0 : int(c.confirmations, `${what}.confirmations`, 0, 1000),
    startBlock: c.startBlock === undefined ? 0 : int(c.startBlock, `${what}.startBlock`, 0, Number.MAX_SAFE_INTEGER),
  };
}

/** Validates options and fills the defaults. */
export function resolveConfig(options: DataServiceOptions & { defaultCacheDir: string }): DataServiceConfig {
  const host = options.host ?? DEFAULTS.host;
  if (!/^[A-Za-z0-9.:-]{1,253}$/.test(host)) throw new ConfigError(`host: invalid ${JSON.stringify(host)}`);
  const port = int(options.port ?? DEFAULTS.port, 'port (DATA_PORT)', 0, 65535);
  // the chain list of the stack (samples/shared/env.mjs): 1 to 32 chains, each once
  const chains = chainList(options.chains ?? [], 'chains', { max: 32 })!.map(chain);
  const ids = new Set(chains.map((c) => c.chainId));
  let database: DatabaseConfig;
  if (options.databaseUrl) {
    if (!/^postgres(?:ql)?:\/\//.test(options.databaseUrl)) throw new ConfigError('DATABASE_URL: expected postgres://…');
    database = { kind: 'postgres', url: options.databaseUrl, poolSize: int(options.poolSize ?? DEFAULTS.poolSize, 'poolSize (DATA_DB_POOL)', 1, 100) };
  } else {
    const dir = options.pgliteDir ?? 'memory';
    if (typeof dir !== 'string' || dir.length === 0) throw new ConfigError('pgliteDir (DATA_PGLITE_DIR): expected a folder, "memory" or "temp"');
    database = { kind: 'pglite', dir };
  }
  const role = options.role ?? 'all';
  if (role !== 'all' && role !== 'api' && role !== 'indexer') throw new ConfigError(`role (DATA_ROLE): expected all, api or indexer, got ${role}`);
  let projectIds: Set<string> | null = null;
  if (options.projectIds && options.projectIds.length) {
    for (const p of options.projectIds) if (!/^[A-Za-z0-9_-]{1,128}$/.test(p)) throw new ConfigError(`projectIds (DATA_PROJECT_IDS): invalid ${JSON.stringify(p)}`);
    projectIds = new Set(options.projectIds);
  }
  const corsIn = options.corsOrigins ?? DEFAULTS.corsOrigins;
  let corsOrigins: '*' | Set<string>;
  if (corsIn === '*') corsOrigins = '*';
  else {
    corsOrigins = new Set();
    for (const o of corsIn) {
      if (o === '*') {
        corsOrigins = '*';
        break;
      }
      let origin: string;
      try {
        origin = new URL(o).origin;
      } catch {
        throw new ConfigError(`corsOrigins (DATA_CORS_ORIGINS): not an origin: ${JSON.stringify(o)}`);
      }
      if (origin === 'null' || origin !== o.replace(/\/$/, '')) throw new ConfigError(`corsOrigins (DATA_CORS_ORIGINS): not an origin: ${JSON.stringify(o)}`);
      corsOrigins.add(origin);
    }
  }
  const prices = new Map<string, number>();
  for (const [k, v] of Object.entries(options.prices ?? {})) {
    const key = k.toLowerCase();
    if (!ASSET_KEY.test(key)) throw new ConfigError(`prices (DATA_PRICES): bad key ${JSON.stringify(k)}: expected eip155:<chainId>:native, eip155:<chainId>:<token address> or *:native`);
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new ConfigError(`prices (DATA_PRICES): ${k} must be a non-negative number`);
    prices.set(key, v);
  }
  const spamContracts = new Set<string>();
  for (const s of options.spamContracts ?? []) {
    const key = s.toLowerCase();
    if (!/^eip155:[1-9][0-9]{0,15}:0x[0-9a-f]{40}$/.test(key)) throw new ConfigError(`spamContracts (DATA_SPAM_CONTRACTS): expected eip155:<chainId>:<address>, got ${JSON.stringify(s)}`);
    spamContracts.add(key);
  }
  const nameZones = (options.nameZones ?? DEFAULTS.nameZones).map((z) => z.toLowerCase());
  if (nameZones.length === 0) throw new ConfigError('nameZones (DATA_NAME_ZONES): at least one zone');
  for (const z of nameZones) if (!ZONE.test(z)) throw new ConfigError(`nameZones (DATA_NAME_ZONES): invalid zone ${JSON.stringify(z)} (expected like latchkey.id)`);
  const onrampProviders = options.onrampProviders ?? DEFAULTS.onrampProviders;
  for (const p of onrampProviders) if (!PROVIDER.test(p)) throw new ConfigError(`onrampProviders (DATA_ONRAMP_PROVIDERS): invalid ${JSON.stringify(p)}`);
  const secret = options.onrampSecret ?? null;
  if (secret !== null && (typeof secret !== 'string' || secret.length < 16 || secret.length > 256)) {
    throw new ConfigError('onrampSecret (DATA_ONRAMP_SECRET): expected 16 to 256 characters');
  }
  const exchanges = new Map<number, ExchangeConfig>();
  if (options.exchanges !== undefined && !Array.isArray(options.exchanges)) throw new ConfigError('exchanges (DATA_EXCHANGES): expected a JSON array');
  if ((options.exchanges?.length ?? 0) > 32) throw new ConfigError('exchanges (DATA_EXCHANGES): at most 32');
  for (const [i, e] of (options.exchanges ?? []).entries()) {
    const what = `exchanges[${i}] (DATA_EXCHANGES)`;
    if (typeof e !== 'object' || e === null) throw new ConfigError(`${what}: expected { chainId, router, factory, weth }`);
    const chainId = int(e.chainId, `${what}.chainId`, 1, Number.MAX_SAFE_INTEGER);
    if (!ids.has(chainId)) throw new ConfigError(`${what}: chain ${chainId} is not among the configured chains`);
    if (exchanges.has(chainId)) throw new ConfigError(`${what}: chain ${chainId} has two exchanges`);
    const addr = (v: unknown, f: string) => {
      if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(v)) throw new ConfigError(`${what}.${f}: expected a 0x-prefixed 20-byte address`);
      return v.toLowerCase() as `0x${string}`;
    };
    exchanges.set(chainId, { chainId, router: addr(e.router, 'router'), factory: addr(e.factory, 'factory'), weth: addr(e.weth, 'weth') });
  }
  const l = { ...DEFAULTS.limits, ...(options.limits ?? {}) };
  const limits: Limits = {
    maxBodyBytes: int(l.maxBodyBytes, 'limits.maxBodyBytes (DATA_MAX_BODY_BYTES)', 1024, 1024 * 1024),
    maxUrlLength: int(l.maxUrlLength, 'limits.maxUrlLength', 256, 16384),
    requestTimeoutMs: int(l.requestTimeoutMs, 'limits.requestTimeoutMs (DATA_REQUEST_TIMEOUT_MS)', 100, 120_000),
    queryTimeoutMs: int(l.queryTimeoutMs, 'limits.queryTimeoutMs (DATA_QUERY_TIMEOUT_MS)', 100, 120_000),
    rpcTimeoutMs: int(l.rpcTimeoutMs, 'limits.rpcTimeoutMs (DATA_RPC_TIMEOUT_MS)', 100, 120_000),
    pageSize: int(l.pageSize, 'limits.pageSize (DATA_PAGE_SIZE)', 1, 1000),
    maxPageSize: int(l.maxPageSize, 'limits.maxPageSize (DATA_MAX_PAGE_SIZE)', 1, 1000),
    postsPerMinute: int(l.postsPerMinute, 'limits.postsPerMinute (DATA_POSTS_PER_MINUTE)', 1, 100_000),
    getsPerMinute: int(l.getsPerMinute, 'limits.getsPerMinute (DATA_GETS_PER_MINUTE)', 1, 1_000_000),
    webhooksPerMinute: int(l.webhooksPerMinute, 'limits.webhooksPerMinute (DATA_WEBHOOKS_PER_MINUTE)', 1, 1_000_000),
  };
  const ix = { ...DEFAULTS.indexer, ...(options.indexer ?? {}) };
  const indexer: IndexerConfig = {
    pollMs: int(ix.pollMs, 'indexer.pollMs (DATA_POLL_MS)', 10, 600_000),
    batchBlocks: int(ix.batchBlocks, 'indexer.batchBlocks (DATA_BATCH_BLOCKS)', 1, 1000),
    leaderRetryMs: int(ix.leaderRetryMs, 'indexer.leaderRetryMs (DATA_LEADER_RETRY_MS)', 50, 600_000),
  };
  const publicUrl = options.publicUrl ? httpUrl(options.publicUrl, 'publicUrl (DATA_PUBLIC_URL)') : '';
  const log = options.log === true ? (line: string) => console.log(`[data-service] ${line}`) : typeof options.log === 'function' ? options.log : () => {};
  return {
    host,
    port,
    publicUrl,
    chains,
    database,
    role,
    projectIds,
    corsOrigins,
    prices,
    spamContracts,
    nameZones,
    nameMaxAgeS: int(options.nameMaxAgeS ?? DEFAULTS.nameMaxAgeS, 'nameMaxAgeS (DATA_NAME_MAX_AGE_S)', 1, 86_400),
    nameFutureSkewS: int(options.nameFutureSkewS ?? DEFAULTS.nameFutureSkewS, 'nameFutureSkewS (DATA_NAME_FUTURE_SKEW_S)', 0, 3_600),
    namesPerAddress: int(options.namesPerAddress ?? DEFAULTS.namesPerAddress, 'namesPerAddress (DATA_NAMES_PER_ADDRESS)', 1, 1000),
    onrampSecret: secret,
    onrampProviders,
    exchanges,
    limits,
    indexer,
    cacheDir: options.cacheDir ?? options.defaultCacheDir,
    log,
  };
}

/**
 * DATA_CHAINS: the chain list of the stack's servers (samples/shared/env.mjs): a JSON array of
 * {chainId, rpcUrl, name?, nativeSymbol?, …}, or the short form `<chainId>=<rpcUrl>,…`.
 */
export function parseChainsEnv(v: string | undefined): DataServiceOptions['chains'] {
  return chainList(v, 'DATA_CHAINS', { max: 32 }) as DataServiceOptions['chains'];
}

/** The chains of `npm start` at their default ports (samples/shared/ports.mjs). */
export const DEFAULT_CHAINS = defaultStackChains();

/** Options from environment variables (see the README's table), read by the shared reader (samples/shared/env.mjs). */
export function optionsFromEnv(env: Record<string, string | undefined>): DataServiceOptions {
  const read = readEnv(env);
  // ranges are checked by resolveConfig, for options and variables alike
  const num = (k: string) => read.integer(k);
  const limits: Partial<Limits> = {};
  const setLimit = (k: keyof Limits, e: string) => {
    const n = num(e);
    if (n !== undefined) (limits as Record<string, number>)[k] = n;
  };
  setLimit('maxBodyBytes', 'DATA_MAX_BODY_BYTES');
  setLimit('requestTimeoutMs', 'DATA_REQUEST_TIMEOUT_MS');
  setLimit('queryTimeoutMs', 'DATA_QUERY_TIMEOUT_MS');
  setLimit('rpcTimeoutMs', 'DATA_RPC_TIMEOUT_MS');
  setLimit('pageSize', 'DATA_PAGE_SIZE');
  setLimit('maxPageSize', 'DATA_MAX_PAGE_SIZE');
  setLimit('postsPerMinute', 'DATA_POSTS_PER_MINUTE');
  setLimit('getsPerMinute', 'DATA_GETS_PER_MINUTE');
  setLimit('webhooksPerMinute', 'DATA_WEBHOOKS_PER_MINUTE');
  const indexer: { -readonly [K in keyof IndexerConfig]?: number } = {};
  if (num('DATA_POLL_MS') !== undefined) indexer.pollMs = num('DATA_POLL_MS');
  if (num('DATA_BATCH_BLOCKS') !== undefined) indexer.batchBlocks = num('DATA_BATCH_BLOCKS');
  if (num('DATA_LEADER_RETRY_MS') !== undefined) indexer.leaderRetryMs = num('DATA_LEADER_RETRY_MS');
  const cors = env.DATA_CORS_ORIGINS?.trim() === '*' ? '*' : read.list('DATA_CORS_ORIGINS');
  return {
    host: read.string('DATA_HOST'),
    port: read.port('DATA_PORT'),
    publicUrl: read.url('DATA_PUBLIC_URL'),
    chains: parseChainsEnv(env.DATA_CHAINS) ?? DEFAULT_CHAINS,
    databaseUrl: read.string('DATABASE_URL'),
    pgliteDir: read.string('DATA_PGLITE_DIR'),
    poolSize: num('DATA_DB_POOL'),
    role: read.string('DATA_ROLE') as Role | undefined,
    projectIds: read.list('DATA_PROJECT_IDS'),
    corsOrigins: cors,
    prices: read.json('DATA_PRICES') as Record<string, number> | undefined,
    spamContracts: read.list('DATA_SPAM_CONTRACTS'),
    nameZones: read.list('DATA_NAME_ZONES'),
    nameMaxAgeS: num('DATA_NAME_MAX_AGE_S'),
    nameFutureSkewS: num('DATA_NAME_FUTURE_SKEW_S'),
    namesPerAddress: num('DATA_NAMES_PER_ADDRESS'),
    onrampSecret: read.string('DATA_ONRAMP_SECRET'),
    onrampProviders: read.list('DATA_ONRAMP_PROVIDERS'),
    exchanges: read.json('DATA_EXCHANGES') as DataServiceOptions['exchanges'],
    limits,
    indexer,
    log: read.boolean('DATA_LOG', true),
  };
}
