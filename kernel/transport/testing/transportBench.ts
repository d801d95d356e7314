/**
 * Figures for the HTTP and fallback transports against the misbehaving local
 * server (real sockets, Node's fetch). Printed, never asserted: run with
 * `node scripts/bench/transport.mjs` (bundles this file, runs it with --expose-gc).
 *
 * Uses only options that every version of the transports has, so the same file
 * measures the code before and after a change.
 */
import { fallback } from '../fallback';
import { http } from '../http';
import { startMisbehavingServer, type MisbehavingServer } from './misbehavingServer';

const MiB = 1024 * 1024;
const mib = (n: number): string => `${(n / MiB).toFixed(0)} MiB`;
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

interface Row {
  readonly case: string;
  readonly figure: string;
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return `value (${typeof err})`;
  return `${err.name}: ${err.message.slice(0, 90)}`;
}

/** Settles `p`, giving up (via `abort`) after `capMs`. */
async function timed<T>(p: (signal: AbortSignal) => Promise<T>, capMs: number): Promise<{ ms: number; outcome: string; value?: T; error?: unknown }> {
  const ac = new AbortController();
  const cap = setTimeout(() => ac.abort(), capMs);
  const start = performance.now();
  try {
    const value = await p(ac.signal);
    return { ms: performance.now() - start, outcome: 'resolved', value };
  } catch (error) {
    const ms = performance.now() - start;
    return { ms, outcome: ac.signal.aborted ? `still pending after ${capMs} ms (bench aborted it)` : describe(error), error };
  } finally {
    clearTimeout(cap);
  }
}

/** Peak RSS while `run` runs (sampled every 10 ms), and RSS / heap before and after (after GC). */
async function memory<T>(run: () => Promise<T>): Promise<{ before: NodeJS.MemoryUsage; peak: number; after: NodeJS.MemoryUsage; value: T }> {
  gc();
  const before = process.memoryUsage();
  let peak = before.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    const value = await run();
    peak = Math.max(peak, process.memoryUsage.rss());
    gc();
    await new Promise((r) => setTimeout(r, 50));
    gc();
    return { before, peak, after: process.memoryUsage(), value };
  } finally {
    clearInterval(sampler);
  }
}

async function hugeBody(server: MisbehavingServer, status: number, rows: Row[]): Promise<void> {
  server.reset();
  server.setDefault({ kind: 'big', bytes: 200 * MiB, status });
  const t = http(server.url, { retryCount: 0, timeout: 60_000 });
  const m = await memory(async () => {
    try {
      const v = await t.request<string>({ method: 'eth_getLogs', params: [{}] });
      return { kept: typeof v === 'string' ? v.length : 0, outcome: `resolved (${mib(typeof v === 'string' ? v.length : 0)} string)` };
    } catch (err) {
      const body = (err as { body?: unknown }).body;
      return { kept: typeof body === 'string' ? body.length : 0, outcome: describe(err), err };
    }
  });
  t.dispose();
  rows.push({
    case: `200 MiB body, status ${status}`,
    figure:
      `${m.value.outcome}; RSS ${mib(m.before.rss)} → peak ${mib(m.peak)} → ${mib(m.after.rss)} after GC; ` +
      `heap ${mib(m.before.heapUsed)} → ${mib(m.after.heapUsed)}; body kept: ${m.value.kept} chars`,
  });
  server.setDefault({ kind: 'ok' });
}

async function main(): Promise<void> {
  const [a, b] = await Promise.all([startMisbehavingServer(), startMisbehavingServer()]);
  const rows: Row[] = [];
  try {
    // 1. Memory with a 200 MiB answer, as a result and as an error body.
    await hugeBody(a, 200, rows);
    await hugeBody(a, 500, rows);

    // 2. A fallback over two hung nodes, members with a 200 ms per-attempt timeout (10 s in production).
    a.reset();
    b.reset();
    a.setDefault({ kind: 'hang' });
    b.setDefault({ kind: 'hang' });
    {
      const t = fallback([http(a.url, { timeout: 200 }), http(b.url, { timeout: 200 })]);
      const r = await timed((signal) => t.request({ method: 'eth_blockNumber' }, { signal }), 10_000);
      rows.push({
        case: 'fallback, 2 hung nodes, 200 ms attempts',
        figure: `${r.outcome} after ${r.ms.toFixed(0)} ms (${a.requests.length + b.requests.length} POSTs)`,
      });
      t.dispose();
    }

    // 3. Retry-After on a 429: a long wait, a huge value, a negative one.
    for (const value of ['3600', 'Fri, 31 Dec 9999 23:59:59 GMT', '99999999999', '-5', 'soon']) {
      a.reset();
      a.enqueue(
        { kind: 'status', status: 429, headers: { 'Retry-After': value } },
        { kind: 'status', status: 429, headers: { 'Retry-After': value } },
        { kind: 'status', status: 429, headers: { 'Retry-After': value } },
      );
      const t = http(a.url);
      const r = await timed((signal) => t.request({ method: 'eth_chainId' }, { signal }), 3000);
      const gaps = a.requests.slice(1).map((q, i) => q.at - a.requests[i]!.at);
      rows.push({
        case: `429 with Retry-After: ${value}`,
        figure: `${r.outcome === 'resolved' ? `resolved ${JSON.stringify(r.value)}` : r.outcome} after ${r.ms.toFixed(0)} ms; gaps between attempts: [${gaps.join(', ')}] ms`,
      });
      t.dispose();
    }

    // 4. A single call answered with another id (or none), for a read and a send.
    for (const how of ['wrongId', 'noId'] as const) {
      for (const method of ['eth_blockNumber', 'eth_sendRawTransaction']) {
        a.reset();
        a.setDefault({ kind: 'tamper', how });
        const t = http(a.url, { retryDelay: 10 });
        const r = await timed((signal) => t.request({ method, params: method === 'eth_blockNumber' ? [] : ['0x02'] }, { signal }), 3000);
        rows.push({
          case: `${method} answered with ${how}`,
          figure: `${r.outcome === 'resolved' ? `ACCEPTED ${JSON.stringify(r.value).slice(0, 30)}` : r.outcome} (${a.requests.length} POST${a.requests.length === 1 ? '' : 's'})`,
        });
        t.dispose();
      }
    }
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
  const w = Math.max(...rows.map((r) => r.case.length));
  console.log('');
  for (const r of rows) console.log(`${r.case.padEnd(w)}  ${r.figure}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
