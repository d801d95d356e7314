import { readReceipt, waitForReceipt } from './receipt';

/** A node whose eth_getTransactionReceipt answers `answers` in turn (the last one from then on). */
function node(answers: unknown[]) {
  const asked: unknown[] = [];
  return {
    asked,
    async request<T>(req: { method: string; params?: unknown }): Promise<T> {
      expect(req.method).toBe('eth_getTransactionReceipt');
      asked.push(req.params);
      return (answers.length > 1 ? answers.shift() : answers[0]) as T;
    },
  };
}
const HASH = '0x' + 'ab'.repeat(32);
const mined = (status: string) => ({ status, blockNumber: '0x10', transactionHash: HASH });

describe('latchkey/eip155 receipts', () => {
  it('reads a receipt: success, reverted, or undefined while pending', async () => {
    expect(await readReceipt(node([mined('0x1')]), HASH)).toEqual({ status: 'success', blockNumber: 16n });
    expect(await readReceipt(node([mined('0x0')]), HASH)).toEqual({ status: 'reverted', blockNumber: 16n });
    expect(await readReceipt(node([null]), HASH)).toBeUndefined();
  });

  it('rejects a malformed answer from the node', async () => {
    await expect(readReceipt(node(['0x1']), HASH)).rejects.toThrow('the node answered an invalid receipt');
    await expect(readReceipt(node([{ status: '0x1', blockNumber: 16 }]), HASH)).rejects.toThrow('the node answered an invalid block number');
  });

  it('polls from 250 ms, doubling up to 2 s, until the receipt exists', async () => {
    const waits: number[] = [];
    const n = node([null, null, null, null, null, mined('0x1')]);
    const receipt = await waitForReceipt(n, HASH, { timeoutMs: 60_000, sleep: async (ms) => void waits.push(ms) });
    expect(receipt).toEqual({ status: 'success', blockNumber: 16n });
    expect(waits).toEqual([250, 500, 1000, 2000, 2000]);
    expect(n.asked).toEqual(Array(6).fill([HASH]));
  });

  it('resolves undefined when the wait runs out, and rejects with the reason when aborted', async () => {
    jest.useFakeTimers();
    try {
      const pending = waitForReceipt(node([null]), HASH, { timeoutMs: 1000 });
      await jest.advanceTimersByTimeAsync(1000);
      expect(await pending).toBeUndefined();
      const stop = new AbortController();
      const aborted = waitForReceipt(node([null]), HASH, { timeoutMs: 60_000, signal: stop.signal });
      await jest.advanceTimersByTimeAsync(100);
      stop.abort(new Error('disposed'));
      await expect(aborted).rejects.toThrow('disposed');
    } finally {
      jest.useRealTimers();
    }
  });
});
