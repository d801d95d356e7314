/**
 * Back-pressure on slow readers (samples/relay/hub.mjs), on a real relay process: deliveries are
 * written only while a socket's send buffer is under RELAY_MAX_BUFFERED_BYTES (64 KiB here); a
 * socket that stays over it for RELAY_SLOW_SOCKET_TIMEOUT_MS (1 s here) is dropped; one that
 * catches up in time gets its waiting messages in order. Readers stop reading by pausing their TCP
 * socket, so the kernel buffers fill first (a few MB on loopback) and then the relay's.
 */
import { RawClient, randomTopic } from './testing/rawClient';
import { startRelayProcess, type RelayProcess } from './testing/relayProcess';

const MESSAGE = 'z'.repeat(16 * 1024);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('relay back-pressure', () => {
  let relay: RelayProcess;
  const open: RawClient[] = [];
  const client = async (opts?: Parameters<typeof RawClient.connect>[1]) => {
    const c = await RawClient.connect(relay.url, opts);
    open.push(c);
    return c;
  };
  const pause = (c: RawClient) => (c.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;

  /** Publishes batches of ten 16 KiB messages on `topic` until the relay holds deliveries back; returns how many it published. */
  const publishUntilBacklogged = async (publisher: RawClient, topic: string, from: number) => {
    let n = from;
    const maxBuffered: number[] = [];
    for (let batch = 0; batch < 400; batch++) {
      await publisher.call('irn_batchPublish', { messages: Array.from({ length: 10 }, () => ({ topic, message: `${n++}:${MESSAGE}`, ttl: 300, tag: 1 })) });
      const s = await relay.stats();
      maxBuffered.push(s.maxSocketBufferedBytes!);
      if (s.backlogged! >= 1) return { next: n, maxBuffered: Math.max(...maxBuffered) };
    }
    throw new Error(`no back-pressure after ${n - from} messages`);
  };

  beforeAll(async () => {
    relay = await startRelayProcess({ env: { RELAY_MAX_BUFFERED_BYTES: '65536', RELAY_SLOW_SOCKET_TIMEOUT_MS: '1000', RELAY_RATE_LIMIT_PER_SECOND: '1000', RELAY_RATE_LIMIT_BURST: '1000' } });
  }, 20_000);
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await relay?.stop();
  });

  it('drops a reader that stays over the bound; its send buffer stays bounded meanwhile and others are served', async () => {
    const publisher = await client();
    const reader = await client();
    const topic = randomTopic();
    await reader.call('irn_subscribe', { topic });
    pause(reader).pause();
    const before = await relay.stats();
    const { next, maxBuffered } = await publishUntilBacklogged(publisher, topic, 0);
    // keep publishing while it does not read: the relay holds on to no more than its bound
    for (let i = 0; i < 20; i++) {
      await publisher.call('irn_batchPublish', { messages: Array.from({ length: 10 }, (_, k) => ({ topic, message: `${next + i * 10 + k}:${MESSAGE}`, ttl: 300, tag: 1 })) });
    }
    const during = await relay.stats();
    // the bound (64 KiB) + one delivery (16 KiB) + the answers to its own requests: nothing like the 3+ MB published meanwhile
    expect(Math.max(maxBuffered, during.maxSocketBufferedBytes!)).toBeLessThan(64 * 1024 + 16 * 1024 + 4096);
    let s = during;
    for (let i = 0; i < 60 && s.dropped === before.dropped; i++) {
      await sleep(50);
      s = await relay.stats();
    }
    expect(s.dropped).toBe(before.dropped! + 1);
    expect(s.sockets).toBe(before.sockets! - 1);
    expect(s.bufferedBytes).toBeLessThan(64 * 1024);
    expect(await publisher.call('irn_subscribe', { topic: randomTopic() })).toEqual(expect.any(String));
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
    const before = await relay.stats();
    pause(reader).pause();
    const { next } = await publishUntilBacklogged(publisher, topic, 0);
    pause(reader).resume();
    await publisher.call('irn_publish', { topic, message: `${next}:last`, ttl: 300, tag: 1 });
    await reader.waitFor(() => reader.deliveries.some((d) => d.message === `${next}:last`), 10_000, 'the last message');
    const seq = reader.messagesOn(topic).map((m) => Number(m.slice(0, m.indexOf(':'))));
    expect(seq.every((v, i) => i === 0 || v > seq[i - 1]!)).toBe(true); // increasing: in order, no duplicates
    expect(seq[0]).toBe(0);
    expect((await relay.stats()).dropped).toBe(before.dropped);
  });
});
