/**
 * Property tests (fast-check) against a real relay process: thousands of malformed frames (random
 * text and bytes, wrong JSON shapes, huge and odd ids, bad topics, oversized params, hostile method
 * names), mixed with valid publishes that fill the store. Whatever is thrown at it:
 *   - every answer is a well-formed JSON-RPC response with one of the documented error codes
 *     (never -32603, which would be a bug), and a socket is only ever closed for an oversized frame;
 *   - a well-formed pair of clients keeps exchanging messages;
 *   - the stored messages stay within the configured bounds (the relay's own /stats counters);
 *   - the log stays one line per event, without control characters.
 * The rate limit is set high here so frames reach the parser and the methods (limits.int.test.ts
 * covers the limit itself).
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { RawClient, randomTopic } from './testing/rawClient';
import { startRelayProcess, type RelayProcess } from './testing/relayProcess';

const BOUNDS = {
  RELAY_MAX_FRAME_BYTES: '65536',
  RELAY_MAX_MESSAGES: '200',
  RELAY_MAX_BYTES: String(1024 * 1024),
  RELAY_MAX_MESSAGES_PER_TOPIC: '20',
  RELAY_MAX_BYTES_PER_TOPIC: String(256 * 1024),
  RELAY_MAX_SUBSCRIPTIONS_PER_SOCKET: '50',
  RELAY_MAX_BATCH_SIZE: '50',
  RELAY_RATE_LIMIT_PER_SECOND: '1000000',
  RELAY_RATE_LIMIT_BURST: '1000000',
};
const ERROR_CODES = [-32700, -32600, -32601, -32602, -32005];
const METHODS = ['irn_subscribe', 'irn_batchSubscribe', 'irn_unsubscribe', 'irn_batchUnsubscribe', 'irn_publish', 'irn_batchPublish', 'irn_batchFetchMessages', 'wc_proposeSession', 'wc_approveSession', 'irn_subscription'];
// Topics shared by the runs, so that fuzzed publishes and subscribes meet.
const POOL = Array.from({ length: 6 }, randomTopic);

// ---------- arbitraries ----------
const hexTopic = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const badTopic = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  hexTopic.map((t) => t.toUpperCase()),
  hexTopic.map((t) => t.slice(1)),
  hexTopic.map((t) => `${t}0`),
  fc.constant(''),
  fc.integer(),
  fc.constant(null),
  fc.array(hexTopic, { maxLength: 2 }),
);
const topic = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...POOL) }, { weight: 2, arbitrary: hexTopic }, { weight: 3, arbitrary: badTopic });
const wild = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(-1, 0, -0, 1e308, -1e308, 2 ** 53 + 2, 4294967296, 0.5, Number.MAX_SAFE_INTEGER),
  fc.integer({ min: 1, max: 4000 }).map((n) => 'x'.repeat(n)),
);
const message = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 20_000 }).map((n) => randomBytes(Math.ceil(n / 2)).toString('hex').slice(0, n)) }, { weight: 1, arbitrary: wild });
const ttl = fc.oneof(fc.constantFrom(60, 300, 1e9), wild, fc.constant(undefined));
const tag = fc.oneof(fc.constantFrom(0, 1, 1100, 4294967295), wild, fc.constant(undefined));
const publishParams = fc.record({ topic, message, ttl, tag, attestation: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 50 }), wild), prompt: fc.boolean() }, { requiredKeys: ['topic', 'message'] });
const params = fc.oneof(
  publishParams,
  fc.record({ topic, id: wild }, { requiredKeys: [] }),
  fc.record({ topics: fc.oneof(fc.array(topic, { maxLength: 60 }), wild) }, { requiredKeys: [] }),
  fc.record({ messages: fc.oneof(fc.array(publishParams, { maxLength: 8 }), fc.array(wild, { maxLength: 4 }), wild) }),
  fc.record({ subscriptions: fc.oneof(fc.array(fc.record({ topic, id: wild }), { maxLength: 60 }), wild) }),
  fc.record({ pairingTopic: topic, sessionProposal: message, ttl, attestation: wild }, { requiredKeys: [] }),
  fc.record({ sessionTopic: topic, pairingTopic: topic, sessionProposalResponse: message, sessionSettlementRequest: message, ttl }, { requiredKeys: [] }),
  wild,
);
/** An id as JSON text: fine ones and ones that must be refused (huge, fractional, nested, long). */
const idText = fc.oneof(
  fc.integer().map(String),
  fc.string({ maxLength: 140 }).map((s) => JSON.stringify(s)),
  fc.constantFrom('1e999', '-1e999', '123456789012345678901234567890', '1.5', '9007199254740993', 'null', 'true', '{}', '[1,2]', '{"$gt":""}'),
  fc.double().map((d) => JSON.stringify(d)),
);
const method = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...METHODS) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', '') }, { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 150 }) });

type Frame = { text: string } | { binary: Uint8Array };
const request: fc.Arbitrary<Frame> = fc
  .record({ id: fc.option(idText, { nil: undefined }), jsonrpc: fc.oneof({ weight: 5, arbitrary: fc.constant('2.0') }, { weight: 1, arbitrary: wild }), method: fc.oneof({ weight: 6, arbitrary: method }, { weight: 1, arbitrary: wild }), params: fc.option(params, { nil: undefined }) })
  .map(({ id, ...rest }) => {
    const body = JSON.stringify(rest);
    return { text: id === undefined ? body : `{"id":${id},${body.slice(1)}` };
  });
const junk: fc.Arbitrary<Frame> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }).map((text) => ({ text })),
  fc.jsonValue({ maxDepth: 4 }).map((v) => ({ text: JSON.stringify(v) ?? 'null' })),
  request.map((f) => ('text' in f ? { text: f.text.slice(0, Math.max(1, f.text.length - 3)) } : f)), // cut short
  fc.integer({ min: 1, max: 3000 }).map((n) => ({ text: `${'['.repeat(n)}${']'.repeat(n)}` })), // deep nesting
  fc.uint8Array({ maxLength: 200 }).map((binary) => ({ binary })),
  fc.record({ id: fc.integer(), result: wild }).map((r) => ({ text: JSON.stringify({ jsonrpc: '2.0', ...r }) })), // answers to nothing
);
const validPublish: fc.Arbitrary<Frame> = fc.tuple(fc.constantFrom(...POOL), fc.integer({ min: 100, max: 30_000 })).map(([t, n]) => ({
  text: JSON.stringify({ id: Date.now(), jsonrpc: '2.0', method: 'irn_publish', params: { topic: t, message: `${randomBytes(8).toString('hex')}${'m'.repeat(n)}`, ttl: 300, tag: 1 } }),
}));
// past the frame limit (64 KiB here): the relay closes that socket with 1009
const oversized: fc.Arbitrary<Frame> = fc.integer({ min: 65_537, max: 80_000 }).map((n) => ({ text: JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_publish', params: { topic: POOL[0], message: 'o'.repeat(n), ttl: 60 } }) }));
const frame = fc.oneof({ weight: 50, arbitrary: request }, { weight: 30, arbitrary: junk }, { weight: 20, arbitrary: validPublish }, { weight: 1, arbitrary: oversized });

describe('relay under malformed frames (fast-check)', () => {
  let relay: RelayProcess;
  let reader: RawClient;
  let writer: RawClient;
  let framesSent = 0;
  const checkTopic = randomTopic();

  beforeAll(async () => {
    relay = await startRelayProcess({ env: BOUNDS });
    [reader, writer] = await Promise.all([RawClient.connect(relay.url), RawClient.connect(relay.url)]);
    await reader.call('irn_subscribe', { topic: checkTopic });
  }, 20_000);
  // cleanup: the clients' sockets cut (no closing handshake to wait for), then the relay stopped
  afterAll(async () => {
    reader?.ws.terminate();
    writer?.ws.terminate();
    await relay?.stop();
  });

  /** Sends the frames on a fresh socket and checks everything it got back. */
  const attack = async (frames: Frame[], anonymous: boolean) => {
    const attacker = await RawClient.connect(relay.url, { anonymous, ack: false });
    const received: unknown[] = [];
    attacker.ws.on('message', (d) => received.push(JSON.parse(d.toString())));
    let closeCode: number | undefined;
    attacker.ws.once('close', (code) => (closeCode = code));
    for (const f of frames) {
      if (attacker.ws.readyState !== attacker.ws.OPEN) break;
      if ('binary' in f) attacker.ws.send(f.binary, { binary: true });
      else attacker.ws.send(f.text);
      framesSent++;
    }
    // Everything is answered once the answer to a last request arrives, unless the relay closed the socket.
    const closed = new Promise((r) => (closeCode !== undefined ? r(undefined) : attacker.ws.once('close', r)));
    if (attacker.ws.readyState === attacker.ws.OPEN) await Promise.race([attacker.send('irn_unsubscribe', { topic: randomTopic(), id: 'sync' }), closed]);
    else await closed;
    await attacker.close();
    if (closeCode !== undefined && closeCode !== 1000 && closeCode !== 1005) expect({ closeCode }).toEqual({ closeCode: 1009 });
    for (const f of received as Array<Record<string, any>>) {
      expect(f.jsonrpc).toBe('2.0');
      if (f.method === 'irn_subscription') {
        expect(POOL).toContain(f.params.data.topic);
      } else if ('error' in f) {
        expect(ERROR_CODES).toContain(f.error.code);
        expect(typeof f.error.message).toBe('string');
        expect(f.id === null || typeof f.id === 'string' || Number.isSafeInteger(f.id)).toBe(true);
      } else {
        expect('result' in f).toBe(true);
      }
    }
  };

  /** A well-formed exchange still works, and the store is within its bounds. */
  const healthy = async () => {
    const message = randomBytes(16).toString('hex');
    await writer.call('irn_publish', { topic: checkTopic, message, ttl: 300, tag: 1 });
    await reader.waitFor(() => reader.messagesOn(checkTopic).includes(message), 2000, 'the well-formed message');
    const s = await relay.stats();
    expect(s.messages).toBeLessThanOrEqual(200);
    expect(s.storedBytes).toBeLessThanOrEqual(1024 * 1024);
    expect(s.topics).toBeLessThanOrEqual(200);
    expect(s.subscriptions).toBeLessThanOrEqual(s.sockets! * 50);
    return s;
  };

  it('answers every request frame with a well-formed response and keeps serving well-formed clients within its memory bounds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 10, maxLength: 40 }), fc.boolean(), async (frames, anonymous) => {
        await attack(frames, anonymous);
        await healthy();
      }),
      { numRuns: 120 },
    );
    const s = await healthy();
    expect(framesSent).toBeGreaterThan(2000);
    expect(s.evicted).toBeGreaterThan(0); // the fuzzed publishes reached the bounds
    expect(s.invalidFrames).toBeGreaterThan(1000);
  }, 120_000);

  it('random bytes and text alone: still answered or ignored, never fatal', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(junk, { minLength: 20, maxLength: 60 }), async (frames) => {
        await attack(frames, false);
      }),
      { numRuns: 40 },
    );
    await healthy();
  }, 60_000);

  it('the log stays one line per event with no control characters, and the relay is still up', async () => {
    await healthy();
    const lines = relay.output().split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(1000);
    const bad = lines.filter((l) => !/^(\[relay\] |LATCHKEY_RELAY )/.test(l) || /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(l));
    expect(bad.slice(0, 5)).toEqual([]);
    expect((await relay.stats()).sockets).toBe(2);
  });
});
