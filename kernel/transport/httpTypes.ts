/**
 * The shapes the http transport (`http.ts`) passes between its parts: a shared in-flight read
 * (dedupe), one POST's context (retries, deadline, byte limit), a call waiting in the batch queue.
 */
import type { RpcRequest } from './types';

export interface Shared {
  readonly promise: Promise<unknown>;
  readonly controller: AbortController;
  waiters: number;
}

/** One POST's context: who may cancel it, how often to retry, its deadline and byte limit. */
export interface Call {
  readonly signal: AbortSignal | undefined;
  readonly retryCount: number;
  /** The method of a single call (undefined for a batch, which holds no send methods). */
  readonly method: string | undefined;
  /** When the whole call must be over, on the `now()` clock. */
  readonly deadlineAt: number;
  /** The deadline as a duration, ms (for the TimeoutError). */
  readonly budget: number;
  readonly maxBytes: number;
}

export interface BatchItem {
  readonly id: number;
  readonly request: RpcRequest;
  readonly retryCount: number | undefined;
  readonly deadlineAt: number;
  readonly budget: number;
  settled: boolean;
  /** Set by the chunk that sends the item: runs once the item settles. */
  onSettle: (() => void) | undefined;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}
