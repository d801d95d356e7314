// Abuse benchmark scenarios that need several client addresses. On Linux every 127.x.y.z address is
// loopback, so each client picks its own source address (the socket's localAddress) and the relay
// sees distinct peers, with nothing a production relay would trust (no header).
//   fetch-flood     one client stores 20 × 340 KiB on a topic; ADDRESSES × 50 sockets (fresh identities)
//                   stop reading and each sends 8 irn_batchFetchMessages for it; watched for --hold s (30)
//   slot-holding    (RELAY_MAX_SOCKETS 20, RELAY_MAX_SOCKETS_PER_ADDRESS 5) one address keeps opening
//                   TCP connections that never finish an upgrade (half silent, half a partial request
//                   line) for 20 s; another address tries a WebSocket every second
//   eviction        a client stores one message (tag 1108); one address (10 sockets) publishes 140 ×
//                   500 KiB to fresh topics, retrying what the rate limit refuses; then a fresh client
//                   fetches the first message
//   eviction-8      the same from 8 addresses × 2 sockets
import { connect as tcpConnect } from 'node:net';
import WebSocket from 'ws';
import { closeAll, connect, payload, request, rpc, sleep, stopReading, topic } from './harness.mjs';

/** Per-scenario relay configuration (on top of --env). */
export const SCENARIO_ENV = {
  'slot-holding': { RELAY_MAX_SOCKETS: '20', RELAY_MAX_SOCKETS_PER_ADDRESS: '5' },
};

/** Publishes with `call`, waiting out rate-limit refusals (-32005 "Rate limit"); resolves with the final answer. */
async function publishPatiently(client, params, until) {
  for (;;) {
    const r = await client.call('irn_publish', params);
    if (!r.error || !/Rate limit/.test(r.error.message ?? '') || Date.now() > until) return r;
    await sleep(100);
  }
}

/** Opens `n` sockets from one source address, 8 at a time (the relay's default pending connections per address). */
async function sockets(url, from, n) {
  const out = [];
  for (let i = 0; i < n; i += 8) out.push(...(await Promise.all(Array.from({ length: Math.min(8, n - i) }, () => connect(url, from)))));
  return out;
}

/** @param {{ addresses: number, perAddress: number, holdMs: number }} opts */
export function addressScenarios(opts) {
  const eviction = (addresses, perAddress) => async (relay, until, snap) => {
    const victimTopic = topic();
    const victimMessage = `victim:${payload(2)}`;
    const victim = await connect(relay.url, '127.0.3.1');
    if (!victim) throw new Error('victim refused');
    const stored = await rpc(victim).call('irn_publish', { topic: victimTopic, message: victimMessage, ttl: 300, tag: 1108 });
    const attackers = [];
    for (let a = 0; a < addresses; a++) attackers.push(...(await sockets(relay.url, `127.0.3.${10 + a}`, perAddress)));
    const clients = attackers.filter(Boolean).map(rpc);
    const big = payload(500);
    let left = 140;
    const outcome = { accepted: 0, refused: 0, codes: /** @type {Record<string, number>} */ ({}) };
    const started = Date.now();
    await Promise.all(
      clients.map(async (c, i) => {
        while (left > 0 && Date.now() < until) {
          left--;
          const r = await publishPatiently(c, { topic: topic(), message: `${i}:${left}:${big}`, ttl: 300, tag: 1 }, until);
          if (r.error) {
            outcome.refused++;
            outcome.codes[r.error.code] = (outcome.codes[r.error.code] ?? 0) + 1;
          } else outcome.accepted++;
        }
      }),
    );
    const floodMs = Date.now() - started;
    const checker = await connect(relay.url, '127.0.3.2');
    const fetched = checker ? await rpc(checker).call('irn_batchFetchMessages', { topics: [victimTopic] }) : { error: 'refused' };
    const victimKept = Boolean(fetched.result?.messages?.some((m) => m.message === victimMessage));
    await snap();
    await closeAll([victim, checker, ...attackers]);
    return { attackerSockets: clients.length, victimStored: stored.result === true, ...outcome, floodMs, victimKept };
  };

  return {
    async 'fetch-flood'(relay, until, snap) {
      const t = topic();
      const publishers = (await sockets(relay.url, '127.0.0.200', 4)).filter(Boolean).map(rpc);
      let stored = 0;
      for (let i = 0; i < 20; i++) {
        const r = await publishPatiently(publishers[i % publishers.length], { topic: t, message: `${i}:${payload(340)}`, ttl: 3600, tag: 1 }, until);
        if (r.result === true) stored++;
      }
      /** @type {(WebSocket | null)[]} */
      const fetchers = [];
      for (let a = 0; a < opts.addresses; a++) fetchers.push(...(await sockets(relay.url, `127.0.1.${a + 1}`, opts.perAddress)));
      // all at once: every socket stops reading and asks for the topic 8 times
      for (const ws of fetchers) {
        if (!ws) continue;
        stopReading(ws);
        for (let k = 0; k < 8; k++) ws.send(request('irn_batchFetchMessages', { topics: [t] }));
      }
      const open = fetchers.filter(Boolean).length;
      const sentAt = Date.now();
      const before = await relay.stats();
      let s = before;
      let allGoneMs;
      while (Date.now() - sentAt < opts.holdMs) {
        await sleep(1000);
        const now = await relay.stats();
        if (typeof now.sockets === 'number') s = now;
        if (allGoneMs === undefined && typeof s.sockets === 'number' && s.sockets <= publishers.length) allGoneMs = Date.now() - sentAt;
      }
      await snap();
      await closeAll(fetchers);
      return { stored, fetchers: open, refused: fetchers.length - open, droppedWithin: `${((s.dropped ?? 0) - (before.dropped ?? 0))} in ${opts.holdMs / 1000} s`, allFetchersGoneAfterMs: allGoneMs ?? `not within ${opts.holdMs / 1000} s` };
    },

    async 'slot-holding'(relay, until, snap) {
      const end = Math.min(until, Date.now() + 20_000);
      const HOLD = 60;
      const lifetimes = [];
      let opened = 0;
      let concurrent = 0;
      let maxConcurrent = 0;
      const holder = async (i) => {
        while (Date.now() < end) {
          const started = Date.now();
          await new Promise((res) => {
            const s = tcpConnect({ host: '127.0.0.1', port: relay.port, localAddress: '127.0.2.1' });
            s.on('error', () => {});
            s.resume(); // reads (and drops) what the relay sends, so its FIN is seen and the slot taken again
            s.once('connect', () => {
              opened++;
              maxConcurrent = Math.max(maxConcurrent, ++concurrent);
              if (i % 2) s.write('GET /?auth=');
              s.once('close', () => {
                concurrent--;
                lifetimes.push(Date.now() - started);
              });
            });
            s.once('close', res);
            const stop = setTimeout(() => s.destroy(), Math.max(0, end - Date.now()));
            s.once('close', () => clearTimeout(stop));
          });
          await sleep(50);
        }
      };
      const holders = Promise.all(Array.from({ length: HOLD }, (_, i) => holder(i)));
      await sleep(500);
      const tries = [];
      while (Date.now() < end - 1000) {
        const t0 = Date.now();
        const outcome = await new Promise((res) => {
          const ws = new WebSocket(`${relay.url}/?projectId=bench`, { localAddress: '127.0.2.2', handshakeTimeout: 3000 });
          ws.once('open', () => (ws.close(), res('open')));
          ws.once('unexpected-response', (_q, r) => (r.resume(), res(`HTTP ${r.statusCode}`)));
          ws.once('error', (e) => res(/** @type {any} */ (e).code ?? e.message.slice(0, 40)));
        });
        tries.push({ atMs: t0 - (end - 20_000), outcome });
        await sleep(Math.max(0, 1000 - (Date.now() - t0)));
      }
      await snap();
      await holders;
      // a connection that lives over a second held a slot (until the relay or the end closed it)
      const held = lifetimes.filter((l) => l >= 1000);
      const outcomes = {};
      for (const t of tries) outcomes[t.outcome] = (outcomes[t.outcome] ?? 0) + 1;
      const firstOpen = tries.find((t) => t.outcome === 'open');
      return {
        attackerConnections: opened,
        attackerMaxHeld: maxConcurrent,
        attackerHeldOver1s: held.length,
        attackerLongestHeldMs: Math.max(0, ...lifetimes),
        legitimateTries: tries.length,
        legitimate: outcomes,
        legitimateFirstOpenAtMs: firstOpen ? firstOpen.atMs : 'never',
      };
    },

    eviction: eviction(1, 10),
    'eviction-8': eviction(8, 2),
  };
}
