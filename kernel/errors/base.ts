/**
 * Root of every error the kernel and its plugins throw. Modelled on a
 * short-message + details + cause chain so callers can show the short text and
 * log the rest, and walk the chain to find the error they care about.
 */
export interface LatchkeyErrorOptions {
  /** Numeric or string code (JSON-RPC / provider code, or a kernel code). */
  code?: number | string;
  /** Longer explanation shown under the short message. */
  details?: string;
  cause?: unknown;
  /** Extra structured data (request, status, …). */
  data?: unknown;
}

export class LatchkeyError extends Error {
  override name = 'LatchkeyError';
  /** The fixed message (as docs/errors.md lists it), without details. */
  readonly shortMessage: string;
  readonly code: number | string | undefined;
  readonly details: string | undefined;
  readonly data: unknown;

  constructor(shortMessage: string, options: LatchkeyErrorOptions = {}) {
    super(shortMessage, options.cause === undefined ? undefined : { cause: options.cause });
    this.shortMessage = shortMessage;
    this.code = options.code;
    this.details = options.details;
    this.data = options.data;
    if (options.cause !== undefined && (this as { cause?: unknown }).cause === undefined) {
      (this as { cause?: unknown }).cause = options.cause;
    }
  }

  /** Follows `cause` links; returns the first error `fn` accepts, or the innermost one. */
  walk(fn?: (err: unknown) => boolean): unknown {
    return walkError(this, fn);
  }
}

const MAX_LINKS = 32;

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/**
 * Every error object in `err`'s chain, outermost first, breadth-first: the value, its
 * `cause`, the members of an AggregateError (`errors`), and the places wallets put the
 * real error (`data.originalError`, `error`, `data`). Cycles are cut and the walk is
 * bounded, so a hostile object cannot make it loop. The one walker every error test uses.
 */
export function errorChain(err: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0 && out.length < MAX_LINKS) {
    const rec = asRecord(queue.shift());
    if (!rec || seen.has(rec)) continue;
    seen.add(rec);
    out.push(rec);
    let errors: unknown;
    let data: Record<string, unknown> | undefined;
    try {
      errors = rec['errors'];
      data = asRecord(rec['data']);
      queue.push(rec['cause']);
      if (Array.isArray(errors)) queue.push(...errors.slice(0, MAX_LINKS));
      queue.push(data?.['originalError'], rec['error'], data);
    } catch {
      // a getter that throws ends this branch
    }
  }
  return out;
}

/**
 * The first error in the chain (see {@link errorChain}) that `fn` accepts, or null;
 * without `fn`, the innermost `cause` (following `cause` links only).
 */
export function walkError(err: unknown, fn?: (err: unknown) => boolean): unknown {
  if (fn) return errorChain(err).find((e) => fn(e)) ?? null;
  let current: unknown = err;
  const seen = new Set<unknown>();
  while (current !== undefined && current !== null && !seen.has(current) && seen.size < MAX_LINKS) {
    seen.add(current);
    const next = (current as { cause?: unknown }).cause;
    if (next === undefined || next === null) return current;
    current = next;
  }
  return current;
}
