/**
 * Reading the body of an answer the service fetched (the chain's RPC, a login provider) with a cap:
 * reading stops at the cap, so a huge or endless answer costs no more memory than the cap.
 */

/** The body as UTF-8 text, or null (the rest unread, the stream cancelled) when it is larger than `max` bytes. */
export async function readTextCapped(res: Response, max: number): Promise<string | null> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  const reader = res.body?.getReader();
  if (!reader) return '';
  if (declared > max) {
    await reader.cancel().catch(() => undefined);
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
