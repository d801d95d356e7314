// Types of server.mjs for TypeScript callers (the repository's tsconfig has no allowJs).
export declare const TAG_SESSION_PROPOSE: 1100;
export declare const TAG_SESSION_PROPOSE_RESPONSE: 1101;
export declare const TAG_SESSION_SETTLE: 1102;

export interface RelayOptions {
  /** TCP port; default: env RELAY_PORT, else 8787. 0 picks a free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Ping interval; a socket that misses two pongs is terminated. Default 30000. */
  pingIntervalMs?: number;
  /** Default 1000; the oldest message of a topic is dropped beyond it. */
  maxMessagesPerTopic?: number;
  /** Largest accepted frame in bytes. Default 1 MiB. */
  maxPayload?: number;
  /** How often expired messages are dropped. Default 1000. */
  sweepIntervalMs?: number;
  /** true logs one line per connection and method to the console; a function receives each line. */
  log?: boolean | ((line: string) => void);
}

export interface RelayStats {
  sockets: number;
  clients: number;
  subscriptions: number;
  topics: number;
  messages: number;
  published: number;
  deliveries: number;
  terminated: number;
}

export interface Relay {
  /** ws://HOST:PORT */
  readonly url: string;
  readonly port: number;
  /** Closes every socket (code 1001) and the server; stored messages are dropped. */
  stop(): Promise<void>;
  stats(): RelayStats;
}

export declare function startRelay(options?: RelayOptions): Promise<Relay>;
/** The identity a connection URL's `auth` JWT claims (`iss`, else `sub`), decoded without verification. */
export declare function identityFromUrl(requestUrl: string | undefined): string | undefined;
