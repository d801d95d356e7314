/**
 * The frame page in Chromium, driven by postMessage from tiny parent pages on other origins (the roles
 * of a dapp, a site that is not on the allowlist, and a hostile site), against the real wallet service,
 * anvil, the dev mailbox and the local OpenID provider:
 *   - a full e-mail login, get user, personal_sign approved in the frame, a transaction on anvil
 *     (approved in the wallet window),
 *     reject, abort, reload, e-mail change, social login (OpenID click-through), Farcaster, sign out;
 *   - a parent on a non-allowlisted origin gets nothing but the configuration error;
 *   - property tests: thousands of malformed and foreign-origin messages, all rejected, no state change;
 *   - every message the parent sent and the frame posted validates against @reown/appkit-wallet's
 *     W3mFrameSchema.
 */
import fc from 'fast-check';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createPublicClient, http, parseEther, verifyMessage } from 'viem';
import { launchBrowser } from '../../tests/support/chromium';
import { getFreePorts } from '../../tests/support/ports';
import { NOT_SAFE_RPC_METHODS, parseAppMessage, REQUESTS, SAFE_RPC_METHODS } from 'latchkey/plugins/embedded-wallet/protocol';
import { startAnvil, type Anvil } from './testing/anvil';
import { approve, openApproval } from './testing/frame-driver';
import { startTestPages, type TestPages } from './testing/pages';
import { latestCode, mailbox, startServiceProcess, type ServiceProcess } from './testing/service';
import { validateW3m, type Recorded } from './testing/w3m';

const PROJECT_ID = 'e2e-dapp';

let anvil: Anvil;
let service: ServiceProcess;
let pages: TestPages;
let browser: Browser;
/** One browser profile: pages of the test share the frame's storage as one person's browser would. */
let context: BrowserContext;
let dapp: string; // allowlisted origin
let dapp2: string; // another allowlisted origin of the same project (same site: the frame's storage is shared)
let stranger: string; // not on the allowlist
let attacker: string; // hostile, embeds the dapp
/** Messages to validate against W3mFrameSchema at the end (only the well-formed ones the parent sent). */
const conformance: Recorded[] = [];

interface Reply {
  type: string;
  payload?: any;
  ms: number;
}

const frameUrl = () => `${service.url}/frame?projectId=${PROJECT_ID}&chainId=31337&version=4&enableLogger=false`;
const parentUrl = (origin: string) => `${origin}/parent.html?frame=${encodeURIComponent(frameUrl())}`;

async function openParent(origin: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (err) => console.warn(`page error on ${origin}: ${err.message}`));
  await page.goto(parentUrl(origin));
  await page.evaluate(() => (window as any).waitFor('@w3m-frame/READY'));
  return page;
}

function request(page: Page, name: string, payload?: unknown, timeoutMs?: number): Promise<Reply> {
  return page.evaluate(([n, p, t]) => (window as any).request(n, p, t), [name, payload, timeoutMs] as const);
}

async function expectOk(page: Page, name: string, payload?: unknown): Promise<Reply> {
  const r = await request(page, name, payload);
  if (r.type !== `@w3m-frame/${name}_SUCCESS`) throw new Error(`${name}: ${r.type} ${JSON.stringify(r.payload)}`);
  return r;
}

async function recordTraffic(page: Page): Promise<void> {
  const { sent, received } = await page.evaluate(() => ({ sent: (window as any).sent, received: (window as any).received.map((m: any) => m.data) }));
  for (const msg of sent) conformance.push({ dir: 'app', msg });
  for (const msg of received) conformance.push({ dir: 'frame', msg });
}

beforeAll(async () => {
  const ports = await getFreePorts(4);
  [dapp, stranger, attacker, dapp2] = ports.map((p) => `http://127.0.0.1:${p}`);
  const t = Date.now();
  [anvil, pages, browser] = await Promise.all([startAnvil(31337), startTestPages(ports), launchBrowser()]);
  service = await startServiceProcess({
    WALLET_DEV: '1',
    WALLET_DATA_DIR: ':memory:',
    WALLET_PROJECTS: JSON.stringify([{ projectId: PROJECT_ID, origins: [dapp, dapp2] }]),
    WALLET_CHAINS: JSON.stringify([{ chainId: 31337, name: 'Anvil', rpcUrl: anvil.url }]),
    WALLET_RESEND_INTERVAL: '0',
    WALLET_LOG: '0',
  });
  context = await browser.newContext();
  console.log(`setup (anvil, pages, Chromium, wallet service): ${Date.now() - t} ms`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.allSettled([service?.stop(), anvil?.stop(), pages?.stop()]);
}, 30_000);

describe('the frame on an allowlisted dapp origin', () => {
  let page: Page;
  let address: `0x${string}`;
  /** The token the page got in FRAME_SESSION_UPDATE at login. */
  let sessionToken: string;
  const email = 'frame-user@example.com';

  beforeAll(async () => {
    page = await openParent(dapp);
    const load = await page.evaluate(() => {
      const w = window as any;
      return w.received.find((m: any) => m.data.type === '@w3m-frame/READY').at - w.frameCreatedAt;
    });
    console.log(`frame load (iframe src set → FRAME_READY): ${load.toFixed(0)} ms`);
  }, 30_000);

  afterAll(async () => {
    if (page) await recordTraffic(page);
  });

  it('starts with READY {version} and no session', async () => {
    const ready = await page.evaluate(() => (window as any).received[0].data);
    expect(ready).toEqual({ type: '@w3m-frame/READY', payload: { version: '1.0.0' } });
    expect((await expectOk(page, 'IS_CONNECTED')).payload).toEqual({ isConnected: false });
    expect((await expectOk(page, 'GET_SMART_ACCOUNT_ENABLED_NETWORKS')).payload).toEqual({ smartAccountEnabledNetworks: [] });
    expect((await expectOk(page, 'GET_CHAIN_ID')).payload).toEqual({ chainId: 31337 });
    await expectOk(page, 'SYNC_DAPP_DATA', { projectId: PROJECT_ID, sdkVersion: 'latchkey-test', sdkType: 'latchkey', metadata: { name: 'Test', description: '', url: dapp, icons: [] } });
    await expectOk(page, 'SYNC_THEME', { themeMode: 'dark', themeVariables: { '--w3m-accent': '#ff5500' } });
    const user = await request(page, 'GET_USER', { chainId: 31337 });
    expect(user).toMatchObject({ type: '@w3m-frame/GET_USER_ERROR', payload: { message: 'Not logged in' } });
  });

  it('logs in by e-mail code read from the dev mailbox', async () => {
    const start = await expectOk(page, 'CONNECT_EMAIL', { email });
    expect(start.payload).toEqual({ action: 'VERIFY_OTP' });
    const code = await latestCode(service.url, email);
    const before = await page.evaluate(() => (window as any).received.length);
    const otp = await expectOk(page, 'CONNECT_OTP', { otp: code });
    console.log(`login: code submitted → FRAME_CONNECT_OTP_SUCCESS: ${otp.ms.toFixed(0)} ms`);
    expect(otp.payload).toBeUndefined();
    const session = await page.evaluate((from) => (window as any).waitFor('@w3m-frame/SESSION_UPDATE', from), before);
    expect(session.data.payload.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    sessionToken = session.data.payload.token;
    const user = await expectOk(page, 'GET_USER', { chainId: 31337, preferredAccountType: 'smartAccount' });
    address = user.payload.address;
    expect(user.payload).toEqual({
      email,
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      chainId: 31337,
      smartAccountDeployed: false,
      accounts: [{ address, type: 'eoa' }],
      preferredAccountType: 'eoa',
    });
    expect((await expectOk(page, 'IS_CONNECTED')).payload).toEqual({ isConnected: true });
    expect((await expectOk(page, 'SET_PREFERRED_ACCOUNT', { type: 'eoa' })).payload).toEqual({ type: 'eoa', address });
    const smart = await request(page, 'SET_PREFERRED_ACCOUNT', { type: 'smartAccount' });
    expect(smart).toMatchObject({ type: '@w3m-frame/SET_PREFERRED_ACCOUNT_ERROR', payload: { message: 'This application might not support Smart Accounts' } });
    expect((await request(page, 'INIT_SMART_ACCOUNT')).type).toBe('@w3m-frame/INIT_SMART_ACCOUNT_ERROR');
  });

  // the first approval of the page: one shown within 3 s of another ending holds Approve 1.5 s instead of 0.5 s
  it('keeps "Approve" disabled while the frame is covered or faded (clickjacking guard)', async () => {
    const pending = request(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['0x636c69636b', address] });
    const frame = page.frameLocator('#w');
    // a nearly invisible layer over the frame, as a clickjacking page would put there
    await page.evaluate(() => {
      const cover = document.createElement('div');
      cover.id = 'cover';
      cover.style.cssText = 'position:fixed;top:0;left:0;width:420px;height:560px;opacity:0.01;background:#000;z-index:10';
      document.body.append(cover);
      (window as any).showFrame(true);
    });
    await frame.getByRole('button', { name: 'Approve' }).waitFor();
    await page.waitForTimeout(1200);
    expect(await frame.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    // faded instead of covered
    await page.evaluate(() => {
      document.getElementById('cover')!.remove();
      document.getElementById('w')!.style.opacity = '0.3';
    });
    await page.waitForTimeout(1200);
    expect(await frame.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    await page.evaluate(() => (document.getElementById('w')!.style.opacity = '1'));
    const t = Date.now();
    await frame.getByRole('button', { name: 'Approve', disabled: false }).waitFor();
    expect(Date.now() - t).toBeGreaterThanOrEqual(400);
    await frame.getByRole('button', { name: 'Approve' }).click();
    expect((await pending).type).toBe('@w3m-frame/RPC_REQUEST_SUCCESS');
    await page.evaluate(() => (window as any).showFrame(false));
  });

  it('signs a message only after "Approve" is clicked in the frame', async () => {
    const message = 'Hello from the embedded wallet';
    const pending = request(page, 'RPC_REQUEST', { method: 'personal_sign', params: [`0x${Buffer.from(message).toString('hex')}`, address], chainId: 31337, chainNamespace: 'eip155' });
    await page.evaluate(() => (window as any).showFrame(true));
    const frame = page.frameLocator('#w');
    await frame.getByText(message).waitFor();
    await frame.getByText(dapp).first().waitFor();
    const approve = frame.getByRole('button', { name: 'Approve', disabled: false });
    const shown = Date.now();
    await approve.waitFor();
    console.log(`"Approve" enabled ${Date.now() - shown} ms after the frame was shown (visibility guard: 500 ms, 1.5 s within 3 s of another approval)`);
    const t = Date.now();
    await approve.click();
    const reply = await pending;
    console.log(`sign round trip: "Approve" click → RPC_REQUEST_SUCCESS: ${Date.now() - t} ms`);
    expect(reply.type).toBe('@w3m-frame/RPC_REQUEST_SUCCESS');
    expect(await verifyMessage({ address, message, signature: reply.payload })).toBe(true);
    await frame.getByRole('button', { name: 'Approve' }).waitFor({ state: 'detached' });
    await page.evaluate(() => (window as any).showFrame(false));
  });

  it('sends a transaction on anvil after approval', async () => {
    const to = '0x000000000000000000000000000000000000c0DE';
    const pending = request(page, 'RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: address, to, value: '0x16345785d8a0000' }], chainId: 31337 });
    await page.evaluate(() => (window as any).showFrame(true));
    // a transaction is approved in the wallet window by default (frame/policy.ts): the visitor opens it from the frame
    const approval = await openApproval(page.frameLocator('#w'), context);
    expect(approval.in).toBe('window');
    await approval.card.getByText('0.1 ETH', { exact: true }).first().waitFor();
    await approve(approval);
    const reply = await pending;
    expect(reply.type).toBe('@w3m-frame/RPC_REQUEST_SUCCESS');
    const chain = createPublicClient({ transport: http(anvil.url) });
    const receipt = await chain.waitForTransactionReceipt({ hash: reply.payload, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    expect(await chain.getBalance({ address: to })).toBe(parseEther('0.1'));
    await page.evaluate(() => (window as any).showFrame(false));
    const balance = await expectOk(page, 'RPC_REQUEST', { method: 'eth_getBalance', params: [address, 'latest'] });
    expect(BigInt(balance.payload)).toBeLessThan(parseEther('99.9'));
  });

  it('answers "Reject", an abort, and methods it does not allow', async () => {
    const pending = request(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['0x6e6f', address] });
    await page.evaluate(() => (window as any).showFrame(true));
    await page.frameLocator('#w').getByRole('button', { name: 'Reject' }).click();
    expect(await pending).toMatchObject({ type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'User rejected the request.' } });
    const aborted = request(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['0x6e6f', address] });
    await page.frameLocator('#w').getByRole('button', { name: 'Approve' }).waitFor();
    await page.evaluate(() => (window as any).post({ type: '@w3m-app/RPC_ABORT' }));
    expect(await aborted).toMatchObject({ type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'Request was aborted' } });
    await page.evaluate(() => (window as any).showFrame(false));
    const foreign = await request(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['0x6e6f', '0x000000000000000000000000000000000000dEaD'] });
    expect(foreign).toMatchObject({ type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'personal_sign: the address is not the address of this wallet' } });
    expect(await page.frameLocator('#w').getByRole('dialog').count()).toBe(0);
    const unlisted = await request(page, 'RPC_REQUEST', { method: 'eth_sign', params: [address, '0x00'] });
    expect(unlisted).toMatchObject({ type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'Requested RPC call is not allowed' } });
    const solana = await request(page, 'RPC_REQUEST', { method: 'solana_signMessage', params: { message: 'x', pubkey: 'y' }, chainNamespace: 'solana' });
    expect(solana.type).toBe('@w3m-frame/RPC_REQUEST_ERROR');
    expect((await expectOk(page, 'SWITCH_NETWORK', { chainId: 'eip155:31337' })).payload).toEqual({ chainId: 31337 });
    const unknownChain = await request(page, 'SWITCH_NETWORK', { chainId: 10 });
    expect(unknownChain).toMatchObject({ type: '@w3m-frame/SWITCH_NETWORK_ERROR', payload: { message: 'Chain 10 is not supported by this wallet' } });
    const badEmail = await request(page, 'CONNECT_EMAIL', { email: 'not an email' });
    expect(badEmail).toMatchObject({ type: '@w3m-frame/CONNECT_EMAIL_ERROR', payload: { message: 'email: Invalid email' } });
  });

  it('stays logged in across a reload of the dapp page', async () => {
    await page.reload();
    await page.evaluate(() => (window as any).waitFor('@w3m-frame/READY'));
    expect((await expectOk(page, 'IS_CONNECTED')).payload).toEqual({ isConnected: true });
    expect((await expectOk(page, 'GET_USER')).payload.address).toBe(address);
  });

  it('changes the e-mail address with a code to the old and one to the new address', async () => {
    const newEmail = 'frame-user-new@example.com';
    expect((await expectOk(page, 'UPDATE_EMAIL', { email: newEmail })).payload).toEqual({ action: 'VERIFY_PRIMARY_OTP' });
    await expectOk(page, 'UPDATE_EMAIL_PRIMARY_OTP', { otp: await latestCode(service.url, email) });
    const mark = await page.evaluate(() => (window as any).received.length);
    const done = await expectOk(page, 'UPDATE_EMAIL_SECONDARY_OTP', { otp: await latestCode(service.url, newEmail) });
    expect(done.payload).toEqual({ newEmail });
    expect((await expectOk(page, 'GET_USER')).payload).toMatchObject({ email: newEmail, address });
    // the change ended every session of the account (the token the page kept among them): the frame got a fresh one
    const update = await page.evaluate((from) => (window as any).waitFor('@w3m-frame/SESSION_UPDATE', from), mark);
    expect(update.data.payload.token).not.toBe(sessionToken);
    sessionToken = update.data.payload.token;
  });

  it("keeps the session to its app: a page on another origin of the project cannot use the session's token", async () => {
    // dapp2 is another allowlisted origin of the same project, on the same site: its frame has the same device key
    const other = await openParent(dapp2);
    expect((await expectOk(other, 'IS_CONNECTED', { token: sessionToken })).payload).toEqual({ isConnected: false });
    expect((await request(other, 'GET_USER')).payload).toEqual({ message: 'Not logged in' });
    await recordTraffic(other);
    await other.close();
    expect((await expectOk(page, 'IS_CONNECTED')).payload).toEqual({ isConnected: true });
  });

  it('reloads the frame on RELOAD, restores a session from the page\'s token, and signs out on SIGN_OUT', async () => {
    const before = await page.evaluate(() => (window as any).received.length);
    await expectOk(page, 'RELOAD');
    await page.evaluate((from) => (window as any).waitFor('@w3m-frame/READY', from), before);
    expect((await expectOk(page, 'IS_CONNECTED')).payload).toEqual({ isConnected: true });
    // a frame that lost its stored session gets it back from the token the page kept (same device key)
    const token = sessionToken;
    const wallet = page.frames().find((f) => f.url().startsWith(`${service.url}/frame`))!;
    await wallet.evaluate(
      (key) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('latchkey-wallet-frame');
          open.onsuccess = () => {
            const del = open.result.transaction('kv', 'readwrite').objectStore('kv').delete(key);
            del.onsuccess = () => resolve();
            del.onerror = () => reject(del.error);
          };
        }),
      `session:${PROJECT_ID}|${dapp}`,
    );
    const mark = await page.evaluate(() => (window as any).received.length);
    await expectOk(page, 'RELOAD');
    await page.evaluate((from) => (window as any).waitFor('@w3m-frame/READY', from), mark);
    expect((await expectOk(page, 'IS_CONNECTED')).payload).toEqual({ isConnected: false });
    expect((await expectOk(page, 'IS_CONNECTED', { token: 'not.a.token' })).payload).toEqual({ isConnected: false });
    expect((await expectOk(page, 'IS_CONNECTED', { token })).payload).toEqual({ isConnected: true });
    expect((await expectOk(page, 'GET_USER')).payload.address).toBe(address);
    await expectOk(page, 'SIGN_OUT');
    expect((await expectOk(page, 'IS_CONNECTED')).payload).toEqual({ isConnected: false });
    // the revoked token does not come back
    expect((await expectOk(page, 'IS_CONNECTED', { token })).payload).toEqual({ isConnected: false });
  });

  it('logs in with a social account through the local OpenID provider', async () => {
    const redirect = await expectOk(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'google' });
    const uri = new URL(redirect.payload.uri);
    expect(uri.origin).toBe(service.oidcIssuer);
    expect(uri.searchParams.get('client_id')).toBe('dev-google');
    expect(uri.searchParams.get('code_challenge_method')).toBe('S256');
    const popup = await context.newPage();
    await popup.goto(uri.toString());
    await popup.getByRole('heading', { name: 'Sign in to Google' }).waitFor();
    await popup.getByLabel('Username').fill('carol');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.getByRole('button', { name: 'Allow' }).click();
    await popup.waitForURL((u) => u.origin === dapp && u.searchParams.has('result_uri'));
    const back = popup.url();
    await popup.close();
    const social = await expectOk(page, 'CONNECT_SOCIAL', { uri: back, chainId: 31337, preferredAccountType: 'eoa' });
    expect(social.payload).toMatchObject({ userName: 'carol', email: null, chainId: 31337, accounts: [{ type: 'eoa' }] });
    expect(social.payload.address).not.toBe(address);
    // the result is single-use
    expect((await request(page, 'CONNECT_SOCIAL', { uri: back })).type).toBe('@w3m-frame/CONNECT_SOCIAL_ERROR');
    await expectOk(page, 'SIGN_OUT');
  });

  it('logs in with Farcaster (dev stand-in): URI, approval on the "phone", connect', async () => {
    const { payload } = await expectOk(page, 'GET_FARCASTER_URI');
    const phone = await context.newPage();
    await phone.goto(payload.url);
    await phone.getByLabel('Farcaster name').fill('vitalik.eth');
    const connect = request(page, 'CONNECT_FARCASTER', undefined, 35_000);
    await phone.getByRole('button', { name: 'Approve' }).click();
    await phone.getByText('You are signed in').waitFor();
    await phone.close();
    const r = await connect;
    expect(r).toMatchObject({ type: '@w3m-frame/CONNECT_FARCASTER_SUCCESS', payload: { userName: 'vitalik.eth' } });
    expect((await expectOk(page, 'GET_USER')).payload.email).toBeNull();
  });

  it('rejects thousands of malformed messages from its parent: no crash, no state change (fast-check)', async () => {
    const before = await stateOf(page);
    const mailBefore = (await mailbox(service.url)).length;
    const known = [...REQUESTS, 'RPC_ABORT'];
    const idArb = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(undefined), fc.constant(null), fc.object());
    const arb = fc.oneof(
      fc.anything(),
      fc.record({ type: fc.string(), id: idArb, payload: fc.anything() }),
      fc.record({ type: fc.string().map((s) => `@w3m-app/${s}`), id: idArb, payload: fc.anything() }),
      fc.record({ type: fc.constantFrom(...known).map((k) => `@w3m-app/${k}`), id: idArb, payload: fc.anything() }, { requiredKeys: ['type'] }),
      fc.record({ type: fc.constantFrom(...known).map((k) => `@w3m-frame/${k}_SUCCESS`), id: fc.string(), payload: fc.anything() }),
      fc.record({
        type: fc.constant('@w3m-app/RPC_REQUEST'),
        id: fc.string({ minLength: 1, maxLength: 8 }),
        payload: fc.record({ method: fc.string(), params: fc.anything() }),
      }),
      fc.record({ type: fc.constantFrom('@w3m-app/CONNECT_EMAIL', '@w3m-app/UPDATE_EMAIL'), id: fc.string(), payload: fc.record({ email: fc.string() }) }),
      fc.record({ type: fc.constantFrom('@w3m-app/CONNECT_OTP', '@w3m-app/SWITCH_NETWORK'), id: fc.string(), payload: fc.anything() }),
    );
    // only malformed messages: whatever the frame's own parser takes as a well-formed request is left out,
    // except RPC requests for methods outside AppKit's lists (well-formed, and refused)
    const samples = fc.sample(arb, { numRuns: 6000, seed: 42 });
    const malformed = samples.filter((m) => {
      const p = parseAppMessage(m);
      return p.kind !== 'event' || (p.event.name === 'RPC_REQUEST' && !isListedMethod((p.event.payload as { method: string }).method));
    });
    expect(malformed.length).toBeGreaterThan(3000);
    const frameIds = await page.evaluate((msgs) => {
      const w = window as any;
      const from = w.received.length;
      w.postRaw(msgs);
      return from;
    }, malformed);
    await page.waitForTimeout(1500);
    const replies: any[] = await page.evaluate((from) => (window as any).received.slice(from).map((m: any) => m.data), frameIds);
    const successes = replies.filter((r) => typeof r?.type === 'string' && r.type.endsWith('_SUCCESS'));
    expect(successes).toEqual([]);
    expect(replies.every((r) => /^@w3m-frame\/[A-Z_]+_ERROR$/.test(r.type) && typeof r.payload?.message === 'string')).toBe(true);
    for (const r of replies) conformance.push({ dir: 'frame', msg: r });
    console.log(`fuzz from the parent: ${malformed.length} malformed messages, ${replies.length} error replies, 0 successes`);
    expect(await stateOf(page)).toEqual(before);
    expect((await mailbox(service.url)).length).toBe(mailBefore);
    expect(await page.frameLocator('#w').getByRole('dialog').count()).toBe(0);
  }, 60_000);

  it('ignores every message from a window that is not its parent, valid or not (fast-check)', async () => {
    const before = await stateOf(page);
    const mailBefore = (await mailbox(service.url)).length;
    const evil = await context.newPage(); // same browser profile: the frame inside is logged in
    await evil.goto(`${attacker}/attacker.html?target=${encodeURIComponent(parentUrl(dapp))}`);
    const dappFrame = () => evil.frames().find((f) => f.url().startsWith(`${dapp}/parent.html`))!;
    await evil.waitForFunction(() => true);
    for (let i = 0; i < 100 && !dappFrame(); i++) await evil.waitForTimeout(50);
    await dappFrame().evaluate(() => (window as any).waitFor('@w3m-frame/READY'));
    // the frame of the dapp inside the hostile page refuses to run there (an ancestor is not allowlisted)
    expect((await dappFrame().evaluate(() => (window as any).request('IS_CONNECTED'))).payload).toEqual({ message: 'Unauthorized: origin not allowed' });
    const valid = [
      { id: 'x1', type: '@w3m-app/SIGN_OUT' },
      { id: 'x2', type: '@w3m-app/CONNECT_EMAIL', payload: { email: 'victim@example.com' } },
      { id: 'x3', type: '@w3m-app/RPC_REQUEST', payload: { method: 'personal_sign', params: ['0x00', before.user.address] } },
      { id: 'x4', type: '@w3m-app/GET_USER' },
      { id: 'x5', type: '@w3m-app/SWITCH_NETWORK', payload: { chainId: 1 } },
      { id: 'x6', type: '@w3m-app/RELOAD' },
    ];
    const junk = fc.sample(fc.anything(), { numRuns: 1000, seed: 7 });
    const sent = await evil.evaluate((msgs) => (window as any).spray(msgs), [...valid, ...valid, ...junk]);
    expect(sent).toBe(1012);
    await evil.waitForTimeout(1500);
    expect(await evil.evaluate(() => (window as any).received.length)).toBe(0);
    const dappGot = await dappFrame().evaluate(() => (window as any).received.map((m: any) => m.data.id).filter((id: string) => /^x\d$/.test(id)));
    expect(dappGot).toEqual([]);
    await evil.close();
    console.log(`fuzz from a foreign window: ${sent} messages (12 well-formed), 0 answered, 0 accepted`);
    expect(await stateOf(page)).toEqual(before);
    expect((await mailbox(service.url)).length).toBe(mailBefore);
  }, 60_000);
});

describe('the frame on an origin that is not on the allowlist', () => {
  it('answers nothing but the configuration error', async () => {
    const page = await openParent(stranger);
    const email = 'stranger@example.com';
    const names: Array<[string, unknown?]> = [
      ['IS_CONNECTED'],
      ['CONNECT_EMAIL', { email }],
      ['GET_USER', { chainId: 31337 }],
      ['GET_CHAIN_ID'],
      ['GET_SOCIAL_REDIRECT_URI', { provider: 'github' }],
      ['RPC_REQUEST', { method: 'eth_chainId' }],
      ['SYNC_THEME', { themeMode: 'light' }],
      ['SIGN_OUT'],
    ];
    for (const [name, payload] of names) {
      const r = await request(page, name, payload);
      expect(r).toEqual({ type: `@w3m-frame/${name}_ERROR`, payload: { message: 'Unauthorized: origin not allowed' }, ms: expect.any(Number) });
    }
    const all: any[] = await page.evaluate(() => (window as any).received.map((m: any) => m.data));
    expect(all.map((m) => m.type)).toEqual(['@w3m-frame/READY', ...names.map(([n]) => `@w3m-frame/${n}_ERROR`)]);
    expect(await mailbox(service.url, email)).toEqual([]);
    await recordTraffic(page);
    await page.close();
  });
});

describe('the frame of an allowlisted dapp inside another site', () => {
  /** The dapp page inside `outer`'s page (attacker.html embeds the page given as target). */
  async function nested(outer: string): Promise<{ top: Page; dappFrame: import('playwright-core').Frame }> {
    const top = await context.newPage();
    await top.goto(`${outer}/attacker.html?target=${encodeURIComponent(parentUrl(dapp))}`);
    const find = () => top.frames().find((f) => f.url().startsWith(`${dapp}/parent.html`));
    for (let i = 0; i < 100 && !find(); i++) await top.waitForTimeout(50);
    const dappFrame = find()!;
    await dappFrame.evaluate(() => (window as any).waitFor('@w3m-frame/READY'));
    return { top, dappFrame };
  }

  it('answers nothing but the configuration error when a window above the dapp is not allowlisted', async () => {
    const { top, dappFrame } = await nested(stranger);
    for (const [name, payload] of [['IS_CONNECTED'], ['GET_CHAIN_ID'], ['CONNECT_EMAIL', { email: 'nested@example.com' }]] as const) {
      const r = await dappFrame.evaluate(([n, p]) => (window as any).request(n, p), [name, payload] as const);
      expect(r).toEqual({ type: `@w3m-frame/${name}_ERROR`, payload: { message: 'Unauthorized: origin not allowed' }, ms: expect.any(Number) });
    }
    expect(await mailbox(service.url, 'nested@example.com')).toEqual([]);
    await top.close();
  });

  it('works when every window above it is allowlisted', async () => {
    const { top, dappFrame } = await nested(dapp2);
    const r = await dappFrame.evaluate(() => (window as any).request('GET_CHAIN_ID'));
    expect(r).toMatchObject({ type: '@w3m-frame/GET_CHAIN_ID_SUCCESS', payload: { chainId: 31337 } });
    await top.close();
  });
});

describe('schema conformance', () => {
  it('every message the parents sent and the frame posted validates against W3mFrameSchema', () => {
    expect(conformance.length).toBeGreaterThan(100);
    // identical messages but for the id's value validate alike: check each shape once
    const unique = [...new Map(conformance.map((c) => [JSON.stringify({ ...(c.msg as object), dir: c.dir, id: typeof (c.msg as { id?: unknown }).id }), c])).values()];
    const results = validateW3m(unique);
    const failures = results.map((r, i) => ({ ...r, item: unique[i] })).filter((r) => !r.ok);
    expect(failures).toEqual([]);
    const types = new Set(conformance.map((c) => (c.msg as { type: string }).type));
    console.log(`schema conformance: ${conformance.length} messages (${unique.length} distinct) of ${types.size} types validated against @reown/appkit-wallet W3mFrameSchema`);
  });
});

const LISTED = new Set<string>([...SAFE_RPC_METHODS, ...NOT_SAFE_RPC_METHODS]);
const isListedMethod = (method: string) => LISTED.has(method);

async function stateOf(page: Page): Promise<{ connected: unknown; user: any; chain: unknown }> {
  const connected = (await request(page, 'IS_CONNECTED')).payload;
  const user = (await request(page, 'GET_USER')).payload;
  const chain = (await request(page, 'GET_CHAIN_ID')).payload;
  return { connected, user, chain };
}

