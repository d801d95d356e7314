import {
  HttpRequestError,
  NetworkRequestError,
  RequestAbortedError,
  RpcResponseError,
  TimeoutError,
  type RpcErrorObject,
} from '../errors/transport';
import { LruMap } from './lru';
import { isSendMethod } from './methods';
import { defaultNow, defaultTimers, linkSignals, sleep, type Timers } from './timers';
import type { RequestOptions, RpcRequest, Transport } from './types';

/** Spec section 9, HTTP RPC. */
export const DEFAULT_TIMEOUT = 10_000;
export const DEFAULT_RETRY_COUNT = 3;
export const DEFAULT_RETRY_DELAY = 150;
export const DEFAULT_BATCH_SIZE = 1000;
/** How many in-flight request keys the dedupe cache holds. */
export const DEDUPE_CACHE_SIZE = 8192;
/** HTTP statuses worth another attempt. */
export const RETRY_STATUS_CODES: ReadonlySet<number> = /*#__PURE__*/ new Set([403, 408, 413, 429, 500, 502, 503, 504]);

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpBatchOptions {
  /** Most requests in one POST (default 1000). */
  readonly batchSize?: number;
  /** How long (ms) to collect requests before sending (default 0: the same tick). */
  readonly wait?: number;
}

export interface HttpTransportOptions {
  /** Default: `globalThis.fetch`, looked up at each call. */
  readonly fetch?: FetchLike;
  /** Extra request headers (Content-Type is always application/json). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Per attempt, in ms (default 10000). */
  readonly timeout?: number;
  /** Extra attempts after the first (default 3). */
  readonly retryCount?: number;
  /** Base backoff delay in ms, doubled on each retry: 150, 300, 600… (default 150). */
  readonly retryDelay?: number;
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
}

/** Whether a failed attempt deserves a retry; sign/send calls only when nothing reached the server. */
export function shouldRetry(err: unknown, method: string | undefined): boolean {
  if (method !== undefined && isSendMethod(method)) {
    return err instanceof NetworkRequestError && !err.reachedServer;
  }
  if (err instanceof HttpRequestError) return RETRY_STATUS_CODES.has(err.status);
  return err instanceof NetworkRequestError || err instanceof TimeoutError;
}

/** Parses a Retry-After header (delta seconds or an HTTP date) into ms from `now`; undefined if absent or invalid. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const v = value.trim();
  if (v === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Backoff before retry number `attempt` (0-based): retryDelay * 2^attempt. */
export function backoffDelay(attempt: number, retryDelay: number): number {
  return retryDelay * 2 ** attempt;
}

/** Stable key for dedupe: method plus JSON params (bigints as strings). */
export function requestKey(request: RpcRequest): string {
  return `${request.method}:${JSON.stringify(request.params ?? null, (_k, v: unknown) =>
    typeof v === 'bigint' ? `${v.toString()}n` : v,
  )}`;
}

function headersToRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key.toLowerCase()] = value;
  });
  return out;
}

interface JsonRpcAnswer {
  readonly id?: unknown;
  readonly result?: unknown;
  readonly error?: RpcErrorObject;
}

interface Shared {
  readonly promise: Promise<unknown>;
  readonly controller: AbortController;
  waiters: number;
}

interface BatchItem {
  readonly id: number;
  readonly request: RpcRequest;
  readonly signal: AbortSignal | undefined;
  readonly retryCount: number | undefined;
  settled: boolean;
  resolve(value: unknown): void;
  reject(err: unknown): void;
  cleanup(): void;
}

/**
 * JSON-RPC 2.0 over HTTP POST, with timeout, retries (exponential backoff or
 * Retry-After), optional batching and in-flight dedupe of identical reads.
 */
export function http(url: string, options: HttpTransportOptions = {}): HttpTransport {
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  const defaultRetryCount = options.retryCount ?? DEFAULT_RETRY_COUNT;
  const retryDelay = options.retryDelay ?? DEFAULT_RETRY_DELAY;
  const timers = options.timers ?? defaultTimers;
  const now = options.now ?? defaultNow;
  const dedupe = options.dedupe ?? true;
  const batch = options.batch
    ? {
        batchSize: Math.max(1, (typeof options.batch === 'object' && options.batch.batchSize) || DEFAULT_BATCH_SIZE),
        wait: (typeof options.batch === 'object' && options.batch.wait) || 0,
      }
    : undefined;
  const headers = { ...options.headers, 'Content-Type': 'application/json' };
  const lifetime = new AbortController();
  const inflight = new LruMap<string, Shared>(DEDUPE_CACHE_SIZE);
  let nextId = 0;

  const doFetch: FetchLike = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);

  /** One POST: timeout, abort, status check, JSON parse. */
  async function postOnce(body: unknown, signal: AbortSignal | undefined): Promise<unknown> {
    if (signal?.aborted || lifetime.signal.aborted) throw new RequestAbortedError();
    const { controller, unlink } = linkSignals(signal, lifetime.signal);
    let timedOut = false;
    const timer = timers.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    const fail = (cause: unknown): Error => {
      if (signal?.aborted || lifetime.signal.aborted) return new RequestAbortedError({ cause });
      if (timedOut) return new TimeoutError({ timeout, url });
      return new NetworkRequestError({ url, cause });
    };
    try {
      let response: Response;
      let text: string;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: controller.signal,
        });
        text = await response.text();
      } catch (cause) {
        throw fail(cause);
      }
      if (!response.ok) {
        throw new HttpRequestError({ status: response.status, url, body: text, headers: headersToRecord(response.headers) });
      }
      try {
        return JSON.parse(text) as unknown;
      } catch (cause) {
        throw new HttpRequestError({
          status: response.status,
          url,
          body: text,
          headers: headersToRecord(response.headers),
          details: 'The response is not valid JSON',
          cause,
        });
      }
    } finally {
      timers.clearTimeout(timer);
      unlink();
    }
  }

  /** POST with retries; `method` is set for a single call (send methods are stricter). */
  async function post(body: unknown, signal: AbortSignal | undefined, retryCount: number, method: string | undefined): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await postOnce(body, signal);
      } catch (err) {
        if (attempt >= retryCount || !shouldRetry(err, method)) throw err;
        const retryAfter = err instanceof HttpRequestError ? parseRetryAfter(err.headers['retry-after'], now()) : undefined;
        await sleep(retryAfter ?? backoffDelay(attempt, retryDelay), timers, signal, lifetime.signal);
      }
    }
  }

  function unwrap(answer: unknown, method: string): unknown {
    if (!answer || typeof answer !== 'object') {
      throw new RpcResponseError({ code: -32603, message: 'Invalid JSON-RPC response' }, { url, method });
    }
    const a = answer as JsonRpcAnswer;
    if (a.error) throw new RpcResponseError(a.error, { url, method });
    if (!('result' in a)) throw new RpcResponseError({ code: -32603, message: 'Invalid JSON-RPC response' }, { url, method });
    return a.result;
  }

  async function single(request: RpcRequest, signal: AbortSignal | undefined, retryCount: number | undefined): Promise<unknown> {
    const body = { jsonrpc: '2.0', id: ++nextId, method: request.method, params: request.params ?? [] };
    const answer = await post(body, signal, retryCount ?? defaultRetryCount, request.method);
    return unwrap(answer, request.method);
  }

  // ---- batching ------------------------------------------------------------
  let queue: BatchItem[] = [];
  let flushTimer: unknown;

  function enqueue(request: RpcRequest, signal: AbortSignal | undefined, retryCount: number | undefined): Promise<unknown> {
    return new Promise<unknown>((resolve, reject) => {
      if (signal?.aborted) {
        reject(new RequestAbortedError());
        return;
      }
      const onAbort = (): void => {
        if (item.settled) return;
        queue = queue.filter((q) => q !== item);
        item.reject(new RequestAbortedError());
      };
      const item: BatchItem = {
        id: ++nextId,
        request,
        signal,
        retryCount,
        settled: false,
        resolve: (v) => {
          if (item.settled) return;
          item.settled = true;
          item.cleanup();
          resolve(v);
        },
        reject: (e) => {
          if (item.settled) return;
          item.settled = true;
          item.cleanup();
          reject(e);
        },
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(item);
      if (queue.length >= batch!.batchSize) flush();
      else if (flushTimer === undefined) flushTimer = timers.setTimeout(flush, batch!.wait);
    });
  }

  function flush(): void {
    if (flushTimer !== undefined) timers.clearTimeout(flushTimer);
    flushTimer = undefined;
    const items = queue;
    queue = [];
    for (let i = 0; i < items.length; i += batch!.batchSize) void sendChunk(items.slice(i, i + batch!.batchSize));
  }

  async function sendChunk(items: BatchItem[]): Promise<void> {
    // The POST is aborted only when every caller in it has given up.
    const controller = new AbortController();
    const onItemAbort = (): void => {
      if (items.every((i) => i.settled)) controller.abort();
    };
    for (const i of items) i.signal?.addEventListener('abort', onItemAbort, { once: true });
    const retryCount = Math.min(...items.map((i) => i.retryCount ?? defaultRetryCount));
    try {
      if (items.length === 1) {
        const [item] = items;
        const body = { jsonrpc: '2.0', id: item!.id, method: item!.request.method, params: item!.request.params ?? [] };
        const answer = await post(body, controller.signal, retryCount, item!.request.method);
        try {
          item!.resolve(unwrap(answer, item!.request.method));
        } catch (err) {
          item!.reject(err);
        }
        return;
      }
      const body = items.map((i) => ({ jsonrpc: '2.0', id: i.id, method: i.request.method, params: i.request.params ?? [] }));
      const answer = await post(body, controller.signal, retryCount, undefined);
      if (!Array.isArray(answer)) {
        // A server that rejects the whole batch answers with one error object.
        const err =
          answer && typeof answer === 'object' && (answer as JsonRpcAnswer).error
            ? new RpcResponseError((answer as JsonRpcAnswer).error!, { url })
            : new RpcResponseError({ code: -32603, message: 'Invalid JSON-RPC batch response' }, { url });
        for (const i of items) i.reject(err);
        return;
      }
      const byId = new Map<unknown, JsonRpcAnswer>();
      for (const a of answer as JsonRpcAnswer[]) if (a && typeof a === 'object') byId.set(a.id, a);
      for (const i of items) {
        const a = byId.get(i.id);
        if (!a) {
          i.reject(new RpcResponseError({ code: -32603, message: `No response for request id ${i.id}` }, { url, method: i.request.method }));
          continue;
        }
        try {
          i.resolve(unwrap(a, i.request.method));
        } catch (err) {
          i.reject(err);
        }
      }
    } catch (err) {
      for (const i of items) i.reject(err);
    } finally {
      for (const i of items) i.signal?.removeEventListener('abort', onItemAbort);
    }
  }

  // ---- dispatch --------------------------------------------------------------
  function run(request: RpcRequest, signal: AbortSignal | undefined, retryCount: number | undefined): Promise<unknown> {
    if (batch && !isSendMethod(request.method)) return enqueue(request, signal, retryCount);
    return single(request, signal, retryCount);
  }

  /** Joins a shared in-flight call; this caller's abort only detaches it (the call stops once nobody waits). */
  function join(key: string, entry: Shared, signal: AbortSignal | undefined): Promise<unknown> {
    entry.waiters++;
    return new Promise<unknown>((resolve, reject) => {
      let done = false;
      const leave = (): void => {
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = (): void => {
        if (done) return;
        done = true;
        leave();
        entry.waiters--;
        if (entry.waiters === 0) {
          if (inflight.peek(key) === entry) inflight.delete(key);
          entry.controller.abort();
        }
        reject(new RequestAbortedError());
      };
      if (signal?.aborted) {
        onAbort();
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      entry.promise.then(
        (v) => {
          if (done) return;
          done = true;
          leave();
          resolve(v);
        },
        (e: unknown) => {
          if (done) return;
          done = true;
          leave();
          reject(e);
        },
      );
    });
  }

  function request<T>(req: RpcRequest, opts: RequestOptions = {}): Promise<T> {
    if (lifetime.signal.aborted) return Promise.reject(new RequestAbortedError({ details: 'The transport was disposed' }));
    if (opts.signal?.aborted) return Promise.reject(new RequestAbortedError());
    if (!dedupe || isSendMethod(req.method)) return run(req, opts.signal, opts.retryCount) as Promise<T>;
    const key = requestKey(req);
    let entry = inflight.get(key);
    if (!entry) {
      const controller = new AbortController();
      const promise = run(req, controller.signal, opts.retryCount);
      const created: Shared = { promise, controller, waiters: 0 };
      entry = created;
      inflight.set(key, created);
      promise.then(
        () => inflight.peek(key) === created && inflight.delete(key),
        () => inflight.peek(key) === created && inflight.delete(key),
      );
    }
    return join(key, entry, opts.signal) as Promise<T>;
  }

  return {
    kind: 'http',
    url,
    request,
    dispose(): void {
      if (lifetime.signal.aborted) return;
      lifetime.abort();
      if (flushTimer !== undefined) timers.clearTimeout(flushTimer);
      flushTimer = undefined;
      const pending = queue;
      queue = [];
      for (const i of pending) i.reject(new RequestAbortedError({ details: 'The transport was disposed' }));
      for (const entry of inflight.values()) entry.controller.abort();
      inflight.clear();
    },
  };
}

