/**
 * Back-pressure on slow readers (samples/relay/hub.mjs, outbox.mjs), on a real relay process:
 * deliveries and fetch answers are written only while a socket's unread bytes (written and not yet
 * proven read by a pong: ws, kernel and network buffers together) are under RELAY_MAX_BUFFERED_BYTES
 * (64 KiB here) and the total under RELAY_MAX_BUFFERED_BYTES_TOTAL; a socket that stays stalled for
 * RELAY_SLOW_SOCKET_TIMEOUT_MS (1 s here) is dropped; one that catches up in time gets its waiting
 * messages in order. Readers stop reading by pausing their TCP socket: the kernel buffers could take
 * a few MB on loopback, and must not (review H3).
 */
import { RawClient, randomTopic, type RawClientOptions } from './testing/rawClient';
import { relayFixture } from './testing/relayFixture';

const MESSAGE = 'z'.repeat(16 * 1024);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('relay back-pressure', () => {
  const fixture = relayFixture({ RELAY_MAX_BUFFERED_BYTES: '65536', RELAY_SLOW_SOCKET_TIMEOUT_MS: '1000', RELAY_RATE_LIMIT_PER_SECOND: '1000', RELAY_RATE_LIMIT_BURST: '1000' });
  const client = (opts?: RawClientOptions) => fixture.client(opts);
  const pause = (c: RawClient) => (c.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;

  /** Publishes batches of ten 16 KiB messages on `topic` until the relay holds deliveries back; returns how many it published. */
  const publishUntilBacklogged = async (publisher: RawClient, topic: string, from: number) => {
    let n = from;
    const maxBuffered: number[] = [];
    for (let batch = 0; batch < 400; batch++) {
      await publisher.call('irn_batchPublish', { messages: Array.from({ length: 10 }, () => ({ topic, message: `${n++}:${MESSAGE}`, ttl: 300, tag: 1 })) });
      const s = await fixture.relay.stats();
      maxBuffered.push(s.maxSocketBufferedBytes!);
      if (s.backlogged! >= 1) return { next: n, maxBuffered: Math.max(...maxBuffered) };
    }
    throw new Error(`no back-pressure after ${n - from} messages`);
  };

  it('drops a reader that stays over the bound; its send buffer stays bounded meanwhile and others are served', async () => {
    const publisher = await client();
    const reader = await client();
    const topic = randomTopic();
    await reader.call('irn_subscribe', { topic });
    pause(reader).pause();
    const before = await fixture.relay.stats();
    const { next, maxBuffered } = await publishUntilBacklogged(publisher, topic, 0);
    // keep publishing while it does not read: the relay holds on to no more than its bound
    for (let i = 0; i < 20; i++) {
      await publisher.call('irn_batchPublish', { messages: Array.from({ length: 10 }, (_, k) => ({ topic, message: `${next + i * 10 + k}:${MESSAGE}`, ttl: 300, tag: 1 })) });
    }
    const during = await fixture.relay.stats();
    // the bound (64 KiB) + one delivery (16 KiB) + the answers to its own requests: nothing like the 3+ MB published meanwhile
    expect(Math.max(maxBuffered, during.maxSocketBufferedBytes!)).toBeLessThan(64 * 1024 + 16 * 1024 + 4096);
    let s = during;
    for (let i = 0; i < 60 && s.dropped === before.dropped; i++) {
      await sleep(50);
      s = await fixture.relay.stats();
    }
    expect(s.dropped).toBe(before.dropped! + 1);
    expect(s.sockets).toBe(before.sockets! - 1);
    expect(s.bufferedBytes).toBeLessThan(64 * 1024);
    expect(await publisher.call('irn_subscribe', { topic: randomTopic() })).toEqual(expect.any(String));
    // what was written to it is what the relay counted as unread: at most the bound (64 KiB) of
    // 16 KiB deliveries, not the megabytes the kernel buffers would have taken
    expect(s.deliveries! - before.deliveries!).toBeGreaterThanOrEqual(1);
    expect(s.deliveries! - before.deliveries!).toBeLessThanOrEqual(5);
    // once it reads again, it finds its socket closed
    pause(reader).resume();
    for (let i = 0; i < 60 && reader.ws.readyState !== reader.ws.CLOSED; i++) await sleep(50);
    expect(reader.ws.readyState).toBe(reader.ws.CLOSED);
  });

  it('a reader that pauses briefly is not dropped: it gets what waited, in publish order, once each, up to the last message', async () => {
    const publisher = await client();
    const reader = await client();
    const topic = randomTopic();
    await reader.call('irn_subscribe', { topic });
    const before = await fixture.relay.stats();
    pause(reader).pause();
    const { next } = await publishUntilBacklogged(publisher, topic, 0);
    pause(reader).resume();
    await publisher.call('irn_publish', { topic, message: `${next}:last`, ttl: 300, tag: 1 });
    await reader.waitFor(() => reader.deliveries.some((d) => d.message === `${next}:last`), 10_000, 'the last message');
    const seq = reader.messagesOn(topic).map((m) => Number(m.slice(0, m.indexOf(':'))));
    expect(seq.every((v, i) => i === 0 || v > seq[i - 1]!)).toBe(true); // increasing: in order, no duplicates
    expect(seq[0]).toBe(0);
    expect((await fixture.relay.stats()).dropped).toBe(before.dropped);
  });
});

describe('relay back-pressure on fetch answers (review H3)', () => {
  const TOTAL = 256 * 1024;
  const fixture = relayFixture({ RELAY_MAX_BUFFERED_BYTES: '65536', RELAY_MAX_BUFFERED_BYTES_TOTAL: String(TOTAL), RELAY_SLOW_SOCKET_TIMEOUT_MS: '1000', RELAY_RATE_LIMIT_PER_SECOND: '1000', RELAY_RATE_LIMIT_BURST: '1000' });
  const client = (opts?: RawClientOptions) => fixture.client(opts);
  /** Stores `n` 16 KiB messages on `topic` (batches of 10) and returns them in publish order. */
  const store = async (topic: string, n: number) => {
    const publisher = await client();
    const texts = Array.from({ length: n }, (_, i) => `${i}:${MESSAGE}`);
    for (let i = 0; i < n; i += 10) await publisher.call('irn_batchPublish', { messages: texts.slice(i, i + 10).map((message) => ({ topic, message, ttl: 300, tag: 1 })) });
    return texts;
  };
  const fetch = (c: RawClient, topic: string) => c.send('irn_batchFetchMessages', { topics: [topic] });

  it('a page holds at most the room under the bound; the next fetch is answered once the page is read; a third meanwhile gets -32005', async () => {
    const topic = randomTopic();
    const texts = await store(topic, 10);
    const fetcher = await client();
    const before = await fixture.relay.stats();
    // three at once: they reach the relay before the pong that proves the first page read
    const [first, second, third] = await Promise.all([fetch(fetcher, topic), fetch(fetcher, topic), fetch(fetcher, topic)]);
    expect(third.error).toMatchObject({ code: -32005, message: expect.stringContaining('already waiting') });
    const pages = [first.result, second.result];
    expect(pages[0].messages.length).toBeGreaterThanOrEqual(1);
    expect(pages[0].messages.length).toBeLessThanOrEqual(4); // 64 KiB of 16 KiB messages
    expect(pages[0].hasMore).toBe(true);
    expect((await fixture.relay.stats()).fetchesDeferred).toBeGreaterThan(before.fetchesDeferred!);
    while (pages[pages.length - 1].hasMore) pages.push((await fetch(fetcher, topic)).result);
    // every message once, in publish order, across the pages
    expect(pages.flatMap((p) => p.messages.map((m: { message: string }) => m.message))).toEqual(texts);
  });

  it('fetchers that never read (3 addresses × 4 sockets, 8 fetches each) get one page each, not eight, and are dropped; the unread total stays bounded; a reader elsewhere is served', async () => {
    const topic = randomTopic();
    await store(topic, 20);
    const before = await fixture.relay.stats();
    const fetchers: RawClient[] = [];
    for (let a = 1; a <= 3; a++) fetchers.push(...(await Promise.all(Array.from({ length: 4 }, () => client({ localAddress: `127.0.6.${a}` })))));
    for (const f of fetchers) {
      f.reading(false);
      for (let k = 0; k < 8; k++) void fetch(f, topic);
    }
    const reader = await client({ localAddress: '127.0.6.9' });
    const served = fetch(reader, topic);
    let maxUnread = 0;
    let s = before;
    for (let i = 0; i < 300 && s.dropped! < before.dropped! + fetchers.length; i++) {
      await sleep(50);
      s = await fixture.relay.stats();
      maxUnread = Math.max(maxUnread, s.bufferedBytes!);
    }
    expect(s.dropped).toBe(before.dropped! + fetchers.length);
    // the total bound, plus at most one page (64 KiB) and a few small answers
    expect(maxUnread).toBeLessThan(TOTAL + 64 * 1024 + 8192);
    expect((await served).result.messages.length).toBeGreaterThanOrEqual(1);
    // one page each at most (and the reader's), written while the kernel buffers could have taken them all
    expect((await fixture.relay.stats()).fetchPages! - before.fetchPages!).toBeLessThanOrEqual(fetchers.length + 1);
  }, 30_000);
});
