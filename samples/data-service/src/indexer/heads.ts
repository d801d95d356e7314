/**
 * New-head notifications from a node's WebSocket endpoint (`eth_subscribe` "newHeads"), so that
 * an indexer steps as soon as a block is mined instead of polling every few milliseconds. The
 * poll stays as the fallback: a dropped socket or a node without WebSocket costs at most one poll
 * interval, a missed message on a live subscription at most the indexer's longer live fallback. A
 * head that comes while the indexer is stepping is kept, so the next wait ends at once (before,
 * it was dropped and the indexer stayed a block behind until the fallback). A lost connection is
 * retried with backoff (1 s doubling to 30 s) until `close()`.
 */
import WebSocket from 'ws';

export interface HeadWatcher {
  /** Resolves at the next new head, after `ms`, or when `signal` aborts, whichever comes first. */
  next(ms: number, signal: AbortSignal): Promise<void>;
  /** Whether the node has confirmed the newHeads subscription on an open socket. */
  live(): boolean;
  close(): void;
}

/** Longest message a node may send on this socket (a newHeads notification is ~1 KiB). */
const MAX_MESSAGE_BYTES = 64 * 1024;

export function watchHeads(wsUrl: string, log: (line: string) => void): HeadWatcher {
  let closed = false;
  let socket: WebSocket | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let backoff = 1_000;
  let reported = false;
  let subscribed = false;
  const waiters = new Set<() => void>();
  /** A head came while nobody waited (the indexer was stepping): the next wait returns at once. */
  let pending = false;
  const wake = () => {
    if (waiters.size === 0) pending = true;
    for (const w of [...waiters]) w();
  };

  const connect = () => {
    if (closed) return;
    const ws = new WebSocket(wsUrl, { maxPayload: MAX_MESSAGE_BYTES, handshakeTimeout: 10_000 });
    socket = ws;
    ws.on('open', () => {
      backoff = 1_000;
      if (reported) log(`heads: ${wsUrl} connected again`);
      reported = false;
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
    });
    ws.on('message', (data) => {
      let msg: { method?: unknown; id?: unknown; result?: unknown } | undefined;
      try {
        msg = JSON.parse(String(data)) as { method?: unknown; id?: unknown; result?: unknown };
      } catch {
        return;
      }
      if (msg?.method === 'eth_subscription') wake();
      else if (msg?.id === 1 && typeof msg.result === 'string' && socket === ws) subscribed = true;
    });
    ws.on('error', (err) => {
      if (!reported) log(`heads: ${wsUrl}: ${err.message} (polling until it answers)`);
      reported = true;
    });
    ws.on('close', () => {
      if (socket === ws) {
        socket = undefined;
        subscribed = false;
      }
      if (closed) return;
      retryTimer = setTimeout(connect, backoff);
      retryTimer.unref?.();
      backoff = Math.min(30_000, backoff * 2);
    });
  };
  connect();

  return {
    next(ms, signal) {
      return new Promise<void>((resolve) => {
        if (signal.aborted || pending) {
          pending = false;
          return resolve();
        }
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        waiters.add(done);
        signal.addEventListener('abort', done, { once: true });
      });
    },
    live: () => subscribed,
    close() {
      closed = true;
      subscribed = false;
      if (retryTimer) clearTimeout(retryTimer);
      socket?.terminate();
      wake();
    },
  };
}
