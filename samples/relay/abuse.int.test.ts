/**
 * Property test (fast-check) against a real relay process with small bounds: whatever abuse runs,
 * from whatever addresses and at whatever size, a well-formed dapp and wallet (testing/pairing.ts)
 * still pair and exchange messages within bounded time, a message another client stored before the
 * abuse is still there for its recipient, and the relay's own counters stay within their bounds.
 * The abuses are the ones of the security review's relay section (H3, M3, M6): a publish flood,
 * subscribers and fetchers (several addresses) that never read, connections held before the upgrade,
 * and floods meant to evict other clients' messages. Each run uses addresses of its own (127.1.N.x
 * for the abuse, 127.2.N.x for the well-formed clients).
 */
import fc from 'fast-check';
import { holdConnection } from './testing/heldConnection';
import { pairAndExchange } from './testing/pairing';
import { RawClient, randomTopic } from './testing/rawClient';
import { startRelayProcess, type RelayProcess } from './testing/relayProcess';

const KiB = 1024;
const LIMITS = {
  maxBufferedBytes: 64 * KiB,
  maxBufferedBytesTotal: 512 * KiB,
  maxBytes: 1024 * KiB,
  maxBytesPerAddress: 256 * KiB,
  maxFrame: 128 * KiB,
};
const ENV = {
  RELAY_MAX_SOCKETS: '60',
  RELAY_MAX_SOCKETS_PER_ADDRESS: '8',
  RELAY_MAX_PENDING_PER_ADDRESS: '4',
  RELAY_UPGRADE_TIMEOUT_MS: '1000',
  RELAY_MAX_BUFFERED_BYTES: String(LIMITS.maxBufferedBytes),
  RELAY_MAX_BUFFERED_BYTES_TOTAL: String(LIMITS.maxBufferedBytesTotal),
  RELAY_SLOW_SOCKET_TIMEOUT_MS: '1000',
  RELAY_MAX_BYTES: String(LIMITS.maxBytes),
  RELAY_MAX_BYTES_PER_ADDRESS: String(LIMITS.maxBytesPerAddress),
  RELAY_MAX_BYTES_PER_TOPIC: String(256 * KiB),
  RELAY_MAX_FRAME_BYTES: String(LIMITS.maxFrame),
};
/** How long one step of the well-formed clients may take while an abuse runs. */
const STEP_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Abuse =
  | { kind: 'publish-flood'; sockets: number; kib: number; count: number }
  | { kind: 'never-reading-subscribers'; readers: number; kib: number; count: number }
  | { kind: 'never-reading-fetchers'; addresses: number; perAddress: number }
  | { kind: 'slot-holding'; addresses: number; perAddress: number }
  | { kind: 'eviction'; addresses: number; perAddress: number; kib: number; count: number };

const kib = fc.integer({ min: 8, max: 100 });
const abuse: fc.Arbitrary<Abuse> = fc.oneof(
  fc.record({ kind: fc.constant('publish-flood' as const), sockets: fc.integer({ min: 1, max: 4 }), kib, count: fc.integer({ min: 20, max: 150 }) }),
  fc.record({ kind: fc.constant('never-reading-subscribers' as const), readers: fc.integer({ min: 1, max: 6 }), kib, count: fc.integer({ min: 10, max: 80 }) }),
  fc.record({ kind: fc.constant('never-reading-fetchers' as const), addresses: fc.integer({ min: 1, max: 3 }), perAddress: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('slot-holding' as const), addresses: fc.integer({ min: 1, max: 3 }), perAddress: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant('eviction' as const), addresses: fc.integer({ min: 1, max: 3 }), perAddress: fc.integer({ min: 1, max: 3 }), kib, count: fc.integer({ min: 20, max: 80 }) }),
);

describe('well-formed clients stay served while the relay is abused (fast-check)', () => {
  let relay: RelayProcess;
  let run = 0;

  beforeAll(async () => {
    relay = await startRelayProcess({ env: ENV });
  }, 20_000);
  afterAll(async () => {
    await relay?.stop();
  });

  /** Starts an abuse from 127.1.<run>.x; resolves once it is under way, with what stops it. */
  async function start(a: Abuse, net: string): Promise<() => Promise<void>> {
    const sockets: RawClient[] = [];
    const connect = async (from: string) => {
      const c = await RawClient.connect(relay.url, { localAddress: from, ack: false });
      sockets.push(c);
      return c;
    };
    const text = (n: number, size: number) => `${n}:${'a'.repeat(size * KiB - 40)}`;
    const closeAll = () => Promise.all(sockets.map((c) => (c.reading(true), c.close()))).then(() => undefined);
    switch (a.kind) {
      case 'publish-flood':
      case 'eviction': {
        const addresses = a.kind === 'eviction' ? a.addresses : 1;
        const per = a.kind === 'eviction' ? a.perAddress : a.sockets;
        for (let i = 0; i < addresses; i++) for (let k = 0; k < per; k++) await connect(`${net}.${i + 1}`);
        const sent = sockets.flatMap((c, i) => Array.from({ length: Math.ceil(a.count / sockets.length) }, (_, n) => c.send('irn_publish', { topic: randomTopic(), message: text(i * 1000 + n, a.kib), ttl: 300, tag: 1 })));
        if (a.kind === 'eviction') await Promise.all(sent); // the flood is over before the victim looks
        return closeAll;
      }
      case 'never-reading-subscribers': {
        const topic = randomTopic();
        for (let i = 0; i < a.readers; i++) {
          const reader = await connect(`${net}.1`);
          await reader.call('irn_subscribe', { topic });
          reader.reading(false);
        }
        const publisher = await connect(`${net}.2`);
        for (let n = 0; n < a.count; n++) void publisher.send('irn_publish', { topic, message: text(n, a.kib), ttl: 300, tag: 1 });
        return closeAll;
      }
      case 'never-reading-fetchers': {
        const topic = randomTopic();
        const publisher = await connect(`${net}.100`);
        for (let n = 0; n < 10; n++) await publisher.call('irn_publish', { topic, message: text(n, 16), ttl: 300, tag: 1 });
        for (let i = 0; i < a.addresses; i++) {
          for (let k = 0; k < a.perAddress; k++) {
            const f = await connect(`${net}.${i + 1}`);
            f.reading(false);
            for (let n = 0; n < 8; n++) void f.send('irn_batchFetchMessages', { topics: [topic] });
          }
        }
        return closeAll;
      }
      case 'slot-holding': {
        let stopped = () => {};
        const over = new Promise<void>((r) => (stopped = r));
        let on = true;
        const holders = Array.from({ length: a.addresses * a.perAddress }, async (_, i) => {
          while (on) {
            // the attacker takes a slot again as soon as the relay closes one
            const held = await holdConnection(relay.port, `${net}.${(i % a.addresses) + 1}`, i % 2 ? 'GET /?auth=' : undefined).catch(() => null);
            if (held) await Promise.race([held.closed, over]);
            held?.socket.destroy();
            await sleep(50);
          }
        });
        await sleep(200);
        return async () => {
          on = false;
          stopped();
          await Promise.all(holders);
        };
      }
    }
  }

  it('a dapp and a wallet pair and exchange messages, and a stored message survives, whatever the abuse', async () => {
    await fc.assert(
      fc.asyncProperty(abuse, async (a) => {
        run++;
        const legit = `127.2.${run}.1`;
        // a message stored for a client that has not come for it yet
        const keeper = await RawClient.connect(relay.url, { localAddress: `127.2.${run}.2`, timeoutMs: STEP_MS });
        const kept = randomTopic();
        await keeper.call('irn_publish', { topic: kept, message: 'stored before the abuse', ttl: 300, tag: 1108 });
        await keeper.close();
        let maxUnread = 0;
        let sampling = true;
        const sampler = (async () => {
          while (sampling) {
            maxUnread = Math.max(maxUnread, (await relay.stats()).bufferedBytes!);
            await sleep(50);
          }
        })();
        const stop = await start(a, `127.1.${run}`);
        try {
          await pairAndExchange(relay.url, legit, STEP_MS);
          const recipient = await RawClient.connect(relay.url, { localAddress: `127.2.${run}.3`, timeoutMs: STEP_MS });
          const found = await recipient.call('irn_batchFetchMessages', { topics: [kept] });
          await recipient.close();
          expect(found.messages.map((m: { message: string }) => m.message)).toEqual(['stored before the abuse']);
        } finally {
          sampling = false;
          await sampler;
          await stop();
        }
        const s = await relay.stats();
        expect(s.storedBytes).toBeLessThanOrEqual(LIMITS.maxBytes);
        expect(s.maxAddressStoredBytes).toBeLessThanOrEqual(LIMITS.maxBytesPerAddress);
        // the total bound, plus one frame or page written while under it
        expect(maxUnread).toBeLessThanOrEqual(LIMITS.maxBufferedBytesTotal + LIMITS.maxFrame + 4 * KiB);
      }),
      {
        numRuns: 6,
        endOnFailure: true, // a failing run is reported as found (shrinking would rerun abuses for minutes)
        // each abuse at least once, at full strength
        examples: [
          [{ kind: 'publish-flood', sockets: 4, kib: 100, count: 150 }],
          [{ kind: 'never-reading-subscribers', readers: 6, kib: 100, count: 80 }],
          [{ kind: 'never-reading-fetchers', addresses: 3, perAddress: 8 }],
          [{ kind: 'slot-holding', addresses: 3, perAddress: 30 }],
          [{ kind: 'eviction', addresses: 3, perAddress: 3, kib: 100, count: 80 }],
        ],
      },
    );
  }, 300_000);
});
