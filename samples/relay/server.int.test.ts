/**
 * The local relay (samples/relay/server.mjs, run as `node server.mjs --json` in a child process)
 * against bare `ws` clients that speak the relay protocol by hand.
 */
import { createHash, randomBytes } from 'node:crypto';
import { connect as tcpConnect } from 'node:net';
import { RawClient, randomTopic, type RawClientOptions } from './testing/rawClient';
import { relayFixture } from './testing/relayFixture';
import { startRelayProcess, type RelayProcess } from './testing/relayProcess';
import { createClientKey, signToken } from './testing/relayJwt';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('local relay protocol', () => {
  const fixture = relayFixture({});
  const client = (opts?: RawClientOptions) => fixture.client(opts);

  it('subscribes with the id WalletConnect computes and delivers a publish to the other subscriber', async () => {
    const [a, b] = [await client(), await client()];
    const topic = randomTopic();
    const subId = await b.call('irn_subscribe', { topic });
    expect(subId).toBe(sha256(topic + b.identity));

    const before = Date.now();
    expect(await a.call('irn_publish', { topic, message: 'hello', ttl: 300, tag: 1108, prompt: false })).toBe(true);
    await b.waitFor(() => b.deliveries.length === 1, 2000, 'delivery');
    const d = b.deliveries[0]!;
    expect(d).toMatchObject({ subscriptionId: subId, topic, message: 'hello', tag: 1108 });
    expect(d.publishedAt).toBeGreaterThanOrEqual(before - 5);
    expect(d.publishedAt).toBeLessThanOrEqual(Date.now());
  });

  it('does not echo a message to its sender, even when the sender is subscribed', async () => {
    const [a, b] = [await client(), await client()];
    const topic = randomTopic();
    await a.call('irn_subscribe', { topic });
    await b.call('irn_subscribe', { topic });
    // The relay sends deliveries before the publish result, so an echo would arrive first.
    await a.call('irn_publish', { topic, message: 'from a', ttl: 300, tag: 1 });
    await b.waitFor(() => b.deliveries.length === 1);
    await a.sync();
    expect(a.deliveries).toEqual([]);
    // the other way round works
    await b.call('irn_publish', { topic, message: 'from b', ttl: 300, tag: 1 });
    await a.waitFor(() => a.deliveries.length === 1);
    expect(a.messagesOn(topic)).toEqual(['from b']);
    expect(b.messagesOn(topic)).toEqual(['from a']);
  });

  it('delivers stored messages, in publish order, to a later subscriber', async () => {
    const a = await client();
    const topic = randomTopic();
    await a.call('irn_publish', { topic, message: 'one', ttl: 300, tag: 1 });
    await a.call('irn_publish', { topic, message: 'two', ttl: 300, tag: 2 });
    const late = await client();
    await late.call('irn_subscribe', { topic });
    await late.waitFor(() => late.deliveries.length === 2);
    expect(late.deliveries.map((d) => [d.message, d.tag])).toEqual([
      ['one', 1],
      ['two', 2],
    ]);
  });

  it('forgets a message after its ttl', async () => {
    const a = await client();
    const topic = randomTopic();
    await a.call('irn_publish', { topic, message: 'short-lived', ttl: 1, tag: 1 });
    await a.call('irn_publish', { topic, message: 'long-lived', ttl: 60, tag: 1 });
    await sleep(1200);
    const late = await client();
    await late.call('irn_subscribe', { topic });
    await late.waitFor(() => late.deliveries.length >= 1);
    await late.sync();
    expect(late.messagesOn(topic)).toEqual(['long-lived']);
    const other = await client();
    const fetched = await other.call('irn_batchFetchMessages', { topics: [topic] });
    expect(fetched.messages.map((m: any) => m.message)).toEqual(['long-lived']);
  });

  it('never delivers a message twice to one client: repeated subscribes and a reconnect with the same JWT identity', async () => {
    const a = await client();
    const b = await client();
    const topic = randomTopic();
    await b.call('irn_subscribe', { topic });
    await a.call('irn_publish', { topic, message: 'm1', ttl: 300, tag: 1 });
    await b.waitFor(() => b.deliveries.length === 1);
    await b.call('irn_subscribe', { topic });
    await b.call('irn_batchSubscribe', { topics: [topic] });
    await b.sync();
    expect(b.messagesOn(topic)).toEqual(['m1']);

    // Same identity (JWT iss) on a new socket, the way a client reconnects.
    await b.close();
    await a.call('irn_publish', { topic, message: 'm2 while away', ttl: 300, tag: 1 });
    const b2 = await client({ key: b.key });
    const ids = await b2.call('irn_batchSubscribe', { topics: [topic] });
    expect(ids).toEqual([sha256(topic + b.identity)]);
    await b2.waitFor(() => b2.deliveries.length >= 1);
    await b2.sync();
    expect(b2.messagesOn(topic)).toEqual(['m2 while away']);
    // and a fetch does not hand back what it has either
    expect((await b2.call('irn_batchFetchMessages', { topics: [topic] })).messages).toEqual([]);

    // A different client still gets both.
    const c = await client();
    await c.call('irn_subscribe', { topic });
    await c.waitFor(() => c.deliveries.length === 2);
    expect(c.messagesOn(topic)).toEqual(['m1', 'm2 while away']);
  });

  it('stores a retried publish (same topic and message) once', async () => {
    const a = await client();
    const b = await client();
    const topic = randomTopic();
    await b.call('irn_subscribe', { topic });
    await a.call('irn_publish', { topic, message: 'same', ttl: 300, tag: 1 });
    await a.call('irn_publish', { topic, message: 'same', ttl: 300, tag: 1 });
    await b.waitFor(() => b.deliveries.length >= 1);
    await b.sync();
    expect(b.messagesOn(topic)).toEqual(['same']);
  });

  it('redelivers a message whose delivery was never answered when the client comes back', async () => {
    const a = await client();
    const b = await client({ ack: false });
    const topic = randomTopic();
    await b.call('irn_subscribe', { topic });
    await a.call('irn_publish', { topic, message: 'unanswered', ttl: 300, tag: 1 });
    await b.waitFor(() => b.deliveries.length === 1);
    // still in flight on the open socket: not sent again
    await b.call('irn_subscribe', { topic });
    await b.sync();
    expect(b.deliveries).toHaveLength(1);
    await b.close();
    const b2 = await client({ key: b.key });
    await b2.call('irn_batchSubscribe', { topics: [topic] });
    await b2.waitFor(() => b2.deliveries.length === 1);
    expect(b2.messagesOn(topic)).toEqual(['unanswered']);
  });

  it('irn_batchFetchMessages returns undelivered stored messages once and marks them delivered', async () => {
    const a = await client();
    const [t1, t2] = [randomTopic(), randomTopic()];
    await a.call('irn_batchPublish', {
      messages: [
        { topic: t1, message: 'x', ttl: 300, tag: 11 },
        { topic: t2, message: 'y', ttl: 300, tag: 12 },
      ],
    });
    const b = await client();
    const first = await b.call('irn_batchFetchMessages', { topics: [t1, t2] });
    expect(first.hasMore).toBe(false);
    expect(first.messages.map((m: any) => [m.topic, m.message, m.tag])).toEqual([
      [t1, 'x', 11],
      [t2, 'y', 12],
    ]);
    expect(typeof first.messages[0].publishedAt).toBe('number');
    expect(await b.call('irn_batchFetchMessages', { topics: [t1, t2] })).toEqual({ messages: [], hasMore: false });
    await b.call('irn_batchSubscribe', { topics: [t1, t2] });
    await b.sync();
    expect(b.deliveries).toEqual([]);
  });

  it('stops delivering after irn_unsubscribe and irn_batchUnsubscribe', async () => {
    const a = await client();
    const b = await client();
    const [t1, t2] = [randomTopic(), randomTopic()];
    const [id1, id2] = await b.call('irn_batchSubscribe', { topics: [t1, t2] });
    expect(await b.call('irn_unsubscribe', { topic: t1, id: id1 })).toBe(true);
    await a.call('irn_publish', { topic: t1, message: 'to t1', ttl: 300, tag: 1 });
    await a.call('irn_publish', { topic: t2, message: 'to t2', ttl: 300, tag: 1 });
    await b.waitFor(() => b.deliveries.length === 1);
    await b.sync();
    expect(b.deliveries.map((d) => d.message)).toEqual(['to t2']);
    expect(await b.call('irn_batchUnsubscribe', { subscriptions: [{ topic: t2, id: id2 }] })).toBe(true);
    await a.call('irn_publish', { topic: t2, message: 'again', ttl: 300, tag: 1 });
    await b.sync();
    expect(b.deliveries).toHaveLength(1);
  });

  it('wc_proposeSession and wc_approveSession carry their implicit subscriptions and publishes', async () => {
    const dapp = await client();
    const wallet = await client();
    const pairingTopic = randomTopic();
    const sessionTopic = randomTopic();

    // The dapp proposes without subscribing to the pairing topic itself.
    expect(await dapp.call('wc_proposeSession', { pairingTopic, sessionProposal: 'enc-proposal', ttl: 300, tag: 1100 })).toBe(true);
    // The wallet subscribes to the pairing topic (from the URI) and finds the proposal.
    await wallet.call('irn_subscribe', { topic: pairingTopic });
    await wallet.waitFor(() => wallet.deliveries.length === 1);
    expect(wallet.deliveries[0]).toMatchObject({ topic: pairingTopic, message: 'enc-proposal', tag: 1100 });

    expect(
      await wallet.call('wc_approveSession', {
        sessionTopic,
        pairingTopic,
        sessionProposalResponse: 'enc-response',
        sessionSettlementRequest: 'enc-settle',
        ttl: 300,
      }),
    ).toBe(true);
    // The dapp was subscribed to the pairing topic by its proposal: the response reaches it.
    await dapp.waitFor(() => dapp.deliveries.length === 1);
    expect(dapp.deliveries[0]).toMatchObject({ topic: pairingTopic, message: 'enc-response', tag: 1101, subscriptionId: sha256(pairingTopic + dapp.identity) });
    // The settle request waits on the session topic for the dapp.
    await dapp.call('irn_subscribe', { topic: sessionTopic });
    await dapp.waitFor(() => dapp.deliveries.length === 2);
    expect(dapp.deliveries[1]).toMatchObject({ topic: sessionTopic, message: 'enc-settle', tag: 1102 });
    // The wallet was subscribed to the session topic by its approval.
    await dapp.call('irn_publish', { topic: sessionTopic, message: 'enc-request', ttl: 300, tag: 1108 });
    await wallet.waitFor(() => wallet.deliveries.length === 2);
    expect(wallet.deliveries[1]).toMatchObject({ topic: sessionTopic, message: 'enc-request', subscriptionId: sha256(sessionTopic + wallet.identity) });
    await wallet.sync();
    await dapp.sync();
    // Neither side got its own messages back.
    expect(wallet.deliveries.map((d) => d.message)).toEqual(['enc-proposal', 'enc-request']);
    expect(dapp.deliveries.map((d) => d.message)).toEqual(['enc-response', 'enc-settle']);
  });

  it('answers an unknown method with -32601, malformed JSON with -32700 and bad params with -32602, and keeps the socket', async () => {
    const a = await client();
    const unknown = await a.send('irn_doesNotExist', {});
    expect(unknown.error?.code).toBe(-32601);
    a.sendText('{not json');
    await a.waitFor(() => a.errorsWithoutId.length === 1);
    expect(a.errorsWithoutId[0]).toMatchObject({ id: null, error: { code: -32700 } });
    expect((await a.send('irn_subscribe', {})).error?.code).toBe(-32602);
    expect((await a.send('irn_publish', { topic: randomTopic(), message: 'm', ttl: -1 })).error?.code).toBe(-32602);
    expect(typeof (await a.call('irn_subscribe', { topic: randomTopic() }))).toBe('string');
  });

  it('keeps at most 1000 messages per topic, dropping the oldest', async () => {
    const a = await client();
    const topic = randomTopic();
    const messages = Array.from({ length: 1005 }, (_, i) => ({ topic, message: `m${i}`, ttl: 300, tag: 1 }));
    // two batches: one batch holds at most 1000 items
    await a.call('irn_batchPublish', { messages: messages.slice(0, 1000) });
    await a.call('irn_batchPublish', { messages: messages.slice(1000) });
    const b = await client();
    await b.call('irn_subscribe', { topic });
    await b.waitFor(() => b.deliveries.length === 1000, 5000, '1000 deliveries');
    await b.sync();
    expect(b.deliveries).toHaveLength(1000);
    expect(b.deliveries[0]!.message).toBe('m5');
    expect(b.deliveries[999]!.message).toBe('m1004');
  });

  it('accepts a socket without a JWT; answers plain HTTP with 426, /health with {ok} only and /stats with counters to loopback requests no proxy forwarded', async () => {
    const anon = await client({ anonymous: true });
    expect(typeof (await anon.call('irn_subscribe', { topic: randomTopic() }))).toBe('string');
    const http = fixture.relay.url.replace('ws:', 'http:');
    const res = await fetch(http);
    expect(res.status).toBe(426);
    expect(await (await fetch(`${http}/health`)).json()).toEqual({ ok: true });
    const stats = await fixture.relay.stats();
    expect(stats.ok).toBe(true);
    expect(stats.sockets).toBeGreaterThanOrEqual(1);
    expect(stats.anonymousSockets).toBeGreaterThanOrEqual(1);
    expect(stats.published).toBeGreaterThan(0);
    // a request a reverse proxy on this host forwarded is not local
    const proxied = await fetch(`${http}/stats`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.status).toBe(404);
    expect(await proxied.text()).not.toContain('sockets');
  });

  it('a client that claims another client\'s identity gets nothing: forged tokens are refused (401), and others reading the topic do not take the victim\'s message', async () => {
    const publisher = await client();
    const victim = await client();
    const topic = randomTopic();
    await victim.call('irn_subscribe', { topic });
    await victim.close();
    await publisher.call('irn_publish', { topic, message: 'for the victim', ttl: 300, tag: 1 });

    // the attack of the issue: a token whose iss is the victim's did:key, not signed by its key
    const attacker = createClientKey();
    const forged = [signToken(attacker, { claims: { iss: victim.identity } }), `${signToken(victim.key).split('.').slice(0, 2).join('.')}.${randomBytes(64).toString('base64url')}`];
    for (const jwt of forged) {
      await expect(RawClient.connect(fixture.relay.url, { jwt })).rejects.toMatchObject({ status: 401 });
    }
    // Whoever knows the topic may read it (the message is end-to-end encrypted), under their own identity:
    const anon = await client({ anonymous: true });
    await anon.call('irn_subscribe', { topic });
    await anon.waitFor(() => anon.deliveries.length === 1);
    const other = await client({ key: attacker });
    expect((await other.call('irn_batchFetchMessages', { topics: [topic] })).messages.map((m: any) => m.message)).toEqual(['for the victim']);
    // … and the victim, back with its own key, still gets it.
    const back = await client({ key: victim.key });
    await back.call('irn_subscribe', { topic });
    await back.waitFor(() => back.deliveries.length === 1);
    expect(back.messagesOn(topic)).toEqual(['for the victim']);
  });

  it('logs client-controlled text escaped: a method name with newlines and terminal escapes forges no log line', async () => {
    const a = await client();
    const forgedLine = '[relay] #9999 irn_publish topic=forged';
    const method = `irn_x\n${forgedLine}\r\u001b[2K\u001b[31m\u009b31m\u2028${forgedLine}`;
    expect((await a.send(method, {})).error?.code).toBe(-32601);
    await a.sync();
    const out = fixture.relay.output();
    expect(out).toContain('irn_x\\n[relay] #9999'); // there, escaped
    expect(out.split('\n').some((l) => l.startsWith(forgedLine))).toBe(false);
    expect(out).not.toMatch(/[\u001b\u009b\u2028\r]/);
  });

  it('after a restart on the same port, a client that reconnects and resubscribes gets new messages', async () => {
    const own = await startRelayProcess();
    try {
      const topic = randomTopic();
      const a = await RawClient.connect(own.url);
      const b = await RawClient.connect(own.url);
      await b.call('irn_subscribe', { topic });
      const closed = Promise.all([a, b].map((c) => new Promise<number>((r) => c.ws.once('close', (code) => r(code)))));
      await own.restart();
      expect(await closed).toEqual([1001, 1001]);
      const a2 = await RawClient.connect(own.url, { key: a.key });
      const b2 = await RawClient.connect(own.url, { key: b.key });
      await b2.call('irn_batchSubscribe', { topics: [topic] });
      await a2.call('irn_publish', { topic, message: 'after restart', ttl: 300, tag: 1 });
      await b2.waitFor(() => b2.deliveries.length === 1);
      expect(b2.messagesOn(topic)).toEqual(['after restart']);
      await Promise.all([a2.close(), b2.close()]);
    } finally {
      await own.stop();
    }
  }, 20_000);
});

describe('local relay pings', () => {
  let relay: RelayProcess;
  beforeAll(async () => {
    relay = await startRelayProcess({ pingIntervalMs: 100 });
  }, 20_000);
  afterAll(async () => {
    await relay?.stop();
  });

  it('pings every socket; one that answers stays open', async () => {
    const c = await RawClient.connect(relay.url);
    await sleep(700);
    expect(c.pings).toBeGreaterThanOrEqual(3);
    expect(c.ws.readyState).toBe(c.ws.OPEN);
    expect(typeof (await c.call('irn_subscribe', { topic: randomTopic() }))).toBe('string');
    await c.close();
  });

  it('terminates a socket that does not answer two pings', async () => {
    const { port } = relay;
    const before = (await relay.stats()).terminated ?? 0;
    // A WebSocket handshake by hand, then silence: no pong is ever sent.
    const sock = tcpConnect(port, '127.0.0.1');
    let received = '';
    sock.on('data', (d) => (received += d.toString('latin1')));
    const closedAt = new Promise<number>((r) => sock.once('close', () => r(Date.now())));
    sock.write(
      [
        'GET /?projectId=test HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${Buffer.from('0123456789abcdef').toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        '',
        '',
      ].join('\r\n'),
    );
    const start = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<number>((_, rej) => (timer = setTimeout(() => rej(new Error('silent socket was not terminated')), 5000)));
    const at = await Promise.race([closedAt, timeout]).finally(() => clearTimeout(timer));
    expect(received).toMatch(/^HTTP\/1\.1 101/);
    expect(at - start).toBeGreaterThanOrEqual(150); // not closed at once: only after missed pongs
    expect((await relay.stats()).terminated).toBe(before + 1);
  });
});
