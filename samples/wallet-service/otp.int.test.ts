/**
 * The e-mail code checks in the service's own process, on PGlite in memory, where concurrent checks
 * can be started in one tick: every check takes an attempt atomically, so a burst of codes sent at
 * once compares no more codes than WALLET_CODE_MAX_ATTEMPTS (security review L2).
 */
import type { Db } from '../shared/db/open';
import { Accounts } from './src/accounts';
import { loadConfig } from './src/config';
import { EmailAuth } from './src/email-auth';
import { HttpError } from './src/errors';
import { Mailer } from './src/mail';
import { openWalletDb } from './src/migrations';
import { Tokens } from './src/tokens';
import { Wallets } from './src/wallet';

const PROJECT = { projectId: 'otp-test', origin: 'http://127.0.0.1:5999' };
const MAX_ATTEMPTS = 3;

let db: Db;
let auth: EmailAuth;
let mailer: Mailer;

beforeAll(async () => {
  const config = loadConfig(
    { WALLET_DEV: '1', WALLET_DATA_DIR: ':memory:', WALLET_DEV_OIDC: '0', WALLET_LOG: '0' },
    { projects: [{ projectId: PROJECT.projectId, origins: [PROJECT.origin] }], codeMaxAttempts: MAX_ATTEMPTS, resendIntervalSeconds: 0, devFundWei: '0' },
  );
  ({ db } = await openWalletDb(config.database));
  const tokens = new Tokens(db, config.sessionSecret, config.sessionTtlSeconds, config.sessionMaxAgeSeconds);
  const wallets = new Wallets(db, config.keks, config.chains);
  mailer = new Mailer(db, { smtpUrl: null, from: config.mailFrom, devMailbox: true });
  auth = new EmailAuth(db, config, new Accounts(db, config, tokens, wallets), mailer);
}, 120_000);

afterAll(async () => {
  await db?.close();
});

/** The outcome of a check: 'session', or the error code. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'session',
    (err: unknown) => {
      if (err instanceof HttpError) return err.code;
      throw err;
    },
  );

it('compares at most WALLET_CODE_MAX_ATTEMPTS codes when many checks arrive at once', async () => {
  const email = 'burst@example.com';
  const jkt = 'device-burst';
  const { flowId } = await auth.start({ email, jkt, ...PROJECT, ip: '192.0.2.1', session: undefined });
  const code = (await mailer.mailbox(email)).at(-1)!.code!;
  const wrong = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
  // twelve wrong codes and the right one last, all started before any has been answered
  const checks = [...wrong, code].map((otp, i) => outcome(auth.verify({ flowId: flowId!, otp, jkt, ip: `192.0.2.${10 + i}`, userAgent: null })));
  const results = await Promise.all(checks);
  // the first MAX_ATTEMPTS - 1 wrong ones are answered "invalid", the one that uses the last try locks the code,
  // and every later check, the right code among them, finds it locked
  expect(results.filter((r) => r === 'invalid_code')).toHaveLength(MAX_ATTEMPTS - 1);
  expect(results.at(-1)).toBe('locked');
  expect(results).not.toContain('session');
  const [row] = await db.query<{ attempts: number; stage: string }>(`SELECT attempts, stage FROM email_challenges WHERE id = $1`, [flowId]);
  expect(row).toEqual({ attempts: MAX_ATTEMPTS, stage: 'locked' });
}, 30_000);

it('still accepts the right code on the last allowed try', async () => {
  const email = 'last-try@example.com';
  const jkt = 'device-last-try';
  const { flowId } = await auth.start({ email, jkt, ...PROJECT, ip: '192.0.2.2', session: undefined });
  const code = (await mailer.mailbox(email)).at(-1)!.code!;
  const wrong = code === '000000' ? '111111' : '000000';
  const verify = (otp: string) => outcome(auth.verify({ flowId: flowId!, otp, jkt, ip: '192.0.2.3', userAgent: null }));
  expect([await verify(wrong), await verify(wrong), await verify(code)]).toEqual(['invalid_code', 'invalid_code', 'session']);
  expect(await verify(code)).toBe('flow_not_found');
});
