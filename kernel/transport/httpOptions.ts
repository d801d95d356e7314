/**
 * The http transport's options: their types, the defaults (docs/connection.md#rpc-transport) and the
 * limits `http()` checks them against, and the transport's type.
 */
import type { Timers } from './timers';
import type { Transport } from './types';

/** The HTTP transport's defaults (docs/connection.md#rpc-transport). */
export const DEFAULT_TIMEOUT = 10_000;
export const DEFAULT_RETRY_COUNT = 3;
export const DEFAULT_RETRY_DELAY = 150;
export const DEFAULT_BATCH_SIZE = 1000;
/** How many in-flight request keys the dedupe cache holds. */
export const DEDUPE_CACHE_SIZE = 8192;

/**
 * A call's default deadline is this many per-attempt timeouts (20 s with the
 * default 10 s): room for one attempt that hangs until its timeout and then one
 * complete attempt more (a retry, or the next member of a fallback), with the
 * backoff in between. Retries that do not fit are not started.
 */
export const DEFAULT_DEADLINE_FACTOR = 2;

/**
 * Most bytes read from one single call's answer (8 MiB). Every answer a wallet
 * modal reads (balances, receipts, a block with its transactions, ENS) is far
 * below it; an eth_getLogs of several thousand logs still fits. Past it the body
 * is cancelled and the call fails with ResponseTooLargeError.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/**
 * Most bytes read from a batch answer (32 MiB): a full batch of 1000 calls at
 * 32 KiB each. Larger answers belong in smaller batches (batch.batchSize).
 */
export const DEFAULT_MAX_BATCH_RESPONSE_BYTES = 32 * 1024 * 1024;

/** Upper bound of the byte-limit options (1 GiB). */
export const MAX_BYTES_OPTION = 1024 * 1024 * 1024;
/** Upper bound of retryCount (the deadline bounds the time anyway). */
export const MAX_RETRY_COUNT = 100;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpBatchOptions {
  /** Most requests in one POST (default 1000). */
  readonly batchSize?: number;
  /** How long (ms) to collect requests before sending (default 0: the same tick). */
  readonly wait?: number;
  /** Most bytes read from one batch answer (default 32 MiB). */
  readonly maxResponseBytes?: number;
}

export interface HttpTransportOptions {
  /** Default: `globalThis.fetch`, looked up at each call. */
  readonly fetch?: FetchLike;
  /** Extra request headers (Content-Type is always application/json). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Per attempt, in ms (default 10000). */
  readonly timeout?: number;
  /**
   * The whole call, retries and backoff included, in ms (default 2 × timeout).
   * A caller's `RequestOptions.deadline` can shorten it for one call.
   */
  readonly deadline?: number;
  /** Extra attempts after the first (default 3). */
  readonly retryCount?: number;
  /** Base backoff delay in ms, doubled on each retry: 150, 300, 600… (default 150). */
  readonly retryDelay?: number;
  /** Most bytes read from a single call's answer (default 8 MiB). */
  readonly maxResponseBytes?: number;
  /** Send calls made in the same tick (or within `wait`) as one JSON array. Sign/send methods are never batched. */
  readonly batch?: boolean | HttpBatchOptions;
  /** Share one network call between identical in-flight reads (default true). */
  readonly dedupe?: boolean;
  readonly timers?: Timers;
  readonly now?: () => number;
}

export interface HttpTransport extends Transport {
  readonly kind: 'http';
  readonly url: string;
  /** Per-attempt timeout, ms. */
  readonly timeout: number;
  /** Default deadline of a whole call, ms. */
  readonly deadline: number;
}
