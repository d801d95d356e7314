/**
 * A small JSON-RPC 2.0 client over HTTP with batching and timeouts, for the configured nodes.
 * Answers are size-bounded and every value used later is validated by the caller's decoders.
 */
import { RpcError } from './errors';

export interface RpcCall {
  readonly method: string;
  readonly params: readonly unknown[];
}

/** Largest answer accepted from a node (a batch of full blocks with receipts). */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export class RpcClient {
  private id = 0;

  constructor(
    readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  async call<T = unknown>(method: string, params: readonly unknown[] = []): Promise<T> {
    const [result] = await this.batch<T>([{ method, params }]);
    return result as T;
  }

  /** Sends the calls as one batch; resolves with the results in order, or throws the first error. */
  async batch<T = unknown>(calls: readonly RpcCall[]): Promise<T[]> {
    const settled = await this.batchSettled<T>(calls);
    return settled.map((s) => {
      if ('error' in s) throw s.error;
      return s.result;
    });
  }

  /** Like batch, but a call's JSON-RPC error is returned in its place instead of thrown (a transport error still throws). */
  async batchSettled<T = unknown>(calls: readonly RpcCall[]): Promise<({ result: T } | { error: RpcError })[]> {
    if (calls.length === 0) return [];
    const first = this.id + 1;
    const body = calls.map((c) => ({ jsonrpc: '2.0', id: ++this.id, method: c.method, params: c.params }));
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body.length === 1 ? body[0] : body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (cause) {
      throw new RpcError(`${calls[0]!.method}${calls.length > 1 ? ` (+${calls.length - 1})` : ''}: ${this.url} unreachable: ${(cause as Error)?.message ?? cause}`, undefined, { cause });
    }
    if (!res.ok) throw new RpcError(`${this.url} answered HTTP ${res.status}`);
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > MAX_RESPONSE_BYTES) throw new RpcError(`${this.url} answered ${length} bytes (limit ${MAX_RESPONSE_BYTES})`);
    let text: string;
    try {
      text = await res.text();
    } catch (cause) {
      throw new RpcError(`${this.url}: reading the answer failed: ${(cause as Error)?.message ?? cause}`, undefined, { cause });
    }
    if (text.length > MAX_RESPONSE_BYTES) throw new RpcError(`${this.url} answered more than ${MAX_RESPONSE_BYTES} bytes`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new RpcError(`${this.url} answered invalid JSON`);
    }
    const list = Array.isArray(parsed) ? parsed : [parsed];
    const byId = new Map<number, { result?: unknown; error?: { code?: number; message?: string } }>();
    for (const item of list) {
      if (item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'number') byId.set((item as { id: number }).id, item as never);
    }
    return calls.map((c, i) => {
      const item = byId.get(first + i);
      if (!item) return { error: new RpcError(`${c.method}: no answer in the batch from ${this.url}`) };
      if (item.error) {
        const code = typeof item.error.code === 'number' ? item.error.code : undefined;
        return { error: new RpcError(`${c.method}: ${String(item.error.message ?? 'error').slice(0, 300)}`, code) };
      }
      return { result: item.result as T };
    });
  }
}

// ---------------------------------------------------------------- decoders of node answers

export type Hex = `0x${string}`;

export function hexToNumber(v: unknown, what: string): number {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(v)) throw new RpcError(`node answered an invalid ${what}: ${String(v).slice(0, 80)}`);
  const n = Number.parseInt(v, 16);
  if (!Number.isSafeInteger(n)) throw new RpcError(`node answered an out-of-range ${what}`);
  return n;
}

export function hexToBigInt(v: unknown, what: string): bigint {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(v)) throw new RpcError(`node answered an invalid ${what}: ${String(v).slice(0, 80)}`);
  return BigInt(v);
}

export function hash32(v: unknown, what: string): Hex {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(v)) throw new RpcError(`node answered an invalid ${what}`);
  return v.toLowerCase() as Hex;
}

export function address(v: unknown, what: string): Hex {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(v)) throw new RpcError(`node answered an invalid ${what}`);
  return v.toLowerCase() as Hex;
}

export function optionalAddress(v: unknown, what: string): Hex | null {
  return v === null || v === undefined ? null : address(v, what);
}

export function hexData(v: unknown, what: string): Hex {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]*$/.test(v)) throw new RpcError(`node answered invalid ${what}`);
  return v.toLowerCase() as Hex;
}

export const toQuantity = (n: number | bigint) => `0x${n.toString(16)}`;
