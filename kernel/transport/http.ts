/**
 * The HTTP JSON-RPC transport, `http(url, options)`: one POST with its attempt timeout and byte
 * limit, retries within the call's deadline, the JSON-RPC answers matched to their requests,
 * batching and in-flight dedupe. Beside it: the options and defaults (`httpOptions.ts`), the
 * shapes its parts pass around (`httpTypes.ts`), the retry policy (`policy.ts`), Retry-After
 * (`retryAfter.ts`), the envelope check (`envelope.ts`), the capped body read (`body.ts`).
 * One closure on purpose: this chunk's size is held (docs/chunks.md), and factories for the
 * batch queue or the dedupe map cost bytes.
 */
import { HttpRequestError, NetworkRequestError, RequestAbortedError, ResponseTooLargeError, RpcResponseError, TimeoutError } from '../errors/transport';
import { InvalidRpcResponseError, RetryAfterError } from '../errors/rpcTransport';
import { ERROR_BODY_READ_BYTES, readCapped, type CappedBody } from './body';
import { checkEnvelope, show, type RpcAnswer } from './envelope';
import { parseRetryAfter } from './retryAfter';
import { LruMap } from './lru';
import { isSendMethod } from './methods';
import { backoffDelay, requestKey, shouldRetry } from './policy';
import type { BatchItem, Call, Shared } from './httpTypes';
import { countOption, defaultNow, defaultTimers, durationOption, linkSignals, MAX_TIMER_MS, sleep, type Timers } from './timers';
import { DEDUPE_CACHE_SIZE, DEFAULT_BATCH_SIZE, DEFAULT_DEADLINE_FACTOR, DEFAULT_MAX_BATCH_RESPONSE_BYTES, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_RETRY_COUNT, DEFAULT_RETRY_DELAY, DEFAULT_TIMEOUT, MAX_BYTES_OPTION, MAX_RETRY_COUNT, type FetchLike, type HttpTransport, type HttpTransportOptions } from './httpOptions';
import type { RequestOptions, RpcRequest } from './types';

export { RETRY_STATUS_CODES, backoffDelay, requestKey, shouldRetry } from './policy';
export { DEDUPE_CACHE_SIZE, DEFAULT_BATCH_SIZE, DEFAULT_DEADLINE_FACTOR, DEFAULT_MAX_BATCH_RESPONSE_BYTES, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_RETRY_COUNT, DEFAULT_RETRY_DELAY, DEFAULT_TIMEOUT, type FetchLike, type HttpBatchOptions, type HttpTransport, type HttpTransportOptions } from './httpOptions';

function headersToRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key.toLowerCase()] = value;
  });
  return out;
}

/**
 * JSON-RPC 2.0 over HTTP POST, with a per-attempt timeout, one deadline per call,
 * retries (exponential backoff or a validated Retry-After within the deadline),
 * a byte limit on answers, a strict check of the JSON-RPC envelope, optional
 * batching and in-flight dedupe of identical reads.
 */
export function http(url: string, options: HttpTransportOptions = {}): HttpTransport {
  const timeout = durationOption('timeout', options.timeout, DEFAULT_TIMEOUT, 1);
  const deadline = durationOption('deadline', options.deadline, Math.min(MAX_TIMER_MS, timeout * DEFAULT_DEADLINE_FACTOR), 1);
  const defaultRetryCount = countOption('retryCount', options.retryCount, DEFAULT_RETRY_COUNT, 0, MAX_RETRY_COUNT);
  const retryDelay = durationOption('retryDelay', options.retryDelay, DEFAULT_RETRY_DELAY);
  const maxResponseBytes = countOption('maxResponseBytes', options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, 1, MAX_BYTES_OPTION);
  const timers = options.timers ?? defaultTimers;
  const now = options.now ?? defaultNow;
  const dedupe = options.dedupe ?? true;
  const batchOptions = typeof options.batch === 'object' ? options.batch : {};
  const batch = options.batch
    ? {
        batchSize: countOption('batch.batchSize', batchOptions.batchSize, DEFAULT_BATCH_SIZE, 1, 100_000),
        wait: durationOption('batch.wait', batchOptions.wait, 0),
        maxResponseBytes: countOption('batch.maxResponseBytes', batchOptions.maxResponseBytes, DEFAULT_MAX_BATCH_RESPONSE_BYTES, 1, MAX_BYTES_OPTION),
      }
    : undefined;
  const headers = { ...options.headers, 'Content-Type': 'application/json' };
  const lifetime = new AbortController();
  /** Each attempt's controller while it runs: dispose aborts them (a listener per attempt on one shared signal would cost O(n) each in EventTarget). */
  const attempts = new Set<AbortController>();
  const inflight = new LruMap<string, Shared>(DEDUPE_CACHE_SIZE);
  let nextId = 0;

  const doFetch: FetchLike = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const deadlineError = (budget: number): TimeoutError => new TimeoutError({ timeout: budget, url, scope: 'call' });
  const invalid = (reason: string, method?: string): InvalidRpcResponseError => new InvalidRpcResponseError(reason, { url, method });

  /** One POST: attempt timeout (never past the deadline), abort, status, byte limit, JSON parse. */
  async function postOnce(payload: string, call: Call): Promise<unknown> {
    if (call.signal?.aborted || lifetime.signal.aborted) throw new RequestAbortedError();
    const remaining = call.deadlineAt - now();
    if (remaining <= 0) throw deadlineError(call.budget);
    // When the deadline ends the attempt no later than its own timeout, a timeout is the deadline's.
    const byDeadline = remaining <= timeout;
    const linked = linkSignals(call.signal);
    const controller = linked.controller;
    attempts.add(controller);
    const unlink = (): void => {
      attempts.delete(controller);
      linked.unlink();
    };
    let timedOut = false;
    const timer = timers.setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      byDeadline ? remaining : timeout,
    );
    const fail = (cause: unknown): Error => {
      // A disposal fails every call with its one error (thousands of calls need not build thousands of stacks).
      if (lifetime.signal.aborted) return lifetime.signal.reason as Error;
      if (call.signal?.aborted) return new RequestAbortedError({ cause });
      if (timedOut) return byDeadline ? deadlineError(call.budget) : new TimeoutError({ timeout, url });
      return new NetworkRequestError({ url, cause });
    };
    try {
      let response: Response;
      let body: CappedBody;
      try {
        response = await doFetch(url, { method: 'POST', headers, body: payload, signal: controller.signal });
        // An error answer keeps only a prefix: read that much and drop the rest unread.
        body = await readCapped(response, response.ok ? call.maxBytes : ERROR_BODY_READ_BYTES, controller.signal, response.ok);
      } catch (cause) {
        throw fail(cause);
      }
      if (!response.ok) {
        throw new HttpRequestError({
          status: response.status,
          url,
          body: body.text,
          bodyTruncated: !body.complete,
          headers: headersToRecord(response.headers),
        });
      }
      if (!body.complete) {
        throw new ResponseTooLargeError({ limit: call.maxBytes, url, status: response.status, declared: body.declared });
      }
      try {
        return JSON.parse(body.text) as unknown;
      } catch (cause) {
        throw new HttpRequestError({
          status: response.status,
          url,
          body: body.text,
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

  /**
   * POST with retries, each answer checked by `accept` (which may throw). A retry
   * waits the backoff, or longer when a valid Retry-After asks so; a wait that
   * does not fit in what is left of the deadline is not started: the call fails
   * at once (RetryAfterError when the server's Retry-After is what does not fit).
   */
  async function post<T>(payload: string, call: Call, accept: (answer: unknown) => T): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let failure: unknown;
      try {
        return accept(await postOnce(payload, call));
      } catch (err) {
        failure = err;
      }
      if (attempt >= call.retryCount || !shouldRetry(failure, call.method)) throw failure;
      const retryAfter = failure instanceof HttpRequestError ? parseRetryAfter(failure.headers['retry-after'], now()) : undefined;
      const wait = Math.max(backoffDelay(attempt, retryDelay), retryAfter ?? 0);
      const left = call.deadlineAt - now();
      if (left <= 0) throw deadlineError(call.budget);
      if (wait >= left) {
        if (retryAfter !== undefined && retryAfter >= left) {
          throw new RetryAfterError({ retryAfter, remaining: Math.max(0, Math.round(left)), url, cause: failure });
        }
        throw failure;
      }
      await sleep(wait, timers, call.signal, lifetime.signal);
    }
  }

  /** The result of a single call's answer; throws for a node error or a broken envelope. */
  function answerOf(answer: unknown, id: number, method: string): unknown {
    const a = checkEnvelope(answer);
    if (typeof a === 'string') throw invalid(a, method);
    // A node that could not read the request answers an error with id null.
    if (a.error && a.id === null) throw new RpcResponseError(a.error, { url, method });
    if (a.id !== id) throw invalid(`the answer's id is ${show(a.id)}, the request's ${id}`, method);
    if (a.error) throw new RpcResponseError(a.error, { url, method });
    return a.result;
  }

  /** A batch answer by id: every id asked at most once, nothing else; throws when it breaks that. */
  function batchAnswers(answer: unknown, ids: ReadonlySet<number>): Map<number, RpcAnswer> {
    if (!Array.isArray(answer)) {
      const a = checkEnvelope(answer);
      // A server that rejects the whole batch answers with one error object.
      if (typeof a !== 'string' && a.error && a.id === null) throw new RpcResponseError(a.error, { url });
      throw invalid(typeof a === 'string' ? `batch answer: ${a}` : 'a batch answered with a single object');
    }
    const byId = new Map<number, RpcAnswer>();
    for (const item of answer as unknown[]) {
      const a = checkEnvelope(item);
      if (typeof a === 'string') throw invalid(`batch answer: ${a}`);
      if (typeof a.id !== 'number' || !ids.has(a.id)) throw invalid(`the batch answer has id ${show(a.id)}, which no request had`);
      if (byId.has(a.id)) throw invalid(`the batch answer has id ${a.id} twice`);
      byId.set(a.id, a);
    }
    return byId;
  }

  async function single(request: RpcRequest, signal: AbortSignal | undefined, retryCount: number, budget: number): Promise<unknown> {
    const id = ++nextId;
    const payload = JSON.stringify({ jsonrpc: '2.0', id, method: request.method, params: request.params ?? [] });
    const call: Call = { signal, retryCount, method: request.method, deadlineAt: now() + budget, budget, maxBytes: maxResponseBytes };
    return post(payload, call, (answer) => answerOf(answer, id, request.method));
  }

  // ---- batching ------------------------------------------------------------
  let queue: BatchItem[] = [];
  let flushTimer: unknown;

  function enqueue(request: RpcRequest, signal: AbortSignal | undefined, retryCount: number | undefined, budget: number): Promise<unknown> {
    return new Promise<unknown>((resolve, reject) => {
      if (signal?.aborted) {
        reject(new RequestAbortedError());
        return;
      }
      const drop = (err: Error): void => {
        if (item.settled) return;
        queue = queue.filter((q) => q !== item);
        item.reject(err);
      };
      const onAbort = (): void => drop(new RequestAbortedError());
      // The item's own deadline: it may sit in the queue, or share a POST with later deadlines.
      const deadlineTimer = timers.setTimeout(() => drop(deadlineError(budget)), budget);
      const settle = (): void => {
        item.settled = true;
        signal?.removeEventListener('abort', onAbort);
        timers.clearTimeout(deadlineTimer);
        item.onSettle?.();
      };
      const item: BatchItem = {
        id: ++nextId,
        request,
        retryCount,
        deadlineAt: now() + budget,
        budget,
        settled: false,
        onSettle: undefined,
        resolve: (v) => {
          if (item.settled) return;
          settle();
          resolve(v);
        },
        reject: (e) => {
          if (item.settled) return;
          settle();
          reject(e);
        },
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
    // The POST stops only when every caller in it has settled (given up, or timed out);
    // it runs until the latest deadline among them.
    const controller = new AbortController();
    for (const i of items) {
      i.onSettle = () => {
        if (items.every((x) => x.settled)) controller.abort();
      };
    }
    const latest = items.reduce((a, b) => (b.deadlineAt > a.deadlineAt ? b : a));
    const call: Omit<Call, 'method' | 'maxBytes'> = {
      signal: controller.signal,
      retryCount: Math.min(...items.map((i) => i.retryCount ?? defaultRetryCount)),
      deadlineAt: latest.deadlineAt,
      budget: latest.budget,
    };
    try {
      if (items.length === 1) {
        const item = items[0]!;
        const { method } = item.request;
        const payload = JSON.stringify({ jsonrpc: '2.0', id: item.id, method, params: item.request.params ?? [] });
        item.resolve(await post(payload, { ...call, method, maxBytes: maxResponseBytes }, (a) => answerOf(a, item.id, method)));
        return;
      }
      const payload = JSON.stringify(items.map((i) => ({ jsonrpc: '2.0', id: i.id, method: i.request.method, params: i.request.params ?? [] })));
      const ids = new Set(items.map((i) => i.id));
      const byId = await post(payload, { ...call, method: undefined, maxBytes: batch!.maxResponseBytes }, (a) => batchAnswers(a, ids));
      for (const i of items) {
        const a = byId.get(i.id);
        if (!a) i.reject(invalid(`the batch answer has no answer for request id ${i.id}`, i.request.method));
        else if (a.error) i.reject(new RpcResponseError(a.error, { url, method: i.request.method }));
        else i.resolve(a.result);
      }
    } catch (err) {
      for (const i of items) i.reject(err);
    }
  }

  // ---- dispatch --------------------------------------------------------------
  function run(request: RpcRequest, signal: AbortSignal | undefined, retryCount: number | undefined, budget: number): Promise<unknown> {
    if (batch && !isSendMethod(request.method)) return enqueue(request, signal, retryCount, budget);
    return single(request, signal, retryCount ?? defaultRetryCount, budget);
  }

  /**
   * Joins a shared in-flight call; this caller's abort or deadline only detaches
   * it (the call stops once nobody waits).
   */
  function join(key: string, entry: Shared, signal: AbortSignal | undefined, budget: number): Promise<unknown> {
    entry.waiters++;
    return new Promise<unknown>((resolve, reject) => {
      let done = false;
      let timer: unknown;
      const finish = (): boolean => {
        if (done) return false;
        done = true;
        signal?.removeEventListener('abort', onAbort);
        if (timer !== undefined) timers.clearTimeout(timer);
        return true;
      };
      const leave = (err: Error): void => {
        if (!finish()) return;
        entry.waiters--;
        if (entry.waiters === 0) {
          if (inflight.peek(key) === entry) inflight.delete(key);
          entry.controller.abort();
        }
        reject(err);
      };
      const onAbort = (): void => leave(new RequestAbortedError());
      if (signal?.aborted) {
        onAbort();
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      timer = timers.setTimeout(() => leave(deadlineError(budget)), budget);
      entry.promise.then(
        (v) => {
          if (finish()) resolve(v);
        },
        (e: unknown) => {
          if (finish()) reject(e);
        },
      );
    });
  }

  function request<T>(req: RpcRequest, opts: RequestOptions = {}): Promise<T> {
    if (lifetime.signal.aborted) return Promise.reject(new RequestAbortedError({ details: 'The transport was disposed' }));
    if (opts.signal?.aborted) return Promise.reject(new RequestAbortedError());
    let budget: number;
    let retryCount: number | undefined;
    try {
      budget = Math.min(deadline, durationOption('deadline', opts.deadline, deadline));
      retryCount = opts.retryCount === undefined ? undefined : countOption('retryCount', opts.retryCount, defaultRetryCount, 0, MAX_RETRY_COUNT);
    } catch (err) {
      return Promise.reject(err);
    }
    if (!dedupe || isSendMethod(req.method)) return run(req, opts.signal, retryCount, budget) as Promise<T>;
    const key = requestKey(req);
    let entry = inflight.get(key);
    if (!entry) {
      const controller = new AbortController();
      // The shared call runs under its first caller's deadline; each caller also keeps its own.
      const promise = run(req, controller.signal, retryCount, budget);
      const created: Shared = { promise, controller, waiters: 0 };
      entry = created;
      inflight.set(key, created);
      promise.then(
        () => inflight.peek(key) === created && inflight.delete(key),
        () => inflight.peek(key) === created && inflight.delete(key),
      );
    }
    return join(key, entry, opts.signal, budget) as Promise<T>;
  }

  return {
    kind: 'http',
    url,
    timeout,
    deadline,
    request,
    dispose(): void {
      if (lifetime.signal.aborted) return;
      // One reason for every abort below: without one, each abort() builds a DOMException with its stack.
      const disposed = new RequestAbortedError({ details: 'The transport was disposed' });
      lifetime.abort(disposed);
      if (flushTimer !== undefined) timers.clearTimeout(flushTimer);
      flushTimer = undefined;
      const pending = queue;
      queue = [];
      for (const i of pending) i.reject(disposed);
      for (const entry of inflight.values()) entry.controller.abort(disposed);
      inflight.clear();
      for (const controller of [...attempts]) controller.abort(disposed);
    },
  };
}
