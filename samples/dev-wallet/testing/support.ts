/**
 * Test support shared by the dev wallets' tests: an in-memory storage, and the error a promise
 * rejects with (for tests that look at more than its message).
 */
import type { StorageLike } from '../host';

/** A StorageLike over a Map (`data`, for tests that look at what was stored). */
export function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

/** What `p` rejects with; fails the test when it resolves. */
export async function rejection(p: Promise<unknown>): Promise<any> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}
