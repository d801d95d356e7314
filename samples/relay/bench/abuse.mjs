#!/usr/bin/env node
// Abuse benchmark for the local relay: each scenario starts a fresh relay in a child process
// (`node server.mjs --json`), sends a fixed amount of abuse as fast as the relay reads it, measures
// the relay's resident memory (VmRSS from /proc) when idle, at the peak, at the end and 3 s later,
// and prints what the relay held at the end (its /stats counters, when it has them), then a table.
// It prints figures; it asserts nothing and has no timing thresholds.
//
//   node samples/relay/bench/abuse.mjs [--scale 1] [--seconds 60] [--only publish-flood,slow-reader]
//                                      [--server path/to/server.mjs] [--env RELAY_X=1 --env …]
//                                      [--addresses 8] [--per-address 50] [--hold 30]
//
// --scale multiplies the amounts below; --seconds caps each scenario's sending time; --server runs
// the scenarios against another build of the relay (e.g. an older server.mjs) for a before/after
// comparison; --env sets the relay's configuration (e.g. RELAY_RATE_LIMIT_PER_SECOND=1000000 to see
// the store's bounds without the rate limit). Scenarios (at scale 1):
//   publish-flood       8 sockets publish 16,000 messages of 64 KiB (1 GiB) to fresh topics
//   slow-reader         a socket subscribes to a topic and stops reading; 4 sockets publish 8,000
//                       messages of 64 KiB (512 MiB) on that topic; then up to 12 s for the relay to
//                       drop the reader (its `dropped` counter)
//   malformed           8 sockets send 80,000 junk frames: random bytes, wrong JSON shapes, huge ids,
//                       bad topics, log-forging method names
//   subscription-flood  4 sockets send 400 frames subscribing 1,000 fresh topics each
//   socket-flood        opens 2,000 sockets from one address and holds them
// and, from several loopback source addresses (abuseAddresses.mjs): fetch-flood (--addresses ×
// --per-address sockets that never read, each sending 8 fetches of a 7 MiB topic, watched --hold s),
// slot-holding, eviction and eviction-8.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import WebSocket from 'ws';
import { addressScenarios, SCENARIO_ENV } from './abuseAddresses.mjs';
import { arg, args, closeAll, connect, mb, mergeCodes, payload, pump, request, rss, sleep, startRelay, stopReading, sum, tally, topic, RELAY_SERVER } from './harness.mjs';

const SERVER = resolve(arg('server', RELAY_SERVER));
const SECONDS = Number(arg('seconds', '60'));
const SCALE = Number(arg('scale', '1'));
/** @type {Record<string, string>} */
const ENV = {};
args.forEach((a, i) => {
  const kv = a === '--env' ? args[i + 1] : undefined;
  if (kv && kv.includes('=')) ENV[kv.slice(0, kv.indexOf('='))] = kv.slice(kv.indexOf('=') + 1);
});
const amount = (n) => Math.max(1, Math.round(n * SCALE));
const ONLY = arg('only', '')
  .split(',')
  .filter(Boolean);
const BIG = payload(64); // 64 KiB of base64, like an encrypted payload
let junkId = 1;

/** @type {Record<string, (relay: any, until: number, snap: () => Promise<void>) => Promise<Record<string, unknown>>>} */
const scenarios = {
  async 'publish-flood'(relay, until, snap) {
    const sockets = (await Promise.all(Array.from({ length: 8 }, () => connect(relay.url)))).filter(Boolean);
    const tallies = sockets.map(tally);
    let n = 0;
    const budget = { left: amount(16_000) };
    const sent = await Promise.all(sockets.map((ws) => pump(ws, () => request('irn_publish', { topic: topic(), message: `${n++}:${BIG}`, ttl: 86_400, tag: 1 }), budget, until)));
    await sleep(500);
    const r = { sent: sent.reduce((a, b) => a + b, 0), accepted: sum(tallies, 'results'), refused: sum(tallies, 'errors'), codes: mergeCodes(tallies) };
    await snap();
    await closeAll(sockets);
    return r;
  },
  async 'slow-reader'(relay, until, snap) {
    const t = topic();
    const reader = await connect(relay.url);
    await new Promise((res) => {
      reader.once('message', res);
      reader.send(request('irn_subscribe', { topic: t }));
    });
    stopReading(reader); // never reads again
    const publishers = (await Promise.all(Array.from({ length: 4 }, () => connect(relay.url)))).filter(Boolean);
    const tallies = publishers.map(tally);
    let n = 0;
    const budget = { left: amount(8_000) };
    const sent = await Promise.all(publishers.map((ws) => pump(ws, () => request('irn_publish', { topic: t, message: `${n++}:${BIG}`, ttl: 86_400, tag: 1 }), budget, until)));
    const sentAt = Date.now();
    let dropped = 0;
    while (Date.now() - sentAt < 12_000 && !dropped) {
      await sleep(250);
      dropped = (await relay.stats()).dropped ?? 0;
    }
    const r = { sent: sent.reduce((a, b) => a + b, 0), accepted: sum(tallies, 'results'), refused: sum(tallies, 'errors'), readerDroppedAfterMs: dropped ? Date.now() - sentAt : 'not within 12 s' };
    await snap();
    await closeAll([reader, ...publishers]);
    return r;
  },
  async malformed(relay, until, snap) {
    const sockets = (await Promise.all(Array.from({ length: 8 }, () => connect(relay.url)))).filter(Boolean);
    const tallies = sockets.map(tally);
    const junk = [
      () => randomBytes(64).toString('latin1'),
      () => '{"id":1e999,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"x"}}',
      () => JSON.stringify({ id: 'x'.repeat(10_000), jsonrpc: '2.0', method: 'irn_publish', params: {} }),
      () => JSON.stringify([1, 2, 3]),
      () => JSON.stringify({ id: junkId++, jsonrpc: '2.0', method: `irn_\n\u001b[31mfake log line ${junkId}`, params: {} }),
      () => JSON.stringify({ id: junkId++, jsonrpc: '2.0', method: 'irn_publish', params: { topic: 'not-hex', message: BIG, ttl: 'soon' } }),
      () => JSON.stringify({ id: junkId++, jsonrpc: '2.0', method: 'irn_batchSubscribe', params: { topics: Array.from({ length: 2000 }, () => 'zz') } }),
    ];
    let i = 0;
    const budget = { left: amount(80_000) };
    const sent = await Promise.all(sockets.map((ws) => pump(ws, () => junk[i++ % junk.length](), budget, until)));
    await sleep(500);
    const open = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
    const r = { sent: sent.reduce((a, b) => a + b, 0), errors: sum(tallies, 'errors'), socketsStillOpen: `${open}/${sockets.length}`, codes: mergeCodes(tallies) };
    await snap();
    await closeAll(sockets);
    return r;
  },
  async 'subscription-flood'(relay, until, snap) {
    const sockets = (await Promise.all(Array.from({ length: 4 }, () => connect(relay.url)))).filter(Boolean);
    const tallies = sockets.map(tally);
    const budget = { left: amount(400) };
    const sent = await Promise.all(sockets.map((ws) => pump(ws, () => request('irn_batchSubscribe', { topics: Array.from({ length: 1000 }, topic) }), budget, until)));
    await sleep(500);
    const r = { frames: sent.reduce((a, b) => a + b, 0), accepted: sum(tallies, 'results'), refused: sum(tallies, 'errors'), codes: mergeCodes(tallies) };
    await snap();
    await closeAll(sockets);
    return r;
  },
  async 'socket-flood'(relay, until, snap) {
    const sockets = [];
    let refused = 0;
    for (let i = 0; i < amount(2000) && Date.now() < until; i += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => connect(relay.url)));
      for (const ws of batch) (ws ? sockets.push(ws) : refused++);
    }
    await sleep(300);
    const open = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
    const r = { attempted: sockets.length + refused, open, refused };
    await snap();
    await closeAll(sockets);
    return r;
  },
  ...addressScenarios({ addresses: Number(arg('addresses', '8')), perAddress: Number(arg('per-address', '50')), holdMs: Number(arg('hold', '30')) * 1000 }),
};

const table = [];
console.log(`relay: ${SERVER} ${JSON.stringify(ENV)}\nscale ${SCALE}, at most ${SECONDS} s of sending per scenario; memory is the relay process's VmRSS\n`);
for (const [name, run] of Object.entries(scenarios)) {
  if (ONLY.length && !ONLY.includes(name)) continue;
  const relay = await startRelay(SERVER, { ...SCENARIO_ENV[name], ...ENV });
  await sleep(300);
  const idle = rss(relay.pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(relay.pid))), 100);
  let outcome;
  let stats = {};
  const snap = async () => {
    stats = await relay.stats();
  };
  try {
    const started = Date.now();
    outcome = await run(relay, started + SECONDS * 1000, snap);
    outcome = { ...outcome, seconds: Number(((Date.now() - started) / 1000).toFixed(1)) };
  } catch (err) {
    outcome = { error: err instanceof Error ? err.message : String(err) };
  }
  const end = rss(relay.pid);
  clearInterval(sampler);
  peak = Math.max(peak, end);
  await sleep(3000);
  const settled = rss(relay.pid);
  /** @type {Record<string, unknown>} */
  const kept = {};
  for (const k of ['sockets', 'subscriptions', 'topics', 'messages', 'storedBytes', 'bufferedBytes', 'backlogged', 'evicted', 'dropped', 'rateLimited', 'refusedPerAddress', 'refusedPending', 'terminated']) if (k in stats) kept[k] = stats[k];
  await relay.stop();
  console.log(`${name.padEnd(19)} RSS idle ${mb(idle).padStart(7)}  peak ${mb(peak).padStart(8)}  end ${mb(end).padStart(8)}  3 s later ${mb(settled).padStart(8)}`);
  console.log(`${''.padEnd(19)} ${JSON.stringify(outcome)}`);
  console.log(`${''.padEnd(19)} relay at the end (before the sockets closed): ${JSON.stringify(kept)}\n`);
  table.push(`| ${name} | ${mb(idle)} → ${mb(peak)} | ${mb(settled)} |`);
}
console.log(['| scenario | RSS idle → peak | 3 s after |', '| --- | --- | --- |', ...table].join('\n'));
