/**
 * Runs the chain indexers while this process is the leader.
 *
 * Only one indexer writes at a time: a process becomes the leader by taking a PostgreSQL session
 * advisory lock (pg_try_advisory_lock) on a dedicated connection, and every indexer write goes
 * through that same connection. Other processes stay on standby and retry every
 * `leaderRetryMs`; when the leader stops or its connection drops, the lock is released by the
 * server and a standby takes over. With PGlite the single process always holds it.
 */
import type { Db, Session } from '../../../shared/db/open';
import type { DataServiceConfig } from '../config';
import { ChainIndexer, type ChainStats } from './chain';
import { watchHeads, type HeadWatcher } from './heads';

/**
 * While a node's newHeads subscription is live, the poll is only the fallback for a missed
 * notification: at most this long (or `indexer.pollMs`, if longer). At the 500 ms default poll a
 * caught-up indexer stepped twice a second per chain with nothing mined: an idle local stack's
 * process took 1.75 s of CPU a minute with it, 0.97 s without (its two anvils 0.06 s, 0.01 s).
 */
export const LIVE_HEADS_FALLBACK_MS = 10_000;

/** Advisory lock key of the indexer ("lkindexr"). */
export const INDEXER_LOCK_KEY = 0x6c6b696e_64657872n;

export interface IndexerStatus {
  readonly leader: boolean;
  readonly chains: readonly ChainStats[];
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(t);
      resolve();
    };
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

export class Indexer {
  private leader = false;
  private readonly stop$ = new AbortController();
  private running: Promise<void> | undefined;
  private indexers: ChainIndexer[] = [];
  private readonly stats = new Map<number, ChainStats>();

  constructor(
    private readonly db: Db,
    private readonly config: DataServiceConfig,
  ) {}

  status(): IndexerStatus {
    return { leader: this.leader, chains: this.config.chains.map((c) => this.stats.get(c.chainId) ?? emptyStats(c.chainId)) };
  }

  start(): void {
    if (this.running) return;
    this.running = this.loop().catch((err) => this.config.log(`indexer stopped on an error: ${(err as Error)?.message ?? err}`));
  }

  async stop(): Promise<void> {
    this.stop$.abort();
    await this.running;
  }

  private async loop(): Promise<void> {
    const signal = this.stop$.signal;
    while (!signal.aborted) {
      let session: Session | undefined;
      try {
        session = await this.db.session();
        const rows = await session.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [INDEXER_LOCK_KEY.toString()]);
        if (rows[0]?.ok !== true) {
          await session.release();
          session = undefined;
          await sleep(this.config.indexer.leaderRetryMs, signal);
          continue;
        }
        this.leader = true;
        this.config.log(`indexer: leader (${this.config.chains.map((c) => c.chainId).join(', ')})`);
        await this.lead(session, signal);
      } catch (err) {
        this.config.log(`indexer: ${(err as Error)?.message ?? err}`);
        await sleep(this.config.indexer.leaderRetryMs, signal);
      } finally {
        if (this.leader) this.config.log('indexer: no longer the leader');
        this.leader = false;
        if (session) {
          await session.query('select pg_advisory_unlock($1)', [INDEXER_LOCK_KEY.toString()]).catch(() => {});
          await session.release().catch(() => {});
        }
      }
    }
  }

  /** Runs every chain until stopped or the session is lost. */
  private async lead(session: Session, signal: AbortSignal): Promise<void> {
    const lost = new AbortController();
    const onStop = () => lost.abort();
    signal.addEventListener('abort', onStop, { once: true });
    void session.lost.then((err) => {
      this.config.log(`indexer: lost the database session (${err.message})`);
      lost.abort();
    });
    this.indexers = this.config.chains.map(
      (c) => new ChainIndexer(c, session, { batchBlocks: this.config.indexer.batchBlocks, rpcTimeoutMs: this.config.limits.rpcTimeoutMs, log: this.config.log }),
    );
    for (const ix of this.indexers) {
      const previous = this.stats.get(ix.chain.chainId);
      if (previous) Object.assign(ix.stats, { reorgs: previous.reorgs, restarts: previous.restarts, blocksIndexed: previous.blocksIndexed, msIndexing: previous.msIndexing, steps: previous.steps });
      this.stats.set(ix.chain.chainId, ix.stats);
    }
    const heads = this.indexers.map((ix) => (ix.chain.wsUrl ? watchHeads(ix.chain.wsUrl, this.config.log) : undefined));
    try {
      await Promise.all(this.indexers.map((ix, i) => this.follow(ix, heads[i], lost.signal)));
    } finally {
      for (const h of heads) h?.close();
    }
    signal.removeEventListener('abort', onStop);
  }

  private async follow(ix: ChainIndexer, heads: HeadWatcher | undefined, signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      try {
        const r = await ix.step();
        failures = 0;
        if (ix.stats.lastError) ix.stats.lastError = null;
        // caught up: wait for the next head (or the poll interval without a live subscription)
        if (!r.behind) {
          const pollMs = this.config.indexer.pollMs;
          await (heads ? heads.next(heads.live() ? Math.max(pollMs, LIVE_HEADS_FALLBACK_MS) : pollMs, signal) : sleep(pollMs, signal));
        }
      } catch (err) {
        if (signal.aborted) break;
        failures++;
        const message = (err as Error)?.message ?? String(err);
        if (ix.stats.lastError !== message) this.config.log(`chain ${ix.chain.chainId}: ${message}`);
        ix.stats.lastError = message;
        ix.stats.lastErrorAt = new Date().toISOString();
        // back off up to 10 s while the node is down
        await sleep(Math.min(10_000, this.config.indexer.pollMs * 2 ** Math.min(failures, 5)), signal);
      }
    }
  }
}

function emptyStats(chainId: number): ChainStats {
  return { chainId, head: null, indexed: null, reorgs: 0, restarts: 0, blocksIndexed: 0, msIndexing: 0, steps: 0, lastError: null, lastErrorAt: null };
}
