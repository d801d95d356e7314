// Types of store.mjs for TypeScript callers (the repository's tsconfig has no allowJs). Keep in step with store.mjs.
export declare const MESSAGE_OVERHEAD_BYTES: 512;
export declare const RECIPIENT_OVERHEAD_BYTES: 64;

/** A message that can never fit (larger than a byte bound). */
export declare class StoreError extends Error {}

export interface StoredMessage {
  readonly key: string;
  readonly topic: string;
  readonly message: string;
  readonly tag: number;
  readonly publishedAt: number;
  expiresAt: number;
  readonly attestation: string | undefined;
  /** Identities that have it (its publisher's included). */
  readonly delivered: Set<string>;
  readonly inFlight: Map<string, { conn: unknown; id: number }>;
  bytes: number;
  /** The publisher's address key. */
  readonly owner: string;
  readonly ownBytes: number;
  removed: boolean;
}

export interface StoreLimits {
  maxMessages: number;
  maxBytes: number;
  maxMessagesPerTopic: number;
  maxBytesPerTopic: number;
  maxBytesPerAddress: number;
}

export declare class MessageStore {
  constructor(limits: StoreLimits, onRemove?: (msg: StoredMessage, why: 'evicted' | 'expired') => void);
  limits: StoreLimits;
  readonly all: Set<StoredMessage>;
  readonly bytes: number;
  readonly evicted: number;
  readonly expired: number;
  readonly size: number;
  readonly maxOwnerBytes: number;
  put(p: { topic: string; message: string; ttlMs: number; tag: number; attestation?: string; owner?: string; now?: number }): { msg: StoredMessage; fresh: boolean };
  addRecipient(msg: StoredMessage, identity: string, owner?: string): void;
  live(topic: string, now?: number): Generator<StoredMessage>;
  sweep(now?: number): void;
  clear(): void;
}
