/**
 * A transaction's receipt read from the chain, and the wait for it: what the swaps plugin checks
 * before it calls a swap done, and what the evm adapter waits for before the balance after a send
 * is read again (a node may answer the hash before the block that holds it exists). Answers are
 * checked: a node is outside our control.
 */
import type { Erc20Transport } from './erc20';

export interface TransactionReceipt {
  readonly status: 'success' | 'reverted';
  readonly blockNumber: bigint;
}

export interface WaitForReceiptOptions {
  /** Gives up (resolves undefined) after this long. */
  readonly timeoutMs: number;
  /** Stops waiting: the wait rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Injected in tests. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** First poll after 250 ms, doubling up to 2 s. */
const FIRST_POLL_MS = 250;
const MAX_POLL_MS = 2000;

function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function quantity(v: unknown, what: string): bigint {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(v)) throw new TypeError(`the node answered an invalid ${what}`);
  return BigInt(v);
}

/** The receipt of `hash`, or undefined while the transaction is pending. */
export async function readReceipt(transport: Erc20Transport, hash: string): Promise<TransactionReceipt | undefined> {
  const r = await transport.request<unknown>({ method: 'eth_getTransactionReceipt', params: [hash] });
  if (r === null || r === undefined) return undefined;
  if (typeof r !== 'object') throw new TypeError('the node answered an invalid receipt');
  const { status, blockNumber } = r as { status?: unknown; blockNumber?: unknown };
  return { status: status === '0x1' ? 'success' : 'reverted', blockNumber: quantity(blockNumber, 'block number') };
}

/** Polls for the receipt of `hash` until it exists (resolves it) or `timeoutMs` passed (resolves undefined). */
export async function waitForReceipt(transport: Erc20Transport, hash: string, options: WaitForReceiptOptions): Promise<TransactionReceipt | undefined> {
  const { timeoutMs, signal, sleep = sleepFor } = options;
  const end = Date.now() + timeoutMs;
  let wait = FIRST_POLL_MS;
  for (;;) {
    signal?.throwIfAborted();
    const receipt = await readReceipt(transport, hash);
    if (receipt) return receipt;
    if (Date.now() + wait > end) return undefined;
    await sleep(wait, signal);
    wait = Math.min(wait * 2, MAX_POLL_MS);
  }
}
