/**
 * The relay's limits on what one client can ask of it, on a real relay process with small limits:
 * sockets per address, subscriptions per socket, batch length, request rate (token bucket, charged
 * by size for large frames and fetch pages), frame size; and its validation of topics, ids and
 * requests, answered with JSON-RPC errors.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { RawClient, UpgradeRefused, randomTopic, type RawClientOptions } from './testing/rawClient';
import { relayFixture } from './testing/relayFixture';

const LIMITS = {
  RELAY_MAX_SOCKETS_PER_ADDRESS: '4',
  RELAY_MAX_SUBSCRIPTIONS_PER_SOCKET: '5',
  RELAY_MAX_BATCH_SIZE: '8',
  RELAY_RATE_LIMIT_PER_SECOND: '2',
  RELAY_RATE_LIMIT_BURST: '20',
  RELAY_MAX_FRAME_BYTES: '16384',
  RELAY_RATE_LIMIT_BYTES_PER_TOKEN: '4096',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('relay limits', () => {
  const fixture = relayFixture(LIMITS);
  const client = (opts?: RawClientOptions) => fixture.client(opts);
  /** Frames on `c` that answer no request of its own (raw frames sent with sendText). */
  const nextUnmatched = async (c: RawClient, n: number) => {
    await c.waitFor(() => c.errorsWithoutId.length >= n, 2000, `${n} answers`);
    return c.errorsWithoutId.splice(0, n);
  };
  const socketsOpen = async (n: number) => {
    for (let i = 0; i < 100 && (await fixture.relay.stats()).sockets !== n; i++) await sleep(10);
    expect((await fixture.relay.stats()).sockets).toBe(n);
  };

  afterEach(async () => {
    await socketsOpen(0);
  });

  it('refuses a fifth socket from one address with 429, and takes one again after a close', async () => {
    const four = await Promise.all([client(), client(), client(), client({ anonymous: true })]);
    const before = (await fixture.relay.stats()).refusedPerAddress!;
    await expect(client()).rejects.toMatchObject({ status: 429 });
    await expect(client({ anonymous: true })).rejects.toBeInstanceOf(UpgradeRefused);
    expect((await fixture.relay.stats()).refusedPerAddress).toBe(before + 2);
    await four[0]!.close();
    await socketsOpen(3);
    const again = await client();
    expect(typeof (await again.call('irn_subscribe', { topic: randomTopic() }))).toBe('string');
  });

  it('at most 5 subscriptions per socket: the sixth is refused with -32005, a batch past the limit subscribes none, a topic already held does not count', async () => {
    const c = await client();
    const topics = Array.from({ length: 5 }, randomTopic);
    expect(await c.call('irn_batchSubscribe', { topics: topics.slice(0, 3) })).toHaveLength(3);
    const over = await c.send('irn_batchSubscribe', { topics: [topics[3], topics[4], randomTopic()] });
    expect(over.error).toMatchObject({ code: -32005, message: expect.stringContaining('5 subscriptions') });
    expect((await fixture.relay.stats()).subscriptions).toBe(3); // none of the batch was taken
    await c.call('irn_subscribe', { topic: topics[3] });
    await c.call('irn_subscribe', { topic: topics[4] });
    expect(typeof (await c.call('irn_subscribe', { topic: topics[0] }))).toBe('string'); // held already
    expect((await c.send('irn_subscribe', { topic: randomTopic() })).error?.code).toBe(-32005);
    // implicit subscriptions count too
    expect((await c.send('wc_proposeSession', { pairingTopic: randomTopic(), sessionProposal: 'p', ttl: 300 })).error?.code).toBe(-32005);
    // after an unsubscribe there is room again
    await c.call('irn_unsubscribe', { topic: topics[0], id: 'x' });
    expect(typeof (await c.call('irn_subscribe', { topic: randomTopic() }))).toBe('string');
  });

  it('a batch longer than 8 items is refused whole with -32602', async () => {
    const c = await client();
    const topics = Array.from({ length: 9 }, randomTopic);
    expect((await c.send('irn_batchFetchMessages', { topics })).error).toMatchObject({ code: -32602, message: expect.stringContaining('at most 8') });
    const messages = topics.map((topic) => ({ topic, message: 'm', ttl: 60, tag: 1 }));
    expect((await c.send('irn_batchPublish', { messages })).error?.code).toBe(-32602);
    const other = await client();
    expect((await other.call('irn_batchFetchMessages', { topics: topics.slice(0, 8) })).messages).toEqual([]);
  });

  it('rate limit: past the burst, requests get -32005 with their own id; answers to deliveries are free; after a pause the socket is served again', async () => {
    const publisher = await client();
    const reader = await client();
    const topic = randomTopic();
    await reader.call('irn_subscribe', { topic }); // 19 tokens left
    await publisher.call('irn_batchPublish', { messages: Array.from({ length: 8 }, (_, i) => ({ topic, message: `m${i}`, ttl: 60, tag: 1 })) });
    await reader.waitFor(() => reader.deliveries.length === 8);
    await reader.sync(); // its 8 answers were free: 18 tokens left
    const burst = await Promise.all(Array.from({ length: 24 }, () => reader.send('irn_unsubscribe', { topic: randomTopic(), id: 'x' })));
    const ok = burst.filter((r) => r.result === true).length;
    const limited = burst.filter((r) => r.error?.code === -32005);
    expect(ok).toBeGreaterThanOrEqual(18);
    expect(ok).toBeLessThanOrEqual(19); // at most one token refilled meanwhile (2 per second)
    expect(limited).toHaveLength(24 - ok);
    expect(limited[0]!.error!.message).toMatch(/Rate limit exceeded/);
    // each refusal carries the id of its request (send() matched them), so the client is not left waiting
    expect((await fixture.relay.stats()).rateLimited).toBeGreaterThanOrEqual(24 - ok);
    await sleep(600); // one token back
    expect(await reader.call('irn_unsubscribe', { topic: randomTopic(), id: 'x' })).toBe(true);
    // the publisher's own bucket was not touched by the reader's
    expect(await publisher.call('irn_unsubscribe', { topic: randomTopic(), id: 'x' })).toBe(true);
  });

  /** Sends `n` cheap requests at once; resolves with how many were served (the rest: -32005). */
  const burst = async (c: RawClient, n: number) => {
    const answers = await Promise.all(Array.from({ length: n }, () => c.send('irn_unsubscribe', { topic: randomTopic(), id: 'x' })));
    expect(answers.filter((r) => r.result !== true).every((r) => r.error?.code === -32005)).toBe(true);
    return answers.filter((r) => r.result === true).length;
  };

  it('a publish costs a token per started 4 KiB: 6 KiB publishes take two each, so ten spend the burst of 20 (review M6)', async () => {
    const c = await client();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => c.send('irn_publish', { topic: randomTopic(), message: `${i}:${'p'.repeat(6000)}`, ttl: 60, tag: 1 })));
    const ok = answers.filter((r) => r.result === true).length;
    expect(ok).toBeGreaterThanOrEqual(10);
    expect(ok).toBeLessThanOrEqual(11); // one refilled meanwhile at most (2 per second)
    expect(answers.filter((r) => r.error?.code === -32005)).toHaveLength(12 - ok);
  });

  it('a fetch page costs a token per started 4 KiB, and holds no more than the bucket pays for (review H3)', async () => {
    const topic = randomTopic();
    const texts = Array.from({ length: 8 }, (_, i) => `${i}:${'f'.repeat(3000)}`);
    const publisher = await client();
    for (const half of [texts.slice(0, 4), texts.slice(4)]) await publisher.call('irn_batchPublish', { messages: half.map((message) => ({ topic, message, ttl: 60, tag: 1 })) });
    // a full bucket pays for the 8 messages (about 25 KB with their envelopes: 7 tokens, one of them the request's)
    const rich = await client();
    const all = await rich.call('irn_batchFetchMessages', { topics: [topic] });
    expect(all.messages.map((m: { message: string }) => m.message)).toEqual(texts);
    const left = await burst(rich, 20);
    expect(left).toBeGreaterThanOrEqual(20 - 7);
    expect(left).toBeLessThanOrEqual(20 - 7 + 1);
    // a nearly empty one (two tokens) gets a shorter page and is told there is more
    const poor = await client();
    expect(await burst(poor, 18)).toBeGreaterThanOrEqual(17);
    const page = await poor.call('irn_batchFetchMessages', { topics: [topic] });
    expect(page.messages.length).toBeGreaterThanOrEqual(1);
    expect(page.messages.length).toBeLessThan(8);
    expect(page.hasMore).toBe(true);
  });

  it('a frame over 16 KiB closes that socket (1009); the others carry on', async () => {
    const [big, other] = [await client(), await client()];
    const closed = new Promise<number>((r) => big.ws.once('close', (code) => r(code)));
    big.sendText(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_publish', params: { topic: randomTopic(), message: 'x'.repeat(17_000), ttl: 60 } }));
    expect(await closed).toBe(1009);
    expect(typeof (await other.call('irn_subscribe', { topic: randomTopic() }))).toBe('string');
  });

  it.each([
    ['not hex', 'z'.repeat(64)],
    ['upper-case hex', 'A'.repeat(64)],
    ['63 characters', 'a'.repeat(63)],
    ['65 characters', 'a'.repeat(65)],
    ['a number', 42],
    ['64 characters with a newline', `${'a'.repeat(63)}\n`],
  ])('refuses a topic that is %s with -32602 in every method', async (_what, topic) => {
    const c = await client();
    const calls: Array<[string, unknown]> = [
      ['irn_subscribe', { topic }],
      ['irn_batchSubscribe', { topics: [randomTopic(), topic] }],
      ['irn_unsubscribe', { topic, id: 'x' }],
      ['irn_publish', { topic, message: 'm', ttl: 60 }],
      ['irn_batchFetchMessages', { topics: [topic] }],
      ['wc_proposeSession', { pairingTopic: topic, sessionProposal: 'p', ttl: 60 }],
    ];
    for (const [method, params] of calls) {
      const r = await c.send(method, params);
      expect({ method, error: r.error?.code }).toEqual({ method, error: -32602 });
      expect(r.error!.message).toMatch(/64 lowercase hex/);
    }
    expect((await fixture.relay.stats()).subscriptions).toBe(0);
  });

  it('ids: a string of at most 128 characters or a safe integer is echoed exactly; any other id gets -32600 with id null', async () => {
    const c = await client();
    const req = (idText: string) => `{"id":${idText},"jsonrpc":"2.0","method":"irn_unsubscribe","params":{"topic":"${randomTopic()}","id":"x"}}`;
    const good = ['"a-string-id"', `"${'x'.repeat(128)}"`, '9007199254740991', '0', '-7', '1754000000000123'];
    for (const id of good) c.sendText(req(id));
    const answers = await nextUnmatched(c, good.length);
    expect(answers.map((a) => a.id)).toEqual(good.map((id) => JSON.parse(id)));
    expect(answers.every((a) => a.result === true)).toBe(true);

    const bad = ['1e999', '9007199254740993', '1.5', '{}', '[1]', 'true', `"${'x'.repeat(129)}"`];
    for (const id of bad) c.sendText(req(id));
    const refusals = await nextUnmatched(c, bad.length);
    expect(refusals).toEqual(bad.map(() => ({ id: null, jsonrpc: '2.0', error: { code: -32600, message: expect.stringContaining('id must be') } })));
  });

  it('answers malformed requests with JSON-RPC errors and keeps the socket; a notification gets no answer', async () => {
    const c = await client();
    const frames: Array<[string, number]> = [
      ['{not json', -32700],
      ['[{"id":1,"jsonrpc":"2.0","method":"irn_subscribe"}]', -32600],
      ['"a string"', -32600],
      ['{"id":1,"method":"irn_subscribe","params":{}}', -32600], // no jsonrpc
      ['{"id":2,"jsonrpc":"1.0","method":"irn_subscribe","params":{}}', -32600],
      ['{"id":3,"jsonrpc":"2.0","params":{}}', -32600], // no method
      ['{"id":4,"jsonrpc":"2.0","method":"irn_subscribe","params":"topic"}', -32600],
      ['{"id":5,"jsonrpc":"2.0","method":"eth_sendTransaction","params":[]}', -32601],
      ['{"id":6,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"' + randomTopic() + '","message":"m","ttl":-1}}', -32602],
      ['{"id":7,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"' + randomTopic() + '","message":"m","ttl":60,"tag":-1}}', -32602],
      ['{"id":8,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"' + randomTopic() + '","message":"m","ttl":60,"attestation":{"a":1}}}', -32602],
    ];
    for (const [text] of frames) c.sendText(text);
    const answers = await nextUnmatched(c, frames.length);
    expect(answers.map((a) => a.error?.code)).toEqual(frames.map(([, code]) => code));
    // a notification (no id) with an unknown method: carried out as nothing, answered with nothing
    c.sendText('{"jsonrpc":"2.0","method":"irn_nothing","params":{}}');
    await c.sync();
    expect(c.errorsWithoutId).toEqual([]);
    expect(c.ws.readyState).toBe(c.ws.OPEN);
  });

  it('refuses to start with an invalid limit, naming the variable', () => {
    const run = spawnSync(process.execPath, [join(__dirname, 'server.mjs')], { env: { ...process.env, RELAY_PORT: '0', RELAY_MAX_SOCKETS: 'lots' }, encoding: 'utf8', timeout: 10_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('[relay] invalid configuration: RELAY_MAX_SOCKETS: expected an integer of at least 1, got "lots"');
  });
});
