/**
 * Scaling model on a real PostgreSQL (Debian's, tests/support/postgres.ts): two data-service
 * processes (`node server.mjs`) share one database. Migrations run once although both start
 * together; exactly one process holds the indexer's advisory lock and writes; both serve the API
 * from the shared database; when the leader stops, the other takes over and keeps indexing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { parseEther } from 'viem';
import { deployDevContracts } from '../contracts/deploy';
import { getFreePorts } from '../../tests/support/ports';
import { startPostgres, type TestPostgres } from '../../tests/support/postgres';
import { PROJECT_ID, REPO_ROOT, call, chainClients, devContracts, startAnvilNode, type AnvilNode } from './testing/harness';

const CHAIN = 31337;

interface ServiceProcess {
  readonly url: string;
  readonly child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

async function startProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'samples/data-service/server.mjs'), '--json'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const info = await new Promise<{ url: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`data service did not start:\n${out}`)), 60_000);
    const onData = () => {
      const line = out.split('\n').find((l) => l.startsWith('LATCHKEY_DATA '));
      if (line) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve(JSON.parse(line.slice('LATCHKEY_DATA '.length)));
      }
    };
    child.stdout!.on('data', onData);
    void exited.then(() => reject(new Error(`data service exited:\n${out}`)));
  });
  return {
    url: info.url,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    },
  };
}

let postgres: TestPostgres | undefined;
let node: AnvilNode;
let procs: ServiceProcess[] = [];

beforeAll(async () => {
  postgres = await startPostgres({ database: 'data_service' });
  if (!postgres) throw new Error("PostgreSQL is not installed (.ci/run installs Debian's postgresql)");
  node = await startAnvilNode({ chainId: CHAIN });
  const ports = await getFreePorts(2);
  const env = (port: number) => ({
    DATABASE_URL: postgres!.url,
    DATA_PORT: String(port),
    DATA_CHAINS: `${CHAIN}=${node.url}`,
    DATA_PROJECT_IDS: PROJECT_ID,
    DATA_POLL_MS: '25',
    DATA_LEADER_RETRY_MS: '200',
    DATA_DB_POOL: '4',
    DATA_LOG: '1',
  });
  // both at once: they race for the migrations and for the indexer lock
  procs = await Promise.all(ports.map((p) => startProcess(env(p))));
}, 120_000);

afterAll(async () => {
  await Promise.all(procs.map((p) => p.stop()));
  await node?.stop();
  await postgres?.stop();
}, 30_000);

const health = async (p: ServiceProcess) => (await call(p.url, '/health', { raw: true })).body;

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

it('applies the migrations once although both processes started together', async () => {
  const client = new pg.Client({ connectionString: postgres!.url });
  await client.connect();
  try {
    const { rows } = await client.query('select version from schema_migrations order by version');
    expect(rows.map((r) => r.version)).toEqual([1]);
  } finally {
    await client.end();
  }
  const applied = procs.map((p) => /applied migrations 1/.test(p.output()));
  expect(applied.filter(Boolean)).toHaveLength(1);
});

it('has exactly one indexer writing (the advisory lock holder); both processes serve the same answers', async () => {
  await waitUntil(async () => (await Promise.all(procs.map(health))).some((h) => h.indexer.leader), 10_000);
  const leaders = (await Promise.all(procs.map(health))).map((h) => h.indexer.leader);
  expect(leaders.filter(Boolean)).toHaveLength(1);
  // PostgreSQL agrees: one session holds the indexer's advisory lock
  const client = new pg.Client({ connectionString: postgres!.url });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from pg_locks where locktype = 'advisory' and granted");
    expect(rows[0].n).toBe(1);
  } finally {
    await client.end();
  }

  const dev = await deployDevContracts({ rpcUrl: node.url, chainId: CHAIN, contracts: await devContracts(), nftBaseUri: (a) => `${procs[0]!.url}/v1/nft/eip155:${CHAIN}/${a}/` });
  const head = Number.parseInt(await node.rpc('eth_blockNumber'), 16);
  await waitUntil(async () => (await Promise.all(procs.map(health))).every((h) => h.indexer.chains[0].indexed === head), 20_000);
  const answers = await Promise.all(
    procs.map(async (p) => JSON.stringify((await call(p.url, `/v1/account/${dev.accounts[0]}/history`)).body).split(p.url).join('<base>')),
  );
  expect(JSON.parse(answers[0]!).data).toHaveLength(5);
  expect(answers[1]).toBe(answers[0]);
  const balances = await Promise.all(procs.map(async (p) => (await call(p.url, `/v1/account/${dev.accounts[0]}/balance?chainId=eip155:${CHAIN}`)).body.balances[1]));
  expect(balances.map((b) => b.quantity.numeric)).toEqual(['1025', '1025']);
  // only the leader logged that it leads
  expect(procs.filter((p) => p.output().includes('indexer: leader'))).toHaveLength(1);
}, 60_000);

it('hands the indexer over when the leader stops', async () => {
  const hs = await Promise.all(procs.map(health));
  const leader = procs[hs.findIndex((h) => h.indexer.leader)]!;
  const standby = procs.find((p) => p !== leader)!;
  await leader.stop();
  const t0 = Date.now();
  await waitUntil(async () => (await health(standby)).indexer.leader === true, 10_000);
  const takeoverMs = Date.now() - t0;
  const clients = chainClients(node);
  const [from, to] = (await node.rpc<string[]>('eth_accounts')) as `0x${string}`[];
  const tx = await clients.sendEth(to!, from!, parseEther('0.001'));
  await waitUntil(async () => (await call(standby.url, `/v1/account/${from}/history?limit=1`)).body.data[0]?.metadata.hash === tx.transactionHash, 10_000);
  console.log(`PostgreSQL, two processes: the standby took the indexer over ${takeoverMs} ms after the leader stopped (retry every 200 ms)`);
}, 30_000);
