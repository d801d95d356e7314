/**
 * The relay's stored messages stay bounded (samples/relay/store.mjs), on a real relay process with
 * small bounds: by count and by bytes, per topic and in total, oldest first; and a client that
 * does not answer its deliveries has at most RELAY_MAX_IN_FLIGHT_PER_SOCKET of them outstanding.
 */
import { randomTopic, type RawClientOptions } from './testing/rawClient';
import { relayFixture } from './testing/relayFixture';

const BOUNDS = {
  RELAY_MAX_MESSAGES_PER_TOPIC: '5',
  RELAY_MAX_BYTES_PER_TOPIC: '16384',
  RELAY_MAX_MESSAGES: '12',
  RELAY_MAX_BYTES: '40960',
  RELAY_MAX_IN_FLIGHT_PER_SOCKET: '3',
};

describe('relay stored messages', () => {
  const fixture = relayFixture(BOUNDS);
  const client = (opts?: RawClientOptions) => fixture.client(opts);
  const fetchAll = async (topics: string[]) => {
    const c = await client();
    const r = await c.call('irn_batchFetchMessages', { topics });
    return r.messages.map((m: { message: string }) => m.message) as string[];
  };

  it('keeps the newest 5 messages of a topic, and a late subscriber gets them in order', async () => {
    const a = await client();
    const topic = randomTopic();
    await a.call('irn_batchPublish', { messages: Array.from({ length: 7 }, (_, i) => ({ topic, message: `m${i}`, ttl: 300, tag: 1 })) });
    const late = await client();
    await late.call('irn_subscribe', { topic });
    await late.waitFor(() => late.deliveries.length === 5);
    await late.sync();
    expect(late.messagesOn(topic)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
  });

  it('keeps a topic under 16 KiB, dropping its oldest messages', async () => {
    const a = await client();
    const topic = randomTopic();
    const big = (i: number) => `${i}:${'x'.repeat(5000)}`;
    for (let i = 0; i < 4; i++) await a.call('irn_publish', { topic, message: big(i), ttl: 300, tag: 1 });
    expect(await fetchAll([topic])).toEqual([big(2), big(3)]);
    const s = await fixture.relay.stats();
    expect(s.storedBytes).toBeLessThanOrEqual(40960);
  });

  it('refuses a message that could never fit a topic with -32005', async () => {
    const a = await client();
    const r = await a.send('irn_publish', { topic: randomTopic(), message: 'x'.repeat(17_000), ttl: 300 });
    expect(r.error).toMatchObject({ code: -32005, message: expect.stringContaining('too large to store') });
  });

  it('keeps at most 12 messages in all, dropping the oldest across topics', async () => {
    const a = await client();
    const topics = Array.from({ length: 15 }, randomTopic);
    const before = (await fixture.relay.stats()).evicted!;
    await a.call('irn_batchPublish', { messages: topics.map((topic, i) => ({ topic, message: `t${i}`, ttl: 300, tag: 1 })) });
    const s = await fixture.relay.stats();
    expect(s.messages).toBe(12);
    expect(s.evicted).toBeGreaterThanOrEqual(before + 3);
    expect(await fetchAll(topics)).toEqual(topics.slice(3).map((_, i) => `t${i + 3}`));
  });

  it('keeps at most 40 KiB in all, dropping the oldest across topics', async () => {
    const a = await client();
    const topics = Array.from({ length: 10 }, randomTopic);
    const msg = (i: number) => `${i}:${'y'.repeat(6000)}`;
    for (const [i, topic] of topics.entries()) await a.call('irn_publish', { topic, message: msg(i), ttl: 300, tag: 1 });
    const s = await fixture.relay.stats();
    expect(s.storedBytes).toBeLessThanOrEqual(40960);
    expect(s.storedBytes).toBeGreaterThan(30000); // full, not emptied
    const kept = await fetchAll(topics);
    // what is left is the newest messages, oldest gone first
    expect(kept.length).toBeGreaterThanOrEqual(5);
    expect(kept.length).toBeLessThan(10);
    expect(kept).toEqual(topics.slice(10 - kept.length).map((_, i) => msg(10 - kept.length + i)));
    expect((await fixture.relay.stats()).storedBytes).toBeLessThanOrEqual(40960);
  });

  it('a client that does not answer has at most 3 deliveries outstanding; answering lets the rest through', async () => {
    const a = await client();
    const topic = randomTopic();
    await a.call('irn_batchPublish', { messages: Array.from({ length: 5 }, (_, i) => ({ topic, message: `q${i}`, ttl: 300, tag: 1 })) });
    const mute = await client({ ack: false });
    await mute.call('irn_subscribe', { topic });
    await mute.waitFor(() => mute.deliveries.length === 3);
    await mute.sync();
    await mute.call('irn_subscribe', { topic });
    await mute.sync();
    expect(mute.messagesOn(topic)).toEqual(['q0', 'q1', 'q2']);
    expect((await fixture.relay.stats()).backlogged).toBeGreaterThanOrEqual(1);
    for (const d of mute.deliveries) mute.sendText(JSON.stringify({ id: d.rpcId, jsonrpc: '2.0', result: true }));
    await mute.waitFor(() => mute.deliveries.length === 5);
    expect(mute.messagesOn(topic)).toEqual(['q0', 'q1', 'q2', 'q3', 'q4']);
  });
});

describe('relay stored messages per client address (review M6)', () => {
  // 64 KiB in all, 16 KiB per address, 32 KiB per topic; no rate limit to speak of
  const QUOTA = 16 * 1024;
  // a fresh relay (an empty store) for each test
  const fixture = relayFixture({ RELAY_MAX_BYTES: String(64 * 1024), RELAY_MAX_BYTES_PER_ADDRESS: String(QUOTA), RELAY_MAX_BYTES_PER_TOPIC: String(32 * 1024), RELAY_RATE_LIMIT_PER_SECOND: '1000', RELAY_RATE_LIMIT_BURST: '1000' }, { perTest: true });
  const client = (localAddress: string) => fixture.client({ localAddress });
  const big = (tag: string, i: number) => `${tag}${i}:${'b'.repeat(6000)}`;
  /** What a fresh client (from an address of its own) finds on these topics: each message's text up to its first ':'. */
  const fetchAll = async (topics: string[]) => {
    const r = await (await client('127.0.5.250')).call('irn_batchFetchMessages', { topics });
    return r.messages.map((m: { message: string }) => m.message.split(':')[0]) as string[];
  };


  it('one address stores at most its quota: past it, its own oldest messages go, not another client’s', async () => {
    const victim = await client('127.0.5.1');
    const victimTopic = randomTopic();
    await victim.call('irn_publish', { topic: victimTopic, message: 'undelivered', ttl: 300, tag: 1108 });
    const flooder = await client('127.0.5.2');
    const topics = Array.from({ length: 30 }, randomTopic);
    for (const [i, topic] of topics.entries()) await flooder.call('irn_publish', { topic, message: big('f', i), ttl: 300, tag: 1 });
    const s = await fixture.relay.stats();
    expect(s.maxAddressStoredBytes).toBeLessThanOrEqual(QUOTA);
    expect(s.storedBytes).toBeLessThan(64 * 1024 - 20_000); // the quota, not the total, stopped it
    expect(await fetchAll([victimTopic])).toEqual(['undelivered']);
    // the flooder keeps its newest messages
    const kept = await fetchAll(topics);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept).toEqual(topics.slice(30 - kept.length).map((_, i) => `f${30 - kept.length + i}`));
  });

  it('several addresses past the total: the address holding the most loses its oldest first; a client with one message keeps it', async () => {
    const victim = await client('127.0.5.11');
    const victimTopic = randomTopic();
    await victim.call('irn_publish', { topic: victimTopic, message: 'small and old', ttl: 300, tag: 1108 });
    // six addresses of 12 KB each (72 KB) pass the 64 KiB total
    for (let a = 0; a < 6; a++) {
      const flooder = await client(`127.0.5.${20 + a}`);
      for (let i = 0; i < 2; i++) await flooder.call('irn_publish', { topic: randomTopic(), message: big(`a${a}-`, i), ttl: 300, tag: 1 });
    }
    const s = await fixture.relay.stats();
    expect(s.storedBytes).toBeLessThanOrEqual(64 * 1024);
    expect(await fetchAll([victimTopic])).toEqual(['small and old']);
  });

  it('on a shared topic, the address with the most there loses its oldest first, and one that passes the bound again loses its own', async () => {
    const topic = randomTopic();
    const victim = await client('127.0.5.31');
    await victim.call('irn_publish', { topic, message: 'first on the topic', ttl: 300, tag: 1108 });
    const [one, two, three] = [await client('127.0.5.32'), await client('127.0.5.33'), await client('127.0.5.34')];
    for (let i = 0; i < 2; i++) await one.call('irn_publish', { topic, message: big('one', i), ttl: 300, tag: 1 });
    for (let i = 0; i < 2; i++) await two.call('irn_publish', { topic, message: big('two', i), ttl: 300, tag: 1 });
    // 5 × 6.5 KB passes the 32 KiB of the topic: `three` has nothing older there, `one` holds the most
    await three.call('irn_publish', { topic, message: big('three', 0), ttl: 300, tag: 1 });
    expect(await fetchAll([topic])).toEqual(['first on the topic', 'one1', 'two0', 'two1', 'three0']);
    // and again: now `three` has an older message on the topic, which goes
    await three.call('irn_publish', { topic, message: big('three', 1), ttl: 300, tag: 1 });
    expect(await fetchAll([topic])).toEqual(['first on the topic', 'one1', 'two0', 'two1', 'three1']);
  });
});
