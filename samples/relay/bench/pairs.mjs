#!/usr/bin/env node
// Message latency of the local relay with paired clients, and how its cost grows with them: for each
// size (10, 100, 1,000 pairs by default) a fresh relay in a child process, 2 × N sockets with their own
// signed identities (25 per loopback source address, so the relay's per-address limits hold as for
// real visitors), each pair on its own topic (one side subscribed, as a dapp and a wallet after
// pairing). Then rounds: every pair publishes one message of about 1 KiB (an encrypted request's size)
// at once, and the time from each publish to its delivery (irn_subscription) on the other side is
// recorded (after a first round that warms up and is not counted). Prints p50 / p99 / max latency, deliveries per second, and the relay's resident memory and
// CPU time (from /proc) per client and per message.
//
//   node samples/relay/bench/pairs.mjs [--pairs 10,100,1000] [--rounds 20] [--gap 250]
//
// Client and relay share this machine's cores: the latency includes the clients' own time (one Node
// process reading 2 × N sockets). It prints figures and asserts nothing; samples/relay/*.int.test.ts
// test the behaviour.
import { readFileSync } from 'node:fs';
import { arg, closeAll, connect, payload, RELAY_SERVER, rss, sleep, startRelay, topic } from './harness.mjs';

const SIZES = arg('pairs', '10,100,1000').split(',').map(Number);
const ROUNDS = Number(arg('rounds', '20'));
const GAP_MS = Number(arg('gap', '250'));
const PER_ADDRESS = 25;

/** The relay process's CPU time (user + system), in ms. @param {number} pid */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // fields[11] utime, fields[12] stime (after the ") "), in clock ticks (100 a second on Linux)
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Opens `n` sockets, PER_ADDRESS per loopback source address, at most 8 at once per address (the relay's pending limit). */
async function openSockets(url, n) {
  const out = new Array(n);
  const from = (i) => {
    const a = Math.floor(i / PER_ADDRESS);
    return `127.1.${Math.floor(a / 250)}.${(a % 250) + 1}`;
  };
  for (let wave = 0; wave < PER_ADDRESS; wave += 8) {
    const batch = [];
    for (let i = 0; i < n; i++) {
      const k = i % PER_ADDRESS;
      if (k >= wave && k < wave + 8) batch.push(connect(url, from(i)).then((ws) => (out[i] = ws)));
    }
    await Promise.all(batch);
  }
  const refused = out.filter((ws) => !ws).length;
  if (refused) throw new Error(`${refused} of ${n} sockets were refused`);
  return out;
}

/** JSON-RPC over a socket: `call` answers, `onDelivery` gets each irn_subscription (answered true). */
function client(ws) {
  const waiting = new Map();
  let nextId = 1;
  let onDelivery = () => {};
  ws.on('message', (data) => {
    const f = JSON.parse(data.toString());
    if (f.method === 'irn_subscription') {
      ws.send(JSON.stringify({ id: f.id, jsonrpc: '2.0', result: true }));
      onDelivery(f.params.data);
    } else {
      waiting.get(f.id)?.(f);
      waiting.delete(f.id);
    }
  });
  return {
    call(method, params) {
      const id = nextId++;
      return new Promise((res) => {
        waiting.set(id, res);
        ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }));
      });
    },
    set onDelivery(fn) {
      onDelivery = fn;
    },
  };
}

async function run(pairs) {
  const relay = await startRelay(RELAY_SERVER, { RELAY_MAX_SOCKETS: String(2 * pairs + 100) });
  const sockets = [];
  try {
    const idleRss = rss(relay.pid);
    sockets.push(...(await openSockets(relay.url, 2 * pairs)));
    const clients = sockets.map(client);
    const topics = Array.from({ length: pairs }, () => topic());
    await Promise.all(topics.map((t, i) => clients[2 * i + 1].call('irn_subscribe', { topic: t })));
    await sleep(500);
    const connectedRss = rss(relay.pid);
    const latencies = [];
    const body = payload(1);
    let delivered = 0;
    let recording = false;
    let sent = new Map();
    topics.forEach((t, i) => {
      clients[2 * i + 1].onDelivery = (d) => {
        const at = sent.get(d.topic);
        if (at !== undefined && d.message.startsWith(`${d.topic.slice(0, 8)}:`)) {
          if (recording) latencies.push(performance.now() - at);
          delivered++;
        }
      };
    });
    let refused = 0;
    let cpu0 = 0;
    let t0 = 0;
    // round 0 warms up (first messages on fresh sockets and code paths) and is not counted
    for (let r = 0; r <= ROUNDS; r++) {
      if (r === 1) {
        recording = true;
        delivered = 0;
        refused = 0;
        cpu0 = cpuMs(relay.pid);
        t0 = performance.now();
      }
      sent = new Map();
      const answers = topics.map((t, i) => {
        sent.set(t, performance.now());
        return clients[2 * i].call('irn_publish', { topic: t, message: `${t.slice(0, 8)}:${r}:${body}`, ttl: 300, tag: 1108 });
      });
      refused += (await Promise.all(answers)).filter((a) => a.error).length;
      const want = (r === 0 ? 1 : r) * pairs - refused;
      for (let w = 0; w < 200 && delivered < want; w++) await sleep(10);
      await sleep(GAP_MS);
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu = cpuMs(relay.pid) - cpu0;
    latencies.sort((a, b) => a - b);
    const messages = ROUNDS * pairs;
    return {
      pairs,
      sockets: 2 * pairs,
      messages,
      delivered,
      refused,
      p50: pct(latencies, 50),
      p99: pct(latencies, 99),
      max: latencies[latencies.length - 1],
      deliveriesPerSecond: delivered / (seconds - (ROUNDS * GAP_MS) / 1000),
      cpuPerMessageMs: cpu / Math.max(1, delivered),
      rssPerClientKiB: (connectedRss - idleRss) / 1024 / (2 * pairs),
      rssMiB: connectedRss / 1024 / 1024,
    };
  } finally {
    await closeAll(sockets);
    await relay.stop();
  }
}

const rows = [];
for (const n of SIZES) {
  process.stdout.write(`${n} pairs… `);
  const r = await run(n);
  rows.push(r);
  console.log(`done (${r.delivered} of ${r.messages} delivered${r.refused ? `, ${r.refused} refused` : ''})`);
}
const f = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '—');
console.log(`\nrelay: one publish per pair at once, ${ROUNDS} rounds, ~1 KiB messages (latency: publish → delivery on the paired socket)`);
console.log('pairs  sockets  p50 ms  p99 ms  max ms  deliveries/s (burst)  relay CPU ms/msg  relay RSS MiB  RSS KiB/client');
for (const r of rows) {
  console.log(
    `${String(r.pairs).padStart(5)}  ${String(r.sockets).padStart(7)}  ${f(r.p50).padStart(6)}  ${f(r.p99).padStart(6)}  ${f(r.max).padStart(6)}  ${f(r.deliveriesPerSecond, 0).padStart(20)}  ${f(r.cpuPerMessageMs, 3).padStart(16)}  ${f(r.rssMiB).padStart(13)}  ${f(r.rssPerClientKiB).padStart(14)}`,
  );
}
const [first, last] = [rows[0], rows[rows.length - 1]];
if (rows.length > 1) {
  console.log(
    `growth ${first.pairs} → ${last.pairs} pairs (×${last.pairs / first.pairs}): p50 ×${f(last.p50 / first.p50)}, p99 ×${f(last.p99 / first.p99)}, CPU per message ×${f(last.cpuPerMessageMs / first.cpuPerMessageMs)}, memory per client ×${f(last.rssPerClientKiB / first.rssPerClientKiB)}`,
  );
}
