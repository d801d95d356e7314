import { declaredLength, readCapped } from './body';

/** A body served in the given chunks; `pulls` counts what was taken from it. */
function chunked(chunks: Uint8Array[], headers: Record<string, string> = {}) {
  const state = { pulls: 0, cancelled: false };
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      state.pulls++;
      if (i < chunks.length) c.enqueue(chunks[i++]!);
      else c.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { response: new Response(stream, { headers }), state };
}
const bytes = (n: number, fill = 0x61) => new Uint8Array(n).fill(fill);

describe('readCapped()', () => {
  it('reads a body up to and including the limit', async () => {
    const { response, state } = chunked([bytes(4), bytes(6)]);
    await expect(readCapped(response, 10)).resolves.toEqual({ text: 'a'.repeat(10), complete: true, declared: undefined });
    expect(state.cancelled).toBe(false);
  });

  it('stops one byte past the limit, keeps the first `limit` bytes and cancels the rest', async () => {
    const { response, state } = chunked([bytes(6), bytes(5), bytes(1000), bytes(1000)]);
    const out = await readCapped(response, 10);
    expect(out).toEqual({ text: 'a'.repeat(10), complete: false, declared: undefined });
    expect(state.cancelled).toBe(true);
    expect(state.pulls).toBeLessThanOrEqual(3);
  });

  it('with failFast, reads nothing when Content-Length is over the limit', async () => {
    const { response, state } = chunked([bytes(20)], { 'content-length': '20' });
    await expect(readCapped(response, 10, undefined, true)).resolves.toEqual({ text: '', complete: false, declared: 20 });
    expect(state.cancelled).toBe(true);
  });

  it('does not trust Content-Length for the limit: a body longer than announced is still cut', async () => {
    const { response } = chunked([bytes(50)], { 'content-length': '5' });
    const out = await readCapped(response, 10, undefined, true);
    expect(out.complete).toBe(false);
    expect(out.text).toHaveLength(10);
  });

  it('decodes UTF-8 split across chunks', async () => {
    const euro = new TextEncoder().encode('€'); // 3 bytes
    const { response } = chunked([euro.subarray(0, 1), euro.subarray(1)]);
    expect((await readCapped(response, 10)).text).toBe('€');
  });

  it('reads an absent body as empty', async () => {
    await expect(readCapped(new Response(null, { status: 204 }), 10)).resolves.toEqual({ text: '', complete: true, declared: undefined });
  });

  it('rejects with the signal reason when aborted mid-read', async () => {
    const stream = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(bytes(3)) });
    const ac = new AbortController();
    const p = readCapped(new Response(stream), 100, ac.signal);
    ac.abort(new Error('stop'));
    await expect(p).rejects.toThrow('stop');
    await expect(readCapped(new Response('x'), 10, AbortSignal.abort())).rejects.toBeDefined();
  });

  it('reads Content-Length only when it is a plain number', () => {
    expect(declaredLength(new Headers({ 'content-length': '42' }))).toBe(42);
    for (const v of ['-1', '1e3', 'abc', '', '12, 12']) expect(declaredLength(new Headers({ 'content-length': v }))).toBeUndefined();
  });
});
