/**
 * Reading a fetch Response body with a byte limit: the body is streamed and
 * reading stops (the rest is cancelled, never buffered) once the limit is
 * passed, so a hostile or broken server cannot make the client hold more than
 * the limit. Shared by the RPC transport and the HttpClient service.
 */

/** Bytes of a non-2xx body read for an error's prefix; the rest is cancelled unread. */
export const ERROR_BODY_READ_BYTES = 4096;

export interface CappedBody {
  /** The body as UTF-8 text: all of it, or its first `limit` bytes when `complete` is false. */
  readonly text: string;
  /** False when the body was longer than the limit (or announced so by Content-Length). */
  readonly complete: boolean;
  /** Content-Length when the server sent a valid one. */
  readonly declared: number | undefined;
}

/** Content-Length as a number, or undefined when absent or not a plain non-negative integer. */
export function declaredLength(headers: Headers): number | undefined {
  const raw = headers.get('content-length');
  if (raw === null || !/^\s*\d{1,16}\s*$/.test(raw)) return undefined;
  return Number(raw);
}

/**
 * Reads at most `limit` bytes of `response`'s body. With `failFast`, a body whose
 * Content-Length already exceeds the limit is not read at all (text ''). Rejects
 * with the signal's reason (or an AbortError) when `signal` aborts mid-read.
 */
export async function readCapped(
  response: Response,
  limit: number,
  options: { signal?: AbortSignal; failFast?: boolean } = {},
): Promise<CappedBody> {
  const declared = declaredLength(response.headers);
  const stream = response.body;
  if (options.signal?.aborted) {
    await stream?.cancel().catch(() => undefined);
    throw options.signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
  }
  if (!stream) return { text: '', complete: true, declared };
  if (options.failFast && declared !== undefined && declared > limit) {
    await stream.cancel().catch(() => undefined);
    return { text: '', complete: false, declared };
  }
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  let complete = true;
  let finished = false;
  const { signal } = options;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal?.reason ?? new DOMException('This operation was aborted', 'AbortError'));
  });
  aborted.catch(() => undefined);
  signal?.addEventListener('abort', onAbort!, { once: true });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) {
        finished = true;
        break;
      }
      if (!value || value.byteLength === 0) continue;
      const room = limit - bytes;
      if (value.byteLength > room) {
        if (room > 0) parts.push(decoder.decode(value.subarray(0, room), { stream: true }));
        bytes = limit;
        complete = false;
        break;
      }
      bytes += value.byteLength;
      parts.push(decoder.decode(value, { stream: true }));
    }
    parts.push(decoder.decode());
    return { text: parts.join(''), complete, declared };
  } finally {
    if (signal && onAbort) signal.removeEventListener('abort', onAbort);
    if (!finished) reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
}
