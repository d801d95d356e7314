// The relay's configuration: every option, its environment variable and its default, validated.
//
// `resolveConfig(options, env)` merges, per option: the explicit option, else its env variable, else
// the default. Both go through the shared reader (../shared/env.mjs): a value that is not valid throws
// EnvError naming the option or variable; settings that do not fit together throw RelayConfigError.
// Both are ConfigErrors. README.md has the same table for people; keep both in step.
import { boolean, ConfigError, integer, list, port, string } from '../shared/env.mjs';
import { PORTS } from '../shared/ports.mjs';

const KiB = 1024;
const MiB = 1024 * KiB;

/** Thrown for settings that do not fit together (one invalid value throws EnvError). */
export class RelayConfigError extends ConfigError {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'RelayConfigError';
  }
}

/**
 * @typedef {'port' | 'int' | 'bool' | 'host' | 'list'} Kind
 * @typedef {{ env: string, kind: Kind, def: unknown, min?: number }} Spec
 */

/** @type {Record<string, Spec>} */
export const SPECS = {
  // network
  port: { env: 'RELAY_PORT', kind: 'port', def: PORTS.relay },
  host: { env: 'RELAY_HOST', kind: 'host', def: '127.0.0.1' },
  trustProxy: { env: 'RELAY_TRUST_PROXY', kind: 'bool', def: false },
  pingIntervalMs: { env: 'RELAY_PING_INTERVAL_MS', kind: 'int', def: 30_000, min: 10 },
  statsEndpoint: { env: 'RELAY_STATS', kind: 'bool', def: true },
  // identity
  allowAnonymous: { env: 'RELAY_ALLOW_ANONYMOUS', kind: 'bool', def: true },
  audiences: { env: 'RELAY_AUDIENCES', kind: 'list', def: [] },
  clockSkewSeconds: { env: 'RELAY_CLOCK_SKEW_SECONDS', kind: 'int', def: 300, min: 0 },
  maxTokenLifetimeSeconds: { env: 'RELAY_MAX_TOKEN_LIFETIME_SECONDS', kind: 'int', def: 86_400, min: 1 },
  // connections
  maxSockets: { env: 'RELAY_MAX_SOCKETS', kind: 'int', def: 5000, min: 1 },
  maxSocketsPerAddress: { env: 'RELAY_MAX_SOCKETS_PER_ADDRESS', kind: 'int', def: 50, min: 1 },
  maxPendingPerAddress: { env: 'RELAY_MAX_PENDING_PER_ADDRESS', kind: 'int', def: 8, min: 1 },
  upgradeTimeoutMs: { env: 'RELAY_UPGRADE_TIMEOUT_MS', kind: 'int', def: 5000, min: 500 },
  // requests
  maxPayload: { env: 'RELAY_MAX_FRAME_BYTES', kind: 'int', def: 512 * KiB, min: 1 * KiB },
  maxSubscriptionsPerSocket: { env: 'RELAY_MAX_SUBSCRIPTIONS_PER_SOCKET', kind: 'int', def: 1000, min: 1 },
  maxBatchSize: { env: 'RELAY_MAX_BATCH_SIZE', kind: 'int', def: 1000, min: 1 },
  rateLimitPerSecond: { env: 'RELAY_RATE_LIMIT_PER_SECOND', kind: 'int', def: 100, min: 1 },
  rateLimitBurst: { env: 'RELAY_RATE_LIMIT_BURST', kind: 'int', def: 300, min: 1 },
  rateLimitBytesPerToken: { env: 'RELAY_RATE_LIMIT_BYTES_PER_TOKEN', kind: 'int', def: 16 * KiB, min: 1 * KiB },
  // back-pressure
  maxBufferedBytes: { env: 'RELAY_MAX_BUFFERED_BYTES', kind: 'int', def: 1 * MiB, min: 1 * KiB },
  maxBufferedBytesTotal: { env: 'RELAY_MAX_BUFFERED_BYTES_TOTAL', kind: 'int', def: 256 * MiB, min: 1 * KiB },
  slowSocketTimeoutMs: { env: 'RELAY_SLOW_SOCKET_TIMEOUT_MS', kind: 'int', def: 10_000, min: 1 },
  maxInFlightPerSocket: { env: 'RELAY_MAX_IN_FLIGHT_PER_SOCKET', kind: 'int', def: 1000, min: 1 },
  // stored messages
  maxMessagesPerTopic: { env: 'RELAY_MAX_MESSAGES_PER_TOPIC', kind: 'int', def: 1000, min: 1 },
  maxBytesPerTopic: { env: 'RELAY_MAX_BYTES_PER_TOPIC', kind: 'int', def: 8 * MiB, min: 1 * KiB },
  maxMessages: { env: 'RELAY_MAX_MESSAGES', kind: 'int', def: 50_000, min: 1 },
  maxBytes: { env: 'RELAY_MAX_BYTES', kind: 'int', def: 64 * MiB, min: 1 * KiB },
  maxBytesPerAddress: { env: 'RELAY_MAX_BYTES_PER_ADDRESS', kind: 'int', def: 8 * MiB, min: 1 * KiB },
  maxTtlSeconds: { env: 'RELAY_MAX_TTL_SECONDS', kind: 'int', def: 30 * 24 * 60 * 60, min: 1 },
  sweepIntervalMs: { env: 'RELAY_SWEEP_INTERVAL_MS', kind: 'int', def: 1000, min: 10 },
};

/**
 * @typedef {object} RelayConfig
 * @property {number} port
 * @property {string} host
 * @property {boolean} trustProxy
 * @property {number} pingIntervalMs
 * @property {boolean} statsEndpoint
 * @property {boolean} allowAnonymous
 * @property {string[]} audiences
 * @property {number} clockSkewSeconds
 * @property {number} maxTokenLifetimeSeconds
 * @property {number} maxSockets
 * @property {number} maxSocketsPerAddress
 * @property {number} maxPendingPerAddress
 * @property {number} upgradeTimeoutMs
 * @property {number} maxPayload
 * @property {number} maxSubscriptionsPerSocket
 * @property {number} maxBatchSize
 * @property {number} rateLimitPerSecond
 * @property {number} rateLimitBurst
 * @property {number} rateLimitBytesPerToken
 * @property {number} maxBufferedBytes
 * @property {number} maxBufferedBytesTotal
 * @property {number} slowSocketTimeoutMs
 * @property {number} maxInFlightPerSocket
 * @property {number} maxMessagesPerTopic
 * @property {number} maxBytesPerTopic
 * @property {number} maxMessages
 * @property {number} maxBytes
 * @property {number} maxBytesPerAddress
 * @property {number} maxTtlSeconds
 * @property {number} sweepIntervalMs
 */

/**
 * One setting, from an explicit option or its variable's text (the same checks for both).
 * @param {unknown} value @param {Spec} spec @param {string} name
 */
function read(value, spec, name) {
  switch (spec.kind) {
    case 'port':
      return port(value, name);
    case 'int':
      return integer(value, name, { min: spec.min ?? 0 });
    case 'bool':
      return boolean(value, name);
    case 'host':
      return string(typeof value === 'string' ? value.trim() : value, name, { pattern: /^[^\s]{1,255}$/, expected: 'a host name or address' });
    case 'list':
      return list(value, name, []);
    default:
      throw new RelayConfigError(`unknown kind for ${name}`);
  }
}

/**
 * The full configuration from explicit options, then environment variables, then defaults.
 * Options that are not in SPECS (log, env) are ignored here.
 * @param {Record<string, unknown>} [options]
 * @param {Record<string, string | undefined>} [env]
 * @returns {RelayConfig}
 */
export function resolveConfig(options = {}, env = {}) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, spec] of Object.entries(SPECS)) {
    const explicit = options[key];
    const value = explicit !== undefined ? read(explicit, spec, key) : read(env[spec.env], spec, spec.env);
    out[key] = value !== undefined ? value : spec.kind === 'list' ? [.../** @type {string[]} */ (spec.def)] : spec.def;
  }
  const config = /** @type {RelayConfig} */ (/** @type {unknown} */ (out));
  if (config.maxBufferedBytesTotal < config.maxBufferedBytes) throw new RelayConfigError('maxBufferedBytesTotal must be at least maxBufferedBytes');
  return config;
}
