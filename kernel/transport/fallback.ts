import { isAbortError, mayHaveReachedServer, RequestAbortedError, RpcResponseError, TimeoutError } from '../errors/transport';
import { isSendMethod } from './methods';
import { countOption, defaultNow, defaultTimers, durationOption, linkSignals, MAX_TIMER_MS, sleep, type Timers } from './timers';
import type { RequestOptions, RpcRequest, Transport } from './types';

/** The fallback transport's defaults (docs/connection.md#rpc-transport). */
export const DEFAULT_RANK_INTERVAL = 4000;
export const DEFAULT_RANK_SAMPLE_COUNT = 10;
export const DEFAULT_RANK_TIMEOUT = 1000;
export const DEFAULT_RANK_WEIGHTS = { stability: 0.7, latency: 0.3 } as const;
const DEFAULT_FALLBACK_RETRY_COUNT = 3;
const DEFAULT_FALLBACK_RETRY_DELAY = 150;
export const DEFAULT_PING: RpcRequest = { method: 'eth_blockNumber' };
/** Per-attempt timeout assumed for members that do not say theirs (the HTTP default, docs/connection.md#rpc-transport). */
export const DEFAULT_MEMBER_TIMEOUT = 10_000;
/**
 * A call's default deadline over all members and passes is this many times the
 * longest member timeout (20 s with the default 10 s): a member that hangs to its
 * timeout, then a complete attempt at the next one.
 */
export const DEFAULT_FALLBACK_DEADLINE_FACTOR = 2;

interface RankOptions {
  /** Time between ping rounds, ms (default 4000). */
  readonly interval?: number;
  /** Samples kept per transport (default 10). */
  readonly sampleCount?: number;
  /** A ping slower than this (ms) counts as a failure (default 1000). */
  readonly timeout?: number;
  readonly weights?: { readonly stability?: number; readonly latency?: number };
  /** The cheap call used to ping (default eth_blockNumber). */
  readonly ping?: RpcRequest | ((transport: Transport, index: number) => RpcRequest);
}

export interface FallbackOptions {
  /** Rank members by pinging them (off by default). Pings start at the first request and stop on dispose(). */
  readonly rank?: boolean | RankOptions;
  /**
   * Extra passes over the whole list once every member failed (default 3).
   * Members are called with retryCount 0: the fallback moves on at once instead.
   */
  readonly retryCount?: number;
  /** Base delay between passes, doubled each pass (default 150 ms). */
  readonly retryDelay?: number;
  /**
   * The whole call over every member and pass, ms. Default: 2 × the longest
   * member timeout (members that expose `timeout`, as http() does; 10 s for the
   * others). A caller's `RequestOptions.deadline` can shorten it for one call.
   */
  readonly deadline?: number;
  readonly timers?: Timers;
  readonly now?: () => number;
}

export interface RankSample {
  /** ms the ping took (a failed ping counts the time until it failed). */
  readonly latency: number;
  readonly success: boolean;
}

interface TransportScore {
  /** Position in the list given to fallback(). */
  readonly index: number;
  readonly transport: Transport;
  readonly samples: readonly RankSample[];
  /** Share of successful pings, 0..1. */
  readonly stability: number;
  /** Mean ping latency over the sample window, ms. */
  readonly latency: number;
  readonly score: number;
}

export interface FallbackTransport extends Transport {
  readonly kind: 'fallback';
  /** Members in the order requests try them (best score first when ranking). */
  readonly transports: readonly Transport[];
  /** Current ranking data, in list order. */
  scores(): readonly TransportScore[];
}

/**
 * JSON-RPC error codes that say "this node cannot serve this now" rather than
 * "the request is wrong": another node may well answer.
 */
const FALLBACK_RPC_CODES: ReadonlySet<number> = /*#__PURE__*/ new Set([-32601, -32603, -32004, -32005, -32002]);

/**
 * Whether a member's failure should send the call on to the next member. Not for
 * an abort, nor for a node's answer about the request itself (execution reverted,
 * nonce too low, user rejected…), which another node would repeat.
 */
export function shouldFallback(err: unknown): boolean {
  if (isAbortError(err)) return false;
  if (err instanceof RpcResponseError) {
    return FALLBACK_RPC_CODES.has(err.code) && !/revert/i.test(err.shortMessage);
  }
  return true;
}

/**
 * Ranking score of each member, from its samples:
 *   stability = successes / samples
 *   latencyScore = 1 - meanLatency / maxMeanLatency
 *   score = wS * stability + wL * latencyScore
 * `maxMeanLatency` is the highest mean latency among members that have samples,
 * so the slowest member gets latencyScore 0 and an instant one 1 (all 1 when
 * every mean is 0). A member with no samples yet scores 0 on both and a member
 * that never answered (stability 0) scores 0.
 */
export function scoreSamples(
  samples: readonly (readonly RankSample[])[],
  weights: { stability: number; latency: number } = DEFAULT_RANK_WEIGHTS,
): { stability: number; latency: number; score: number }[] {
  const means = samples.map((s) => (s.length ? s.reduce((acc, x) => acc + x.latency, 0) / s.length : 0));
  const maxMean = Math.max(0, ...means.filter((_, i) => samples[i]!.length > 0));
  return samples.map((s, i) => {
    if (!s.length) return { stability: 0, latency: 0, score: 0 };
    const stability = s.filter((x) => x.success).length / s.length;
    const latencyScore = maxMean > 0 ? 1 - means[i]! / maxMean : 1;
    const score = stability === 0 ? 0 : weights.stability * stability + weights.latency * latencyScore;
    return { stability, latency: means[i]!, score };
  });
}

/** Tries `transports` in order (or by rank), moving on when one fails in a way another may not. */
export function fallback(transports: readonly Transport[], options: FallbackOptions = {}): FallbackTransport {
  if (transports.length === 0) throw new RangeError('fallback() needs at least one transport');
  const timers = options.timers ?? defaultTimers;
  const now = options.now ?? defaultNow;
  const retryCount = countOption('retryCount', options.retryCount, DEFAULT_FALLBACK_RETRY_COUNT, 0, 100);
  const retryDelay = durationOption('retryDelay', options.retryDelay, DEFAULT_FALLBACK_RETRY_DELAY);
  const memberTimeout = Math.max(
    ...transports.map((t) => {
      const own = (t as { timeout?: unknown }).timeout;
      return typeof own === 'number' && Number.isFinite(own) && own > 0 ? own : DEFAULT_MEMBER_TIMEOUT;
    }),
  );
  const deadline = durationOption('deadline', options.deadline, Math.min(MAX_TIMER_MS, memberTimeout * DEFAULT_FALLBACK_DEADLINE_FACTOR), 1);
  const rank = options.rank ? (options.rank === true ? {} : options.rank) : undefined;
  const interval = durationOption('rank.interval', rank?.interval, DEFAULT_RANK_INTERVAL, 1);
  const sampleCount = Math.max(1, rank?.sampleCount ?? DEFAULT_RANK_SAMPLE_COUNT);
  const pingTimeout = durationOption('rank.timeout', rank?.timeout, DEFAULT_RANK_TIMEOUT, 1);
  const weights = {
    stability: rank?.weights?.stability ?? DEFAULT_RANK_WEIGHTS.stability,
    latency: rank?.weights?.latency ?? DEFAULT_RANK_WEIGHTS.latency,
  };
  const pingOf = (t: Transport, i: number): RpcRequest =>
    typeof rank?.ping === 'function' ? rank.ping(t, i) : (rank?.ping ?? DEFAULT_PING);

  const lifetime = new AbortController();
  const samples: RankSample[][] = transports.map(() => []);
  let order: readonly Transport[] = [...transports];
  let started = false;
  let roundRunning = false;
  let roundTimer: unknown;

  function reorder(): void {
    const scored = scoreSamples(samples, weights);
    order = transports
      .map((t, i) => ({ t, i, score: scored[i]!.score }))
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .map((x) => x.t);
  }

  async function ping(t: Transport, i: number): Promise<void> {
    const controller = new AbortController();
    const timer = timers.setTimeout(() => controller.abort(), pingTimeout);
    const start = now();
    let success = false;
    try {
      await t.request(pingOf(t, i), { signal: controller.signal, retryCount: 0, deadline: pingTimeout });
      success = !controller.signal.aborted;
    } catch {
      success = false;
    } finally {
      timers.clearTimeout(timer);
    }
    if (lifetime.signal.aborted) return;
    const list = samples[i]!;
    list.push({ latency: Math.max(0, now() - start), success });
    if (list.length > sampleCount) list.splice(0, list.length - sampleCount);
  }

  async function round(): Promise<void> {
    if (lifetime.signal.aborted) return;
    roundTimer = timers.setTimeout(() => void round(), interval);
    if (roundRunning) return;
    roundRunning = true;
    try {
      await Promise.all(transports.map((t, i) => ping(t, i)));
    } finally {
      roundRunning = false;
    }
    if (!lifetime.signal.aborted) reorder();
  }

  function startRanking(): void {
    if (!rank || started || lifetime.signal.aborted || transports.length < 2) return;
    started = true;
    void round();
  }

  /**
   * Tries the members in order, each with what is left of the call's deadline,
   * passes over the list with backoff, and stops at the deadline (TimeoutError)
   * even when a member ignores its signal.
   */
  async function request<T>(req: RpcRequest, opts: RequestOptions = {}): Promise<T> {
    if (lifetime.signal.aborted) throw new RequestAbortedError({ details: 'The transport was disposed' });
    if (opts.signal?.aborted) throw new RequestAbortedError();
    const budget = Math.min(deadline, durationOption('deadline', opts.deadline, deadline));
    const passes = countOption('retryCount', opts.retryCount, retryCount, 0, 100);
    startRanking();
    const send = isSendMethod(req.method);
    const deadlineAt = now() + budget;
    const timeoutError = (): TimeoutError => new TimeoutError({ timeout: budget, scope: 'call' });
    const { controller, unlink } = linkSignals(opts.signal, lifetime.signal);
    let timedOut = false;
    const timer = timers.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, budget);
    let stop!: (err: Error) => void;
    const stopped = new Promise<never>((_resolve, reject) => {
      stop = reject;
    });
    stopped.catch(() => undefined);
    const onStop = (): void => stop(timedOut ? timeoutError() : new RequestAbortedError());
    controller.signal.addEventListener('abort', onStop, { once: true });
    try {
      for (let pass = 0; ; pass++) {
        let lastError: unknown;
        for (const t of order) {
          if (timedOut) throw timeoutError();
          if (controller.signal.aborted) throw new RequestAbortedError();
          const left = deadlineAt - now();
          if (left <= 0) throw timeoutError();
          try {
            // Raced with the deadline: a member that ignores its signal cannot hold the call.
            return await Promise.race([t.request<T>(req, { signal: controller.signal, retryCount: 0, deadline: left }), stopped]);
          } catch (err) {
            // The member ran out of the time we gave it: that is this call's deadline, whichever
            // timer fired first (a member with a shorter deadline of its own reports less).
            if (timedOut || (err instanceof TimeoutError && err.scope === 'call' && err.timeout >= left)) throw timeoutError();
            if (controller.signal.aborted || isAbortError(err)) throw err;
            if (!shouldFallback(err)) throw err;
            // A sign/send call that may have reached a node is never sent again.
            if (send && mayHaveReachedServer(err)) throw err;
            lastError = err;
          }
        }
        if (pass >= passes) throw lastError;
        const wait = retryDelay * 2 ** pass;
        const remaining = deadlineAt - now();
        if (remaining <= 0) throw timeoutError();
        // A pass that cannot start before the deadline is not waited for.
        if (wait >= remaining) throw lastError;
        try {
          await sleep(wait, timers, controller.signal);
        } catch (err) {
          if (timedOut) throw timeoutError();
          throw err;
        }
      }
    } finally {
      timers.clearTimeout(timer);
      controller.signal.removeEventListener('abort', onStop);
      unlink();
    }
  }

  return {
    kind: 'fallback',
    get transports() {
      return order;
    },
    scores() {
      const scored = scoreSamples(samples, weights);
      return transports.map((transport, index) => ({ index, transport, samples: [...samples[index]!], ...scored[index]! }));
    },
    request,
    dispose(): void {
      if (lifetime.signal.aborted) return;
      lifetime.abort();
      if (roundTimer !== undefined) timers.clearTimeout(roundTimer);
      roundTimer = undefined;
      for (const t of transports) t.dispose();
    },
  };
}
