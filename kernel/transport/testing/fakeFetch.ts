/**
 * A scripted `fetch` for unit tests: each call is recorded and answered by a
 * handler. Returning HANG keeps the call pending until its signal aborts.
 */
export const HANG = Symbol('hang');

export interface FakeCall {
  readonly url: string;
  readonly init: RequestInit;
  /** Parsed JSON body, when there is one. */
  readonly body: any;
  /** Date.now() when the call was made (fake under jest fake timers). */
  readonly at: number;
}

export type FakeHandler = (call: FakeCall, index: number) => Response | typeof HANG | Error | Promise<Response | typeof HANG | Error>;

export interface FakeFetch {
  readonly fetch: (input: string, init?: RequestInit) => Promise<Response>;
  readonly calls: FakeCall[];
}

export function fakeFetch(handler: FakeHandler): FakeFetch {
  const calls: FakeCall[] = [];
  const fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    let body: unknown;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: FakeCall = { url: input, init, body, at: Date.now() };
    calls.push(call);
    const signal = init.signal ?? undefined;
    // As fetch does: an aborted call rejects with the signal's reason.
    if (signal?.aborted) throw abortReason(signal);
    const answer = await handler(call, calls.length - 1);
    if (answer instanceof Error) throw answer;
    if (answer !== HANG) return answer;
    return new Promise<Response>((_resolve, reject) => {
      if (signal?.aborted) reject(abortReason(signal));
      signal?.addEventListener('abort', () => reject(abortReason(signal)), { once: true });
    });
  };
  return { fetch, calls };
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** A JSON response. */
export function json(value: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** A JSON-RPC success answer to a single call. */
export function rpcResult(call: FakeCall, result: unknown): Response {
  return json({ jsonrpc: '2.0', id: call.body.id, result });
}

/** Answers every item of a batch (or a single call) with `fn(method, params)`. */
export function rpcEcho(fn: (method: string, params: unknown) => unknown = (m, p) => ({ method: m, params: p })) {
  return (call: FakeCall): Response => {
    const one = (b: any) => ({ jsonrpc: '2.0', id: b.id, result: fn(b.method, b.params) });
    return json(Array.isArray(call.body) ? call.body.map(one) : one(call.body));
  };
}

/** An error shaped like undici's `TypeError: fetch failed` with a socket code in its cause. */
export function networkError(code: string): Error {
  const cause = Object.assign(new Error(`connect ${code} 127.0.0.1:1`), { code });
  return new TypeError('fetch failed', { cause });
}
