// Types of server.mjs for TypeScript callers (the repository's tsconfig has no allowJs).
// Keep in step with server.mjs and config.mjs (README.md has the same options with their env variables).
export declare const TAG_SESSION_PROPOSE: 1100;
export declare const TAG_SESSION_PROPOSE_RESPONSE: 1101;
export declare const TAG_SESSION_SETTLE: 1102;

/** The resolved configuration (every option, after env variables and defaults). */
export interface RelayConfig {
  /** TCP port; env RELAY_PORT; default PORTS.relay of ../shared/ports.mjs. 0 picks a free port. */
  port: number;
  /** env RELAY_HOST; default '127.0.0.1'. */
  host: string;
  /** Take the client address from the last X-Forwarded-For entry (behind a reverse proxy). env RELAY_TRUST_PROXY; default false. */
  trustProxy: boolean;
  /** Ping interval; a socket that misses two pongs is terminated. env RELAY_PING_INTERVAL_MS; default 30000. */
  pingIntervalMs: number;
  /** Serve GET /stats to loopback requests that no proxy forwarded. env RELAY_STATS; default true. */
  statsEndpoint: boolean;
  /** Accept sockets without an auth token (each gets a random identity). env RELAY_ALLOW_ANONYMOUS; default true. */
  allowAnonymous: boolean;
  /** When non-empty, a token's `aud` must be one of these URLs. env RELAY_AUDIENCES (comma-separated); default [] (any). */
  audiences: string[];
  /** Tolerance for a token's iat/exp. env RELAY_CLOCK_SKEW_SECONDS; default 300. */
  clockSkewSeconds: number;
  /** Largest exp - iat accepted. env RELAY_MAX_TOKEN_LIFETIME_SECONDS; default 86400. */
  maxTokenLifetimeSeconds: number;
  /** Open sockets in total (more: HTTP 503). env RELAY_MAX_SOCKETS; default 5000. */
  maxSockets: number;
  /** Open sockets per client address (more: HTTP 429). An address is an IPv4 address or an IPv6 /64. env RELAY_MAX_SOCKETS_PER_ADDRESS; default 50. */
  maxSocketsPerAddress: number;
  /** Connections per client address that have not upgraded yet; more are closed on connect, before any HTTP is read (not applied with trustProxy). env RELAY_MAX_PENDING_PER_ADDRESS; default 8. */
  maxPendingPerAddress: number;
  /** A connection that has not sent its upgrade request within this is closed (checked every second at most). env RELAY_UPGRADE_TIMEOUT_MS; default 5000. */
  upgradeTimeoutMs: number;
  /** Largest accepted frame in bytes (larger: close 1009). env RELAY_MAX_FRAME_BYTES; default 512 KiB. */
  maxPayload: number;
  /** env RELAY_MAX_SUBSCRIPTIONS_PER_SOCKET; default 1000. */
  maxSubscriptionsPerSocket: number;
  /** Items in one batch request. env RELAY_MAX_BATCH_SIZE; default 1000. */
  maxBatchSize: number;
  /** Token bucket per socket: refill rate. env RELAY_RATE_LIMIT_PER_SECOND; default 100. */
  rateLimitPerSecond: number;
  /** Token bucket per socket: size. env RELAY_RATE_LIMIT_BURST; default 300. */
  rateLimitBurst: number;
  /** A frame over 1 KiB, and a fetch page, cost one token per started this many bytes. env RELAY_RATE_LIMIT_BYTES_PER_TOKEN; default 16 KiB. */
  rateLimitBytesPerToken: number;
  /** Bytes written to a socket and not yet proven read (ws, kernel and network buffers) above which deliveries and fetch pages wait. env RELAY_MAX_BUFFERED_BYTES; default 1 MiB. */
  maxBufferedBytes: number;
  /** The same summed over all sockets. env RELAY_MAX_BUFFERED_BYTES_TOTAL; default 256 MiB. */
  maxBufferedBytesTotal: number;
  /** A socket that stays stalled this long (a fetch page unread, or unread bytes at or over maxBufferedBytes) is terminated. env RELAY_SLOW_SOCKET_TIMEOUT_MS; default 10000. */
  slowSocketTimeoutMs: number;
  /** Unanswered deliveries per socket before more wait. env RELAY_MAX_IN_FLIGHT_PER_SOCKET; default 1000. */
  maxInFlightPerSocket: number;
  /** Stored messages per topic (oldest dropped). env RELAY_MAX_MESSAGES_PER_TOPIC; default 1000. */
  maxMessagesPerTopic: number;
  /** Stored bytes per topic (oldest dropped). env RELAY_MAX_BYTES_PER_TOPIC; default 8 MiB. */
  maxBytesPerTopic: number;
  /** Stored messages in total (oldest dropped). env RELAY_MAX_MESSAGES; default 50000. */
  maxMessages: number;
  /** Stored bytes in total (the publisher's own oldest dropped first, then the largest holder's). env RELAY_MAX_BYTES; default 64 MiB. */
  maxBytes: number;
  /** Stored bytes per publishing client address (its own oldest dropped). env RELAY_MAX_BYTES_PER_ADDRESS; default 8 MiB. */
  maxBytesPerAddress: number;
  /** Longest ttl honoured (longer is shortened). env RELAY_MAX_TTL_SECONDS; default 30 days. */
  maxTtlSeconds: number;
  /** How often expired messages are dropped. env RELAY_SWEEP_INTERVAL_MS; default 1000. */
  sweepIntervalMs: number;
}

export interface RelayOptions extends Partial<RelayConfig> {
  /** true logs one line per connection and method to the console; a function receives each line. */
  log?: boolean | ((line: string) => void);
  /** Where options that are not given are read from (RELAY_* variables). Default process.env; `{}` for none. */
  env?: Record<string, string | undefined>;
}

export interface RelayStats {
  sockets: number;
  /** distinct identities with an open socket */
  clients: number;
  anonymousSockets: number;
  /** distinct client addresses with an open socket */
  addresses: number;
  /** (socket, topic) pairs */
  subscriptions: number;
  /** topics holding stored messages */
  topics: number;
  /** stored messages (expired ones leave within sweepIntervalMs) */
  messages: number;
  /** accounted bytes of the stored messages */
  storedBytes: number;
  /** stored bytes of the address that stores the most (its quota use) */
  maxAddressStoredBytes: number;
  /** bytes written to all sockets and not yet proven read (ws, kernel and network buffers) */
  bufferedBytes: number;
  /** the same for the socket with the most */
  maxSocketBufferedBytes: number;
  /** what of bufferedBytes is still in the relay process (ws bufferedAmount) */
  wsBufferedBytes: number;
  /** sockets with deliveries or a fetch waiting for room */
  backlogged: number;
  /** sockets with a fetch waiting for room */
  fetchesWaiting: number;
  /** fetches that had to wait, since start */
  fetchesDeferred: number;
  /** messages accepted since start (duplicates excluded) */
  published: number;
  /** irn_subscription frames sent since start */
  deliveries: number;
  /** irn_batchFetchMessages answers sent since start */
  fetchPages: number;
  /** stored messages dropped to keep a bound */
  evicted: number;
  expired: number;
  /** sockets terminated for not reading */
  dropped: number;
  /** sockets terminated for missing pongs */
  terminated: number;
  /** frames refused by the rate limit */
  rateLimited: number;
  /** frames answered with a JSON-RPC error (parse, invalid request, method, params, limits) */
  invalidFrames: number;
  refusedUnauthorized: number;
  refusedPerAddress: number;
  refusedCapacity: number;
  /** connections closed on connect: their address had maxPendingPerAddress not upgraded yet */
  refusedPending: number;
  /** connections not upgraded (yet) */
  pendingConnections: number;
  rssBytes: number;
}

export interface Relay {
  /** ws://HOST:PORT */
  readonly url: string;
  readonly port: number;
  readonly config: RelayConfig;
  /** Closes every socket (code 1001) and the server; stored messages are dropped. */
  stop(): Promise<void>;
  stats(): RelayStats;
}

/** An invalid option or RELAY_* environment variable: a ConfigError (EnvError for one bad value). */
export { ConfigError, EnvError } from '../shared/env.mjs';
import type { ConfigError } from '../shared/env.mjs';
/** Settings that do not fit together; one invalid value throws EnvError (both are ConfigErrors). */
export declare class RelayConfigError extends ConfigError {}
/** A connection token that does not verify; `reason` is a fixed text. */
export declare class AuthError extends Error {
  readonly reason: string;
}

/** Starts a relay; resolves once it listens. Throws a ConfigError (EnvError, RelayConfigError) for an invalid option or variable. */
export declare function startRelay(options?: RelayOptions): Promise<Relay>;
