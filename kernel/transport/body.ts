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

const ignore = (): void => undefined;

/** Content-Length as a number, or undefined when absent or not a plain non-negative integer. */
export function declaredLength(headers: Headers): number | undefined {
  const raw = headers.get('content-length');
  return raw !== null && /^\s*\d{1,16}\s*$/.test(raw) ? Number(raw) : undefined;
}

/**
 * Reads at most `limit` bytes of `response`'s body. With `failFast`, a body whose
 * Content-Length already exceeds the limit is not read at all (text ''). Rejects
 * with the signal's reason when `signal` aborts before or during the read.
 */
export async function readCapped(response: Response, limit: number, signal?: AbortSignal, failFast?: boolean): Promise<CappedBody> {
  const declared = declaredLength(response.headers);
  const stream = response.body;
  if (signal?.aborted) {
    stream?.cancel().catch(ignore);
    throw signal.reason;
  }
  if (!stream) return { text: '', complete: true, declared };
  if (failFast && declared !== undefined && declared > limit) {
    stream.cancel().catch(ignore);
    return { text: '', complete: false, declared };
  }
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  // Settles only on abort: raced with each read, so a body that stalls cannot outlive the signal.
  const aborted = new Promise<never>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
  aborted.catch(ignore);
  let text = '';
  let bytes = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) {
        finished = true;
        return { text: text + decoder.decode(), complete: true, declared };
      }
      const room = limit - bytes;
      if (value.byteLength > room) return { text: text + decoder.decode(value.subarray(0, room)), complete: false, declared };
      bytes += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    if (!finished) reader.cancel().catch(ignore);
  }
}
