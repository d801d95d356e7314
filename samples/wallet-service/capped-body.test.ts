import { readTextCapped } from './src/capped-body';

/** An answer that never ends: 64 KiB chunks for as long as it is read; counts what was pulled and whether it was cancelled. */
function endless(headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false };
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { res: new Response(body, { headers }), seen };
}

describe('readTextCapped', () => {
  it('returns the text of an answer within the cap', async () => {
    expect(await readTextCapped(new Response('{"ok":true}'), 11)).toBe('{"ok":true}');
    expect(await readTextCapped(new Response(null), 10)).toBe('');
  });

  it('stops reading an endless answer at the cap and cancels it', async () => {
    const { res, seen } = endless();
    expect(await readTextCapped(res, 1_000_000)).toBeNull();
    expect(seen.cancelled).toBe(true);
    // what was read is the cap and what the stream had queued, not the answer
    expect(seen.pulled).toBeLessThan(1_000_000 + 4 * 64 * 1024);
  });

  it('reads nothing of an answer that declares a length above the cap', async () => {
    const { res, seen } = endless({ 'content-length': '5000000' });
    expect(await readTextCapped(res, 1_000_000)).toBeNull();
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(64 * 1024);
  });

  it('refuses an answer one byte over the cap', async () => {
    expect(await readTextCapped(new Response('x'.repeat(11)), 10)).toBeNull();
  });
});
