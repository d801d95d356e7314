/**
 * The wallet service's throughput (`npm run bench:servers`, LATCHKEY_BENCH=1; skipped in `npm test`, where
 * postgres.int.test.ts covers two processes on one database): e-mail logins (start, the code from the dev
 * mailbox, verify: a new wallet each) and personal_sign signatures per second, with their p50 / p99 latency,
 * with one and with three processes on one PostgreSQL (Debian's, throwaway). Requests go round-robin over the
 * processes from CONCURRENCY clients at once, each with its own client IP (WALLET_TRUST_PROXY=1), so the
 * per-IP limits do not throttle the figures; the per-address quotas are raised for the same reason. Clients
 * and services share this machine's cores.
 */
import { verifyMessage } from 'viem';
import { startPostgres, type TestPostgres } from '../../tests/support/postgres';
import { startAnvil, type Anvil } from './testing/anvil';
import { FrameClient, startServiceProcess, testServiceEnv, type ServiceProcess } from './testing/service';

const BENCH = process.env.LATCHKEY_BENCH === '1';
const ORIGIN = 'http://127.0.0.1:5997';
const PROJECT = { projectId: 'bench', origin: ORIGIN };
const CONCURRENCY = 12;
const LOGINS = 96;
const SIGNATURES = 600;

let postgres: TestPostgres;
let anvil: Anvil;

function env(): Record<string, string> {
  return testServiceEnv(PROJECT, { chainId: 31337, rpcUrl: anvil.url }, {
    DATABASE_URL: postgres.url,
    WALLET_TRUST_PROXY: '1',
    WALLET_RATE_IP_PER_HOUR: '1000000',
    WALLET_RATE_VERIFY_PER_IP: '1000000',
    WALLET_RATE_API_PER_IP: '1000000',
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Runs `job(i)` for i in 0..n-1 from `CONCURRENCY` workers; returns each job's time and the whole run's seconds. */
async function timed(n: number, job: (i: number) => Promise<void>): Promise<{ perSecond: number; p50: number; p99: number }> {
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < n; i = next++) {
        const t = performance.now();
        await job(i);
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { perSecond: n / seconds, p50: pct(times, 50), p99: pct(times, 99) };
}

let run = 0;
async function measure(processes: number) {
  const services: ServiceProcess[] = await Promise.all(Array.from({ length: processes }, () => startServiceProcess(env())));
  try {
    run++;
    const ip = (i: number) => `10.${run}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const clients: FrameClient[] = [];
    const logins = await timed(LOGINS, async (i) => {
      const c = await FrameClient.create(services[i % processes]!.url, ip(i));
      await c.emailLogin(`bench-${run}-${i}@example.com`, PROJECT);
      clients[i] = c;
    });
    // each client signs through every process in turn (its session is the database's, not a process's)
    const through = clients.map((c, i) => services.map((s) => c.on(s.url, ip(i))));
    const addresses = await Promise.all(clients.map(async (c) => ((await c.call('/v1/session')) as { user: { address: string } }).user.address));
    let checked = false;
    const signatures = await timed(SIGNATURES, async (i) => {
      const k = i % clients.length;
      const message = `0x${i.toString(16).padStart(4, '0')}`;
      const { result } = await through[k]![i % processes]!.call<{ result: `0x${string}` }>('/v1/wallet/sign', { chainId: 31337, method: 'personal_sign', params: [message, addresses[k]] });
      if (!checked) {
        checked = true;
        expect(await verifyMessage({ address: addresses[k] as `0x${string}`, message: { raw: message as `0x${string}` }, signature: result })).toBe(true);
      }
    });
    return { processes, logins, signatures };
  } catch (err) {
    for (const s of services) console.error(`wallet service ${s.pid}:\n${s.output().slice(-3000)}`);
    throw err;
  } finally {
    await Promise.allSettled(services.map((s) => s.stop()));
  }
}

beforeAll(async () => {
  if (!BENCH) return;
  const [pgServer, chain] = await Promise.all([startPostgres(), startAnvil(31337)]);
  if (!pgServer) throw new Error("PostgreSQL is not installed (.ci/run installs Debian's postgresql)");
  postgres = pgServer;
  anvil = chain;
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
  await postgres?.stop();
}, 30_000);

// Figures only under `npm run bench:servers`: three processes and hundreds of requests take a minute.
(BENCH ? it : it.skip)('prints logins and signatures per second with one and three processes on one PostgreSQL (figures)', async () => {
  const rows = [await measure(1), await measure(3)];
  const f = (v: number, d = 1) => v.toFixed(d);
  console.log(
    [
      `wallet service on one PostgreSQL (${CONCURRENCY} clients at once, round-robin over the processes; ${LOGINS} logins: start, code from the dev mailbox, verify, a new wallet each; ${SIGNATURES} personal_sign)`,
      'processes  logins/s  login p50 ms  login p99 ms  signatures/s  sign p50 ms  sign p99 ms',
      ...rows.map(
        (r) =>
          `${String(r.processes).padStart(9)}  ${f(r.logins.perSecond).padStart(8)}  ${f(r.logins.p50).padStart(12)}  ${f(r.logins.p99).padStart(12)}  ${f(r.signatures.perSecond).padStart(12)}  ${f(r.signatures.p50).padStart(11)}  ${f(r.signatures.p99).padStart(11)}`,
      ),
      `growth 1 → 3 processes: logins/s ×${f(rows[1]!.logins.perSecond / rows[0]!.logins.perSecond, 2)}, signatures/s ×${f(rows[1]!.signatures.perSecond / rows[0]!.signatures.perSecond, 2)} (this machine has ${require('node:os').cpus().length} cores, shared with the clients)`,
    ].join('\n'),
  );
  for (const r of rows) {
    expect(r.logins.perSecond).toBeGreaterThan(0);
    expect(r.signatures.perSecond).toBeGreaterThan(0);
  }
}, 600_000);
