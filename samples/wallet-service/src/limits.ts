/**
 * Rate limits and lockouts, kept in the database so that every process behind a load balancer counts
 * together. Fixed windows: one row per key, reset when its window has passed.
 */
import type { Queryable } from '../../shared/db/open';

export interface LimitResult {
  readonly allowed: boolean;
  readonly count: number;
  /** Seconds until the window resets. */
  readonly retryAfterSeconds: number;
}

/** Counts one hit on `key`; allowed while the count in the current window is at most `limit`. */
export async function hit(q: Queryable, key: string, limit: number, windowSeconds: number): Promise<LimitResult> {
  const rows = await q.query<{ count: number; retry_after: string | number }>(
    `INSERT INTO rate_limits AS r (key, window_start, count) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE r.count + 1 END,
       window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN now() ELSE r.window_start END
     RETURNING count, EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2) - now())) AS retry_after`,
    [key, windowSeconds],
  );
  const row = rows[0]!;
  return { allowed: row.count <= limit, count: row.count, retryAfterSeconds: Math.max(0, Number(row.retry_after)) };
}

/** Seconds left on a lockout of `key`, or 0. */
export async function lockedFor(q: Queryable, key: string): Promise<number> {
  const rows = await q.query<{ left: string | number }>(
    `SELECT EXTRACT(EPOCH FROM (until - now())) AS left FROM lockouts WHERE key = $1 AND until > now()`,
    [key],
  );
  return rows[0] ? Math.max(0, Number(rows[0].left)) : 0;
}

export async function lock(q: Queryable, key: string, seconds: number): Promise<void> {
  await q.query(
    `INSERT INTO lockouts (key, until) VALUES ($1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET until = GREATEST(lockouts.until, EXCLUDED.until)`,
    [key, seconds],
  );
}

/** Deletes expired rows of every bounded table. Safe to run from every process at once. */
export async function sweep(q: Queryable): Promise<void> {
  await q.query(`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`);
  await q.query(`DELETE FROM lockouts WHERE until < now()`);
  await q.query(`DELETE FROM proof_jtis WHERE expires_at < now()`);
  await q.query(`DELETE FROM revoked_sessions WHERE expires_at < now()`);
  await q.query(`DELETE FROM email_challenges WHERE expires_at < now()`);
  await q.query(`DELETE FROM oauth_states WHERE expires_at < now()`);
  await q.query(`DELETE FROM social_results WHERE expires_at < now()`);
  await q.query(`DELETE FROM farcaster_channels WHERE expires_at < now()`);
  await q.query(`DELETE FROM call_bundles WHERE created_at < now() - interval '7 days'`);
}
