/**
 * Connections before the WebSocket upgrade (review M3) and what counts as one client address
 * (review M7), on a real relay process. Clients pick their loopback source address (127.x.y.z), so
 * the relay sees several addresses; the IPv6 cases go through X-Forwarded-For on a relay told it is
 * behind a proxy.
 */
import { holdConnection as hold, type Held } from './testing/heldConnection';
import { UpgradeRefused, randomTopic } from './testing/rawClient';
import { relayFixture } from './testing/relayFixture';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('relay connections before the upgrade (review M3)', () => {
  const fixture = relayFixture({ RELAY_MAX_SOCKETS: '6', RELAY_MAX_SOCKETS_PER_ADDRESS: '3', RELAY_MAX_PENDING_PER_ADDRESS: '4', RELAY_UPGRADE_TIMEOUT_MS: '1000' });
  const held: Held[] = [];
  const client = (localAddress: string) => fixture.client({ localAddress });
  const holdFrom = async (from: string, partial?: string) => {
    const h = await hold(fixture.relay.port, from, partial);
    held.push(h);
    return h;
  };
  /** `n` connections not upgraded, besides the one asking (GET /stats is not a WebSocket either). */
  const pendingIs = async (n: number) => {
    for (let i = 0; i < 100 && (await fixture.relay.stats()).pendingConnections !== n + 1; i++) await sleep(20);
    expect((await fixture.relay.stats()).pendingConnections).toBe(n + 1);
  };
  afterEach(async () => {
    for (const h of held.splice(0)) h.socket.destroy();
    await pendingIs(0);
  }, 20_000);

  it('an address holds at most 4 connections that have not upgraded: the next is closed before any HTTP is read; other addresses connect meanwhile', async () => {
    for (let i = 0; i < 4; i++) await holdFrom('127.0.4.1', i % 2 ? 'GET /?auth=' : undefined);
    await pendingIs(4);
    const before = (await fixture.relay.stats()).refusedPending!;
    const fifth = await hold(fixture.relay.port, '127.0.4.1', 'GET /?projectId=x HTTP/1.1\r\nHost: relay\r\nUpgrade: websocket\r\n');
    await fifth.closed;
    expect(fifth.received).toBe(''); // no HTTP answer: it was never read
    expect((await fixture.relay.stats()).refusedPending).toBe(before + 1);
    // a WebSocket from the same address is refused too, one from another address opens
    await expect(client('127.0.4.1')).rejects.toThrow();
    const other = await client('127.0.4.2');
    expect(typeof (await other.call('irn_subscribe', { topic: randomTopic() }))).toBe('string');
  }, 20_000);

  it('closes a connection that has not upgraded within the upgrade timeout (1 s here), silent or mid-request; the address connects again afterwards', async () => {
    const idle = [await holdFrom('127.0.4.3'), await holdFrom('127.0.4.3', 'GET /?auth='), await holdFrom('127.0.4.3', 'GET / HTTP/1.1\r\nHost: relay\r\n'), await holdFrom('127.0.4.3', 'G')];
    const lifetimes = await Promise.all(idle.map((h) => h.closed));
    for (const ms of lifetimes) {
      expect(ms).toBeGreaterThanOrEqual(900); // not at once: they had their second
      expect(ms).toBeLessThan(8000); // Node's default check would have taken 30 s
    }
    await pendingIs(0);
    const again = await client('127.0.4.3');
    expect(typeof (await again.call('irn_subscribe', { topic: randomTopic() }))).toBe('string');
  }, 20_000);

  it('connections that have not upgraded cannot take the WebSockets’ places: 5 addresses × 4 of them, and a WebSocket still opens', async () => {
    for (let a = 0; a < 5; a++) for (let i = 0; i < 4; i++) await holdFrom(`127.0.4.${10 + a}`, 'GET /?auth=');
    await pendingIs(20);
    const c = await client('127.0.4.20');
    expect(typeof (await c.call('irn_subscribe', { topic: randomTopic() }))).toBe('string');
    expect(held.every((h) => h.socket.readyState === 'open')).toBe(true);
  }, 20_000);
});

describe('relay client addresses: IPv6 counts by /64 (review M7)', () => {
  const fixture = relayFixture({ RELAY_TRUST_PROXY: '1', RELAY_MAX_SOCKETS_PER_ADDRESS: '2' });
  const from = (forwardedFor: string) => fixture.client({ headers: { 'X-Forwarded-For': forwardedFor } });

  it('two hosts of one /64 are one client: a third socket from that /64 gets 429, another /64 and IPv4 connect', async () => {
    await from('2001:db8:aa:bb::1');
    await from('2001:db8:aa:bb:ffff:ffff:ffff:fffe');
    await expect(from('2001:db8:aa:bb:1234::9')).rejects.toMatchObject({ status: 429 });
    await expect(from('2001:db8:aa:bb::1')).rejects.toBeInstanceOf(UpgradeRefused);
    await from('2001:db8:aa:bc::1');
    await from('198.51.100.7');
    // an IPv4-mapped address is that IPv4 client
    await from('::ffff:198.51.100.7');
    await expect(from('198.51.100.7')).rejects.toMatchObject({ status: 429 });
    expect((await fixture.relay.stats()).addresses).toBe(3);
  });
});
