/**
 * The wallet service on PostgreSQL (Debian's package, a throwaway server): two processes on one
 * database serve the same users (login through one, sign through the other; limits, revocations and
 * the dev mailbox are shared), a restart loses nothing, and mail goes out over SMTP (nodemailer to a
 * local smtp-server).
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { verifyMessage } from 'viem';
import { startPostgres, type TestPostgres } from '../../tests/support/postgres';
import { MIGRATIONS } from './src/migrations';
import { startAnvil, type Anvil } from './testing/anvil';
import { FrameClient, latestCode, startServiceProcess, testServiceEnv, type ServiceProcess } from './testing/service';

const ORIGIN = 'http://127.0.0.1:5998';
const PROJECT = { projectId: 'pg-test', origin: ORIGIN };

let postgres: TestPostgres;
let anvil: Anvil;
let a: ServiceProcess;
let b: ServiceProcess;
let smtp: SMTPServer;
let smtpPort: number;
const smtpMail: string[] = [];

function env(): Record<string, string> {
  return testServiceEnv(PROJECT, { chainId: 31337, rpcUrl: anvil.url }, {
    DATABASE_URL: postgres.url,
    WALLET_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    WALLET_MAIL_FROM: 'Wallet <wallet@test.example>',
    WALLET_RESEND_INTERVAL: '30',
  });
}

beforeAll(async () => {
  const t = Date.now();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        smtpMail.push(raw);
        done();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  const [pgServer, chain] = await Promise.all([startPostgres(), startAnvil(31337)]);
  if (!pgServer) throw new Error("PostgreSQL is not installed (.ci/run installs Debian's postgresql)");
  postgres = pgServer;
  anvil = chain;
  // two processes starting together on an empty database: the migration runs once (advisory lock)
  [a, b] = await Promise.all([startServiceProcess(env()), startServiceProcess(env())]);
  console.log(`setup (PostgreSQL, anvil, SMTP, two wallet-service processes): ${Date.now() - t} ms`);
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([a?.stop(), b?.stop(), anvil?.stop()]);
  await postgres?.stop();
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
}, 30_000);

it('applies the migrations once for two processes', async () => {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT version FROM schema_migrations ORDER BY version');
    // each migration once (a second row of a version would be the two processes both applying it)
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
  } finally {
    await client.end();
  }
});

it('logs in through one process and signs through the other', async () => {
  const viaA = await FrameClient.create(a.url);
  const grant = await viaA.emailLogin('two@example.com', PROJECT);
  const viaB = viaA.on(b.url);
  expect((await viaB.call('/v1/session')).user).toEqual(grant.user);
  const t = performance.now();
  const sig = (await viaB.call('/v1/wallet/sign', { chainId: 31337, method: 'personal_sign', params: ['0x6869', grant.user.address] })).result;
  const first = performance.now() - t;
  expect(await verifyMessage({ address: grant.user.address as `0x${string}`, message: 'hi', signature: sig })).toBe(true);
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t1 = performance.now();
    await viaB.call('/v1/wallet/sign', { chainId: 31337, method: 'personal_sign', params: [`0x${i.toString(16).padStart(2, '0')}`, grant.user.address] });
    times.push(performance.now() - t1);
  }
  times.sort((x, y) => x - y);
  console.log(`personal_sign through the other process (PostgreSQL): first ${first.toFixed(1)} ms, then median ${times[10]!.toFixed(1)} ms, p90 ${times[18]!.toFixed(1)} ms (20 calls)`);
  // a sign-out through B holds in A too
  await viaB.call('/v1/session/signout');
  expect((await viaA.fails('/v1/session')).code).toBe('session_revoked');
});

it('shares codes, limits and the mailbox between processes', async () => {
  const email = 'shared@example.com';
  const viaA = await FrameClient.create(a.url);
  const start = await viaA.call('/v1/auth/email/start', { ...PROJECT, email });
  // the resend interval counted by A stops a request through B
  const again = await (await FrameClient.create(b.url)).fails('/v1/auth/email/start', { ...PROJECT, email });
  expect(again.message).toMatch(/^Please try again after \d+ seconds$/);
  // the code mailed by A, read from B's mailbox, checked by B
  const code = await latestCode(b.url, email);
  const viaB = viaA.on(b.url);
  const grant = await viaB.call('/v1/auth/email/verify', { flowId: start.flowId, otp: code });
  expect(grant.user.email).toBe(email);
});

it('sends the codes over SMTP too', async () => {
  const viaA = await FrameClient.create(a.url);
  await viaA.call('/v1/auth/email/start', { ...PROJECT, email: 'smtp@example.com' });
  const code = await latestCode(a.url, 'smtp@example.com');
  for (let i = 0; i < 50 && !smtpMail.some((m) => m.includes(code)); i++) await new Promise((r) => setTimeout(r, 50));
  const mail = smtpMail.find((m) => m.includes(code));
  expect(mail).toBeDefined();
  expect(mail).toMatch(/^To: smtp@example\.com/m);
  expect(mail).toMatch(/^From: Wallet <wallet@test\.example>/m);
  expect(mail).toContain(`Subject: ${code} is your wallet code`);
});

it('keeps the keys encrypted at rest, and everything across a restart of both processes', async () => {
  const viaA = await FrameClient.create(a.url);
  const grant = await viaA.emailLogin('restart@example.com', PROJECT);
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT address, kek_id, wrapped_dek, encrypted_key FROM wallet_keys WHERE address = $1', [grant.user.address]);
    expect(rows).toHaveLength(1);
    expect(rows[0].kek_id).toBe('t1');
    expect(rows[0].encrypted_key.length).toBe(12 + 32 + 16); // nonce, key, tag: no plaintext column anywhere
    const columns = await client.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'wallet_keys' ORDER BY column_name`);
    expect(columns.rows.map((r) => r.column_name)).toEqual(['address', 'created_at', 'encrypted_key', 'kek_id', 'user_id', 'wrapped_dek']);
  } finally {
    await client.end();
  }
  await Promise.all([a.stop(), b.stop()]);
  [a, b] = await Promise.all([startServiceProcess(env()), startServiceProcess(env())]);
  const viaB = viaA.on(b.url);
  expect((await viaB.call('/v1/session')).user).toEqual(grant.user);
  const sig = (await viaB.call('/v1/wallet/sign', { chainId: 31337, method: 'personal_sign', params: ['0x6f6b', grant.user.address] })).result;
  expect(await verifyMessage({ address: grant.user.address as `0x${string}`, message: 'ok', signature: sig })).toBe(true);
}, 60_000);

it('refuses to open the keys with another key-encryption key', async () => {
  const viaA = await FrameClient.create(a.url);
  const grant = await viaA.emailLogin('wrongkek@example.com', PROJECT);
  const other = await startServiceProcess({ ...env(), WALLET_LOG: '1', WALLET_KEK: `t2:${Buffer.alloc(32, 1).toString('base64')}` });
  try {
    const err = await viaA.on(other.url).fails('/v1/wallet/sign', { chainId: 31337, method: 'personal_sign', params: ['0x00', grant.user.address] });
    expect([err.status, err.code]).toEqual([500, 'key_unavailable']);
    expect(other.output()).toMatch(/key-encryption key "t1" is not configured/);
  } finally {
    await other.stop();
  }
}, 60_000);
