import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { watchHeads, type HeadWatcher } from './heads';

/** A node's WebSocket endpoint that confirms eth_subscribe and lets the test push new heads. */
async function fakeNode() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => server.once('listening', () => r()));
  let client: WebSocket | undefined;
  const subscribed = new Promise<void>((resolve) => {
    server.on('connection', (ws) => {
      client = ws;
      ws.on('message', (data) => {
        const msg = JSON.parse(String(data)) as { id: number; method: string };
        if (msg.method === 'eth_subscribe') {
          ws.send(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: '0x1' }), () => resolve());
        }
      });
    });
  });
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    subscribed,
    /** sends one newHeads notification and resolves once it is written */
    head: (n: number) => new Promise<void>((r) => client!.send(JSON.stringify({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: '0x1', result: { number: `0x${n.toString(16)}` } } }), () => r())),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** How `next` ended: well before its timeout ('early': a head or the abort) or at it ('timeout'). */
async function race(watcher: HeadWatcher, ms: number, signal = new AbortController().signal): Promise<'early' | 'timeout'> {
  const started = Date.now();
  await watcher.next(ms, signal);
  return Date.now() - started < ms / 2 ? 'early' : 'timeout';
}

describe('watchHeads', () => {
  let node: Awaited<ReturnType<typeof fakeNode>>;
  let watcher: HeadWatcher;
  beforeEach(async () => {
    node = await fakeNode();
    watcher = watchHeads(node.url, () => {});
    await node.subscribed;
    // the confirmation is read by the watcher after the server wrote it
    while (!watcher.live()) await new Promise((r) => setTimeout(r, 5));
  });
  afterEach(async () => {
    watcher.close();
    await node.close();
  });

  it('a wait ends at the next head, not at its timeout', async () => {
    const waiting = race(watcher, 30_000);
    await node.head(1);
    expect(await waiting).toBe('early');
  });

  it('a head that comes while nobody waits (the indexer stepping) ends the next wait at once, and only that one', async () => {
    await node.head(1);
    await node.head(2);
    // let the watcher read both messages before anyone waits
    await new Promise((r) => setTimeout(r, 50));
    expect(await race(watcher, 30_000)).toBe('early');
    // both were seen by one step: the wait after it runs to its timeout
    expect(await race(watcher, 100)).toBe('timeout');
  });

  it('an aborted signal ends a wait', async () => {
    const abort = new AbortController();
    const waiting = race(watcher, 30_000, abort.signal);
    abort.abort();
    expect(await waiting).toBe('early');
  });
});
