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
  /** The spec's exact message, without details. */
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

export function walkError(err: unknown, fn?: (err: unknown) => boolean): unknown {
  let current: unknown = err;
  const seen = new Set<unknown>();
  while (current !== undefined && current !== null && !seen.has(current)) {
    if (fn?.(current)) return current;
    seen.add(current);
    const next = (current as { cause?: unknown }).cause;
    if (next === undefined || next === null) return fn ? null : current;
    current = next;
  }
  return fn ? null : current;
}
