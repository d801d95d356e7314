/**
 * The wallet service's HTTP API against its real parts: the service as a child process on PGlite (a
 * data directory), anvil, the dev mailbox. Drives the API as the frame does (device key, proofs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, http, parseEther, recoverMessageAddress, recoverTypedDataAddress, verifyMessage } from 'viem';
import { startAnvil, type Anvil } from './testing/anvil';
import { ApiError } from './frame/api';
import { signProof, randomId, sha256b64url } from './frame/device';
import { FrameClient, latestCode, mailbox, startServiceProcess, testServiceEnv, type ServiceProcess } from './testing/service';

const ORIGIN = 'http://127.0.0.1:5999';
const PROJECT = { projectId: 'int-test', origin: ORIGIN };
const CODE_TTL = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let anvil: Anvil;
let service: ServiceProcess;
let dataDir: string;
let ipN = 0;
/** Each test talks from its own client IP (WALLET_TRUST_PROXY=1), so per-IP limits do not collide. */
const nextIp = () => `10.0.${Math.floor(++ipN / 250)}.${ipN % 250}`;
const client = (ip = nextIp()) => FrameClient.create(service.url, ip);

function env(): Record<string, string> {
  return testServiceEnv(PROJECT, { chainId: 31337, name: 'Anvil', rpcUrl: anvil.url }, {
    WALLET_DATA_DIR: dataDir,
    WALLET_TRUST_PROXY: '1',
    WALLET_CODE_TTL: String(CODE_TTL),
    WALLET_CODE_MAX_ATTEMPTS: '3',
    WALLET_LOCKOUT: '120',
    WALLET_RESEND_INTERVAL: '1',
    WALLET_RATE_EMAIL_PER_HOUR: '2',
    WALLET_RATE_IP_PER_HOUR: '5',
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lk-wallet-int-'));
  anvil = await startAnvil(31337);
  const t = Date.now();
  service = await startServiceProcess(env());
  console.log(`wallet service start (PGlite, fresh data dir): ${Date.now() - t} ms; frame JS ${service.frameJsBytes} B, ${(service.frameJsGzipBytes / 1024).toFixed(1)} KiB gzip`);
}, 90_000);

afterAll(async () => {
  await service?.stop();
  await anvil?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('frame init and the allowlist', () => {
  it('answers an allowlisted origin with the chains, and the config errors otherwise', async () => {
    const c = await client();
    const init = await c.call('/v1/frame/init', PROJECT);
    expect(init.chains).toEqual([{ chainId: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }]);
    expect(init.accountTypes).toEqual(['eoa']);
    expect(init.approvalMode).toBe('value'); // the default: transactions, call bundles and typed data in the wallet window
    expect(Math.abs(init.serverTime - Date.now() / 1000)).toBeLessThan(5);
    const wrongOrigin = await c.fails('/v1/frame/init', { ...PROJECT, origin: 'http://127.0.0.1:6000' });
    expect([wrongOrigin.status, wrongOrigin.message]).toEqual([403, 'Unauthorized: origin not allowed']);
    const wrongProject = await c.fails('/v1/frame/init', { ...PROJECT, projectId: 'nope' });
    expect([wrongProject.status, wrongProject.message]).toEqual([403, 'Unauthorized: invalid key']);
    const login = await c.fails('/v1/auth/email/start', { projectId: 'int-test', origin: 'http://evil.example', email: 'x@example.com' });
    expect(login.message).toBe('Unauthorized: origin not allowed');
  });

  it('checks every window above the dapp page against the allowlist too', async () => {
    const c = await client();
    expect((await c.call('/v1/frame/init', { ...PROJECT, ancestors: [ORIGIN] })).accountTypes).toEqual(['eoa']);
    const nested = await c.fails('/v1/frame/init', { ...PROJECT, ancestors: [ORIGIN, 'https://other-site.example'] });
    expect([nested.status, nested.message]).toEqual([403, 'Unauthorized: origin not allowed']);
    expect((await c.fails('/v1/frame/init', { ...PROJECT, ancestors: ['null'] })).message).toBe('Unauthorized: origin not allowed');
  });
});

describe('device proofs', () => {
  const post = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${service.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp(), ...headers }, body });

  it('refuses a call without a proof, a replayed proof, a proof for another body, and cross-origin browsers', async () => {
    const c = await client();
    const body = JSON.stringify(PROJECT);
    expect((await post('/v1/frame/init', body, {})).status).toBe(401);
    const proof = await signProof(c.device, {
      htm: 'POST',
      htu: `${service.url}/v1/frame/init`,
      bh: await sha256b64url(body),
      iat: Math.floor(Date.now() / 1000),
      jti: randomId(),
    });
    expect((await post('/v1/frame/init', body, { dpop: proof })).status).toBe(200);
    const replay = await post('/v1/frame/init', body, { dpop: proof });
    expect([replay.status, (await replay.json()).error.code]).toEqual([401, 'proof_replayed']);
    const other = await signProof(c.device, { htm: 'POST', htu: `${service.url}/v1/frame/init`, bh: await sha256b64url('{}'), iat: Math.floor(Date.now() / 1000), jti: randomId() });
    expect((await (await post('/v1/frame/init', body, { dpop: other })).json()).error.code).toBe('proof_invalid');
    const stale = await signProof(c.device, { htm: 'POST', htu: `${service.url}/v1/frame/init`, bh: await sha256b64url(body), iat: Math.floor(Date.now() / 1000) - 3600, jti: randomId() });
    expect((await (await post('/v1/frame/init', body, { dpop: stale })).json()).error.code).toBe('proof_stale');
    const fresh = await signProof(c.device, { htm: 'POST', htu: `${service.url}/v1/frame/init`, bh: await sha256b64url(body), iat: Math.floor(Date.now() / 1000), jti: randomId() });
    const cross = await post('/v1/frame/init', body, { dpop: fresh, origin: 'http://127.0.0.1:5999' });
    expect([cross.status, (await cross.json()).error.code]).toEqual([403, 'cross_origin']);
    expect((await fetch(`${service.url}/v1/frame/init`, { method: 'OPTIONS' })).status).toBe(403);
  });

  it('binds a session to its device: the token alone (as the page gets it) is useless', async () => {
    const owner = await client();
    await owner.emailLogin('bound@example.com', PROJECT);
    const thief = await client();
    thief.api.token = owner.api.token;
    const err = await thief.fails('/v1/session');
    expect([err.status, err.code]).toEqual([401, 'session_wrong_device']);
    expect((await owner.call('/v1/session')).user.email).toBe('bound@example.com');
  });
});

describe('e-mail login', () => {
  it('makes an account and a key on the first code, and the same one on the next login', async () => {
    const c = await client();
    const t = Date.now();
    const grant = await c.emailLogin('Alice@Example.com', PROJECT);
    console.log(`e-mail login over the API (code request → session): ${Date.now() - t} ms`);
    expect(grant.user.email).toBe('alice@example.com');
    expect(grant.user.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const mail = (await mailbox(service.url, 'alice@example.com')).at(-1)!;
    expect(mail.subject).toMatch(/^\d{6} is your wallet code$/);
    expect(mail.text).toContain(mail.code!);
    // same device after signing out: a known device gets VERIFY_OTP, and the same wallet
    await c.call('/v1/session/signout');
    c.api.token = undefined;
    await sleep(1100);
    const again = await c.emailLogin('alice@example.com', PROJECT);
    expect(again.user.address).toBe(grant.user.address);
  });

  it('answers CONNECT to a device that is already logged in with that address', async () => {
    const c = await client();
    await c.emailLogin('connected@example.com', PROJECT);
    const r = await c.call('/v1/auth/email/start', { ...PROJECT, email: 'connected@example.com' });
    expect(r).toEqual({ action: 'CONNECT', flowId: null });
  });

  it('lets a code expire', async () => {
    const c = await client();
    const r = await c.call('/v1/auth/email/start', { ...PROJECT, email: 'late@example.com' });
    const code = await latestCode(service.url, 'late@example.com');
    await sleep(CODE_TTL * 1000 + 200);
    const err = await c.fails('/v1/auth/email/verify', { flowId: r.flowId, otp: code });
    expect([err.status, err.code, err.message]).toEqual([400, 'code_expired', 'The code has expired: ask for a new one']);
  });

  it('locks the address out after too many wrong codes, even for the right one', async () => {
    const c = await client();
    const r = await c.call('/v1/auth/email/start', { ...PROJECT, email: 'guess@example.com' });
    const code = await latestCode(service.url, 'guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const e1 = await c.fails('/v1/auth/email/verify', { flowId: r.flowId, otp: wrong });
    expect(e1.message).toBe('Invalid code: 2 attempts left');
    expect((await c.fails('/v1/auth/email/verify', { flowId: r.flowId, otp: 'abc' })).message).toBe('Invalid code: 1 attempt left');
    const e3 = await c.fails('/v1/auth/email/verify', { flowId: r.flowId, otp: wrong });
    expect([e3.status, e3.code, e3.message]).toEqual([429, 'locked', 'Too many wrong codes: try again in 2 minutes']);
    const right = await c.fails('/v1/auth/email/verify', { flowId: r.flowId, otp: code });
    expect(right.code).toBe('locked');
    // a new code cannot be requested either, from any device or network
    const other = await client();
    const again = await other.fails('/v1/auth/email/start', { ...PROJECT, email: 'guess@example.com' });
    expect([again.status, again.code]).toEqual([429, 'locked']);
    expect(again.retryAfterSeconds).toBeGreaterThan(100);
  });

  it('limits codes per address: one per interval, then per hour', async () => {
    const email = 'limited@example.com';
    const first = await client();
    await first.call('/v1/auth/email/start', { ...PROJECT, email });
    const soon = await (await client()).fails('/v1/auth/email/start', { ...PROJECT, email });
    expect([soon.status, soon.message]).toEqual([429, 'Please try again after 1 seconds']);
    await sleep(1100);
    await (await client()).call('/v1/auth/email/start', { ...PROJECT, email }); // second of 2 per hour
    await sleep(1100);
    const hourly = await (await client()).fails('/v1/auth/email/start', { ...PROJECT, email });
    expect([hourly.status, hourly.message]).toEqual([429, 'Too many codes sent to this address: try again in 60 minutes']);
  });

  it('limits codes per client IP', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) await (await client(ip)).call('/v1/auth/email/start', { ...PROJECT, email: `ip${i}@example.com` });
    const sixth = await (await client(ip)).fails('/v1/auth/email/start', { ...PROJECT, email: 'ip5@example.com' });
    expect([sixth.status, sixth.message]).toEqual([429, 'Too many codes requested from your network: try again in 60 minutes']);
    // another network is not affected
    expect((await (await client()).call('/v1/auth/email/start', { ...PROJECT, email: 'ip5@example.com' })).action).toBe('VERIFY_OTP');
  });

  it('counts every IPv6 address of one /64 as one client', async () => {
    // five addresses of 2001:db8:64:1::/64 share its quota of 5; the next /64 has its own
    for (let i = 0; i < 5; i++) await (await client(`2001:db8:64:1::${i + 1}`)).call('/v1/auth/email/start', { ...PROJECT, email: `v6-${i}@example.com` });
    const sixth = await (await client('2001:db8:64:1:ffff:ffff:ffff:fffe')).fails('/v1/auth/email/start', { ...PROJECT, email: 'v6-5@example.com' });
    expect([sixth.status, sixth.message]).toEqual([429, 'Too many codes requested from your network: try again in 60 minutes']);
    expect((await (await client('2001:db8:64:2::1')).call('/v1/auth/email/start', { ...PROJECT, email: 'v6-5@example.com' })).action).toBe('VERIFY_OTP');
  });

  it("keeps the owner's devices getting codes while another device uses up the address's quota", async () => {
    const email = 'targeted@example.com';
    const owner = await client();
    await owner.emailLogin(email, PROJECT); // 1 of the owner's 2 this hour
    await owner.call('/v1/session/signout');
    owner.api.token = undefined;
    // someone else asks for the address from a device the account has never verified, until refused
    const other = await client();
    expect((await other.call('/v1/auth/email/start', { ...PROJECT, email })).action).toBe('VERIFY_DEVICE');
    await sleep(1100);
    expect((await (await client()).call('/v1/auth/email/start', { ...PROJECT, email })).action).toBe('VERIFY_DEVICE');
    await sleep(1100);
    const refused = await (await client()).fails('/v1/auth/email/start', { ...PROJECT, email });
    expect([refused.status, refused.message]).toEqual([429, 'Too many codes sent to this address: try again in 60 minutes']);
    // the owner's device still gets its code and logs in
    expect((await owner.call('/v1/auth/email/start', { ...PROJECT, email })).action).toBe('VERIFY_OTP');
  }, 20_000);

  it('asks a new device of an existing account to be approved by the link in an e-mail (VERIFY_DEVICE)', async () => {
    const email = 'devices@example.com';
    const first = await client();
    const grant = await first.emailLogin(email, PROJECT);
    await sleep(1100);
    const second = await client();
    const r = await second.call('/v1/auth/email/start', { ...PROJECT, email });
    expect(r.action).toBe('VERIFY_DEVICE');
    const link = (await mailbox(service.url, email)).at(-1)!.link!;
    expect(link).toMatch(new RegExp(`^${service.url}/device/approve\\?token=`));
    // nothing but the approval gets it further: a code cannot be checked yet
    expect((await second.fails('/v1/auth/email/verify', { flowId: r.flowId, otp: '123456' })).code).toBe('wrong_step');
    const page = await (await fetch(link)).text();
    expect(page).toContain('Approve this device');
    expect(page).toContain(ORIGIN);
    const waiting = second.call('/v1/auth/email/device', { flowId: r.flowId });
    await sleep(300);
    const token = new URL(link).searchParams.get('token')!;
    const approved = await fetch(`${service.url}/device/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: service.url },
      body: `token=${token}`,
    });
    expect(approved.status).toBe(200);
    expect(await waiting).toEqual({ action: 'VERIFY_OTP' });
    const code = (await mailbox(service.url, email)).at(-1)!.code!;
    const g2 = await second.call('/v1/auth/email/verify', { flowId: r.flowId, otp: code });
    expect(g2.user.address).toBe(grant.user.address);
  });
});

describe('sessions', () => {
  it('refreshes a token, and signs out by revoking it', async () => {
    const c = await client();
    await c.emailLogin('signout@example.com', PROJECT);
    const old = c.api.token!;
    const fresh = await c.call('/v1/session/refresh');
    c.api.token = fresh.token;
    expect((await c.call('/v1/session')).user.email).toBe('signout@example.com');
    c.api.token = old;
    expect((await c.fails('/v1/session')).code).toBe('session_revoked');
    c.api.token = fresh.token;
    expect(await c.call('/v1/session/signout')).toEqual({ ok: true });
    expect((await c.fails('/v1/session')).code).toBe('session_revoked');
    expect((await c.fails('/v1/wallet/sign', { chainId: 31337, method: 'personal_sign', params: ['0x68690a', '0x0000000000000000000000000000000000000000'] })).status).toBe(401);
  });
});

describe('e-mail change', () => {
  it('verifies the current address, then the new one, and returns newEmail', async () => {
    const c = await client();
    const before = await c.emailLogin('old@example.com', PROJECT);
    const r = await c.call('/v1/email/update', { email: 'new@example.com' });
    expect(r.action).toBe('VERIFY_PRIMARY_OTP');
    const primary = (await mailbox(service.url, 'old@example.com')).at(-1)!;
    expect(primary.text).toContain('new@example.com');
    expect((await c.fails('/v1/email/update/secondary', { flowId: r.flowId, otp: primary.code })).code).toBe('wrong_step');
    expect(await c.call('/v1/email/update/primary', { flowId: r.flowId, otp: primary.code })).toEqual({ action: 'VERIFY_SECONDARY_OTP' });
    const secondary = (await mailbox(service.url, 'new@example.com')).at(-1)!;
    const done = await c.call('/v1/email/update/secondary', { flowId: r.flowId, otp: secondary.code });
    expect(done.newEmail).toBe('new@example.com');
    expect(done.user).toEqual({ ...before.user, email: 'new@example.com' });
  });

  it("answers a taken address as a free one, and tells the taken address's owner instead of sending a code", async () => {
    const owner = await (await client()).emailLogin('taken@example.com', PROJECT);
    const ownerMails = (await mailbox(service.url, 'taken@example.com')).length;
    const c = await client();
    await c.emailLogin('prober@example.com', PROJECT);
    await sleep(1100); // the owner's login code used the address's resend interval
    const free = await c.call('/v1/email/update', { email: 'free-address@example.com' });
    const r = await c.call('/v1/email/update', { email: 'taken@example.com' });
    expect([r.action, free.action]).toEqual(['VERIFY_PRIMARY_OTP', 'VERIFY_PRIMARY_OTP']);
    expect(Object.keys(r).sort()).toEqual(Object.keys(free).sort());
    // the prober's own code goes on to the taken address's step as it would for a free one…
    const primary = (await mailbox(service.url, 'prober@example.com')).at(-1)!;
    expect(await c.call('/v1/email/update/primary', { flowId: r.flowId, otp: primary.code })).toEqual({ action: 'VERIFY_SECONDARY_OTP' });
    // …where the owner gets a notice with no code in it, and the change cannot finish
    const notices = (await mailbox(service.url, 'taken@example.com')).slice(ownerMails);
    expect(notices.map((m) => [m.subject, m.code, m.link])).toEqual([['Your e-mail address was entered for another wallet', null, null]]);
    expect(notices[0]!.text).toContain(ORIGIN);
    expect(notices[0]!.text).not.toMatch(/\b\d{6}\b/);
    const guess = await c.fails('/v1/email/update/secondary', { flowId: r.flowId, otp: '123456' });
    expect([guess.status, guess.code]).toEqual([400, 'invalid_code']);
    expect((await c.call('/v1/session')).user.email).toBe('prober@example.com');
    expect((await (await client()).call('/v1/auth/email/start', { ...PROJECT, email: 'taken@example.com' })).action).toBe('VERIFY_DEVICE');
    expect(owner.user.email).toBe('taken@example.com');
    // and the limits come first, for a taken address as for a free one (2 per address per hour here)
    await sleep(1100);
    const limited = await c.fails('/v1/email/update', { email: 'taken@example.com' });
    expect([limited.status, limited.message]).toEqual([429, 'Too many codes sent to this address: try again in 60 minutes']);
  }, 20_000);
});

describe('signing and the chain', () => {
  let c: FrameClient;
  let address: `0x${string}`;
  beforeAll(async () => {
    c = await client();
    address = (await c.emailLogin('signer@example.com', PROJECT)).user.address as `0x${string}`;
  });
  const sign = (method: string, params: unknown[]) => c.call('/v1/wallet/sign', { chainId: 31337, method, params }).then((r) => r.result);

  it('signs personal_sign messages (text and bytes) for its own address only', async () => {
    const t = performance.now();
    const sig = await sign('personal_sign', ['0x48656c6c6f', address]);
    console.log(`personal_sign over the API: ${(performance.now() - t).toFixed(1)} ms`);
    expect(await verifyMessage({ address, message: 'Hello', signature: sig })).toBe(true);
    const text = await sign('personal_sign', ['plain text', address]);
    expect(await recoverMessageAddress({ message: 'plain text', signature: text })).toBe(address);
    const other = await c.fails('/v1/wallet/sign', { chainId: 31337, method: 'personal_sign', params: ['0x00', '0x000000000000000000000000000000000000dEaD'] });
    expect(other.message).toBe('personal_sign: the address is not the address of this wallet');
  });

  it('signs EIP-712 typed data for the wallet chain, and refuses another chain', async () => {
    const typed = {
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }],
        Mail: [{ name: 'to', type: 'address' }, { name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      domain: { name: 'Latchkey', chainId: 31337 },
      message: { to: '0x000000000000000000000000000000000000dEaD', contents: 'hi' },
    } as const;
    const sig = await sign('eth_signTypedData_v4', [address, JSON.stringify(typed)]);
    const { EIP712Domain: _d, ...types } = typed.types;
    expect(await recoverTypedDataAddress({ domain: typed.domain, types, primaryType: 'Mail', message: typed.message, signature: sig })).toBe(address);
    const wrong = await c.fails('/v1/wallet/sign', { chainId: 31337, method: 'eth_signTypedData_v4', params: [address, JSON.stringify({ ...typed, domain: { name: 'x', chainId: 1 } })] });
    expect(wrong.message).toMatch(/for chain 1, the wallet is on chain 31337/);
  });

  it('sends transactions on anvil (dev funding), forwards read-only calls and refuses the rest', async () => {
    const chain = createPublicClient({ transport: http(anvil.url) });
    const balance = await c.call('/v1/wallet/rpc', { chainId: 31337, method: 'eth_getBalance', params: [address, 'latest'] });
    expect(BigInt(balance.result)).toBe(parseEther('100'));
    const to = '0x000000000000000000000000000000000000bEEF';
    const t = performance.now();
    const { result: hash } = await c.prepareAndSign('eth_sendTransaction', [{ from: address, to, value: '0x2386f26fc10000' }]);
    console.log(`eth_sendTransaction over the API (prepare + sign): ${(performance.now() - t).toFixed(1)} ms`);
    const receipt = await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase());
    expect(await chain.getBalance({ address: to })).toBe(parseEther('0.01'));
    // transactions one after the other get consecutive nonces
    const h1 = (await c.prepareAndSign('eth_sendTransaction', [{ to, value: '0x1' }])).result;
    const h2 = (await c.prepareAndSign('eth_sendTransaction', [{ to, value: '0x1' }])).result;
    const nonces = await Promise.all([h1, h2].map(async (h) => (await chain.getTransaction({ hash: h })).nonce));
    expect(nonces).toEqual([1, 2]);
    // wallet_sendCalls: sequential transactions, status by id
    const { id } = (await c.prepareAndSign('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: address, calls: [{ to, value: '0x2' }, { to, value: '0x3' }] }])).result;
    let status: any;
    for (let i = 0; i < 40; i++) {
      status = (await c.call('/v1/wallet/rpc', { chainId: 31337, method: 'wallet_getCallsStatus', params: [id] })).result;
      if (status.status === 200) break;
      await sleep(50);
    }
    expect(status).toMatchObject({ id, status: 200, atomic: false, chainId: '0x7a69' });
    expect(status.receipts).toHaveLength(2);
    expect((await c.call('/v1/wallet/rpc', { chainId: 31337, method: 'eth_accounts' })).result).toEqual([address]);
    const notAllowed = await c.fails('/v1/wallet/rpc', { chainId: 31337, method: 'eth_sign', params: [address, '0x00'] });
    expect([notAllowed.code, notAllowed.message]).toEqual(['method_not_allowed', 'Requested RPC call is not allowed']);
    const signViaRpc = await c.fails('/v1/wallet/rpc', { chainId: 31337, method: 'personal_sign', params: ['0x00', address] });
    expect(signViaRpc.message).toBe('Requested RPC call is not allowed');
    const otherChain = await c.fails('/v1/wallet/rpc', { chainId: 5, method: 'eth_blockNumber' });
    expect(otherChain.code).toBe('unsupported_chain');
  });

  it('reports a chain error with its code', async () => {
    // a value above the balance: the simulation fails, so the gas is the simulation's; the node refuses the send
    const { prepared } = await c.call('/v1/wallet/prepare', { chainId: 31337, method: 'eth_sendTransaction', params: [{ to: address, value: '0xffffffffffffffffffffffffffffff' }] });
    const err = await c.fails('/v1/wallet/sign', { chainId: 31337, method: 'eth_sendTransaction', params: prepared.params });
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('rpc_error');
    expect(err.message).toMatch(/insufficient funds|exceeds the balance/i);
  });
});

describe('Farcaster (dev stand-in)', () => {
  it('gives a URI, and logs in once a person approves on the page it opens', async () => {
    const c = await client();
    const { url, channelId } = await c.call('/v1/auth/farcaster/start', PROJECT);
    expect(url).toBe(`${service.url}/farcaster/connect?channel=${channelId}`);
    expect(await (await fetch(url)).text()).toContain('Approve');
    const waiting = c.call('/v1/auth/farcaster/finish', { channelId });
    await sleep(200);
    const form = await fetch(`${service.url}/farcaster/connect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `channel=${channelId}&username=dwr`,
    });
    expect(form.status).toBe(200);
    const grant = await waiting;
    expect(grant.userName).toBe('dwr');
    expect(grant.user).toMatchObject({ email: null, userName: 'dwr' });
    // another device cannot redeem the same channel
    expect((await (await client()).fails('/v1/auth/farcaster/finish', { channelId })).status).toBe(404);
  });
});

describe('dev mailbox', () => {
  it('answers JSON to programs and a page to people', async () => {
    const json = await fetch(`${service.url}/dev/mailbox`);
    expect(json.headers.get('content-type')).toMatch(/application\/json/);
    const list = (await json.json()) as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThan(3);
    expect(Object.keys(list[0]!).sort()).toEqual(['code', 'link', 'sentAt', 'subject', 'text', 'to']);
    const times = list.map((m) => Date.parse(m.sentAt as string));
    expect([...times].sort((a, b) => a - b)).toEqual(times); // newest last
    const html = await fetch(`${service.url}/dev/mailbox`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(html.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await html.text()).toContain('Dev mailbox');
  });
});

describe('restart', () => {
  it('keeps users, keys and sessions across a restart (PGlite data directory)', async () => {
    const c = await client();
    const grant = await c.emailLogin('persist@example.com', PROJECT);
    await service.stop();
    const t = Date.now();
    service = await startServiceProcess(env());
    console.log(`wallet service restart (PGlite, existing data dir): ${Date.now() - t} ms`);
    const same = c.on(service.url, nextIp());
    expect((await same.call('/v1/session')).user).toEqual(grant.user);
    const sig = (await same.call('/v1/wallet/sign', { chainId: 31337, method: 'personal_sign', params: ['0x6869', grant.user.address] })).result;
    expect(await verifyMessage({ address: grant.user.address as `0x${string}`, message: 'hi', signature: sig })).toBe(true);
    await sleep(1100);
    same.api.token = undefined;
    const again = await same.emailLogin('persist@example.com', PROJECT);
    expect(again.user.address).toBe(grant.user.address);
  }, 60_000);
});
