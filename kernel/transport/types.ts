export interface RpcRequest {
  readonly method: string;
  readonly params?: unknown;
}

export interface RequestOptions {
  readonly signal?: AbortSignal;
  /**
   * Overrides the transport's own retry count for this call (a fallback
   * transport passes 0 to its members and retries across them instead).
   */
  readonly retryCount?: number;
  /**
   * The most this call may take, ms from now, retries and backoff included: the
   * shorter of this and the transport's own deadline applies (a fallback passes
   * what is left of its deadline to each member). Past it: TimeoutError.
   */
  readonly deadline?: number;
}

/** A JSON-RPC transport (HTTP, fallback over several, or a wallet provider). */
export interface Transport {
  readonly kind: 'http' | 'fallback' | (string & {});
  request<T = unknown>(request: RpcRequest, options?: RequestOptions): Promise<T>;
  /** Stops timers (pings) and pending batches. */
  dispose(): void;
}
