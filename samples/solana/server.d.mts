// Types of server.mjs for TypeScript callers (the repository's tsconfig has no allowJs).
import type { PORTS } from '../shared/ports.mjs';

/** sha256("latchkey local solana genesis v1") in base58: fixed, so the network id never changes. */
export declare const GENESIS_HASH: string;
/** `solana:` + the first 32 characters of GENESIS_HASH (CAIP-2). */
export declare const CAIP_NETWORK_ID: string;
/** The faucet account that pays airdrops. */
export declare const FAUCET_ADDRESS: string;
export declare const LAMPORTS_PER_SOL: bigint;
/** The default HTTP port: PORTS.solana of ../shared/ports.mjs (STACK.md). */
export declare const DEFAULT_SOLANA_PORT: (typeof PORTS)['solana'];
/** The HTTP JSON-RPC methods this node answers. */
export declare const METHOD_NAMES: readonly string[];

export interface SolanaOptions {
  /** HTTP port; default env SOLANA_PORT, else DEFAULT_SOLANA_PORT. 0 picks a free port. */
  port?: number;
  /** WebSocket port; default env SOLANA_WS_PORT, else port + 1 (where @solana/web3.js looks); 0 when port is 0. */
  wsPort?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Slot duration in ms (default 400); 0 stops the slot clock. */
  slotMs?: number;
  /** Transactions kept for getTransaction / getSignatureStatuses (default 5000). */
  maxTransactions?: number;
  /** WebSocket connections at once (default 256). */
  maxConnections?: number;
  /** true logs one line per request to the console; a function receives each line. */
  log?: boolean | ((line: string) => void);
}

export interface SolanaStats {
  slot: number;
  transactions: number;
  stored: number;
  recentSignatures: number;
  blockhashes: number;
  litesvm: string;
  sockets: number;
  subscriptions: number;
  notifications: number;
  requests: number;
  errors: number;
}

export interface LocalSolana {
  /** http://HOST:PORT */
  readonly rpcUrl: string;
  /** ws://HOST:WS_PORT */
  readonly wsUrl: string;
  readonly port: number;
  readonly wsPort: number;
  readonly genesisHash: string;
  readonly caipNetworkId: string;
  /** Sends lamports from the faucet in a real transaction; resolves with its signature. */
  airdrop(address: string, lamports: bigint): Promise<string>;
  stats(): SolanaStats;
  /** Stops the slot clock, closes every WebSocket (1001) and both servers. State is lost. */
  stop(): Promise<void>;
}

export declare function startSolana(options?: SolanaOptions): Promise<LocalSolana>;
