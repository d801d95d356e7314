/**
 * WalletConnect resilience, end to end: the demo dapp in Chromium and a @reown/walletkit wallet
 * (tests/e2e/support/wcWallet.mjs) in a Node child process.
 *
 * 1. The relay this file starts (samples/relay/testing/relayProcess.ts, given to the page with
 *    `?relay=`) is stopped and started again on the same port mid-session: both clients
 *    reconnect and a personal_sign still goes through and verifies.
 * 2. With the page's clock faked (playwright's page.clock), the WalletConnect view stays open
 *    past the pairing's 3 min 50 s (4 min lifetime, expired within 10 s): the QR shows a new
 *    wc: link, and the wallet pairs with that new link.
 * 3. The relay gone while paired (issue 8): the dapp shows the lost link (the account's
 *    `connectionLost`, the demo's "Wallet link"), a signature request fails with a clear error
 *    once its wait (?wcLostTimeoutMs) is over instead of waiting forever, and when the relay is
 *    back the link shows live again and a signature goes through and verifies.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { getAddress, verifyMessage, type Hex } from 'viem';
import { startRelayProcess, type RelayProcess } from '../../samples/relay/testing/relayProcess';
import { launchBrowser } from '../support/chromium';
import { startTestStack, type TestStack } from '../support/stack';
import { startWallet, type WalletProcess } from './support/wcWallet';

jest.setTimeout(60_000);

const ANVIL_ACCOUNT_0 = getAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
const DEMO_MESSAGE = 'Hello from the Latchkey demo';
const WC_URI = /^wc:[0-9a-f]{64}@2\?.*symKey=[0-9a-f]{64}/;

let stack: TestStack;
let browser: Browser;
let relay: RelayProcess;
let rpc: Record<string, string>;
const wallets: WalletProcess[] = [];
const contexts: BrowserContext[] = [];
const timings: Record<string, number> = {};

beforeAll(async () => {
  [stack, browser, relay] = await Promise.all([startTestStack(), launchBrowser(), startRelayProcess()]);
  rpc = Object.fromEntries(stack.chains.map((c) => [String(c.chainId), c.rpcUrl]));
}, 120_000);

afterAll(async () => {
  console.log(`WalletConnect resilience timings: ${JSON.stringify(timings)}`);
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  for (const w of wallets) await w.stop();
  await relay?.stop();
  await stack?.stop();
}, 30_000);

async function newWallet(relayUrl: string): Promise<WalletProcess> {
  const wallet = await startWallet({ relayUrl, rpc });
  wallets.push(wallet);
  return wallet;
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, reducedMotion: 'reduce' });
  contexts.push(context);
  return context.newPage();
}

async function openDemo(page: Page, relayUrl: string, query = ''): Promise<void> {
  await page.goto(`${stack.demoUrl}?relay=${encodeURIComponent(relayUrl)}${query}`);
  await page.waitForFunction(() => Boolean((window as any).__latchkey));
}

const qrOf = (page: Page) => page.getByRole('dialog').getByRole('img', { name: 'QR code for WalletConnect' });

/** Polls (from Node, so a faked page clock does not matter) until `read` gives a value `ok` accepts. */
async function pollFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await read().catch(() => undefined as T);
    if (last !== undefined && ok(last)) return last;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Opens the modal, picks WalletConnect and returns the link the QR code carries. */
async function openWalletConnectView(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: /WalletConnect/ }).click();
  return pollFor(() => qrOf(page).getAttribute('data-value', { timeout: 1000 }), (v) => typeof v === 'string' && WC_URI.test(v), 'the QR code to carry a wc: link') as Promise<string>;
}

async function waitForAccount(page: Page, timeout = 20_000): Promise<void> {
  await pollFor(
    async () => ((await page.getByTestId('account-address').textContent({ timeout: 1000 })) ?? '').trim(),
    (v) => v === ANVIL_ACCOUNT_0,
    `the demo to show ${ANVIL_ACCOUNT_0}`,
    timeout,
  );
}

describe('WalletConnect resilience', () => {
  it('a relay restart mid-session recovers', async () => {
    const [page, wallet] = await Promise.all([newPage(), newWallet(relay.url)]);
    await openDemo(page, relay.url);
    const uri = await openWalletConnectView(page);
    const from = wallet.events.length;
    wallet.send({ cmd: 'pair', uri });
    await waitForAccount(page);
    await wallet.waitFor((e) => e.type === 'approved', { from, what: 'approval' });
    expect((await relay.stats()).clients).toBe(2);

    // Stop the relay (its stored messages are lost) and start a new one on the same port.
    const t0 = Date.now();
    await relay.stop();
    await expect(relay.stats()).rejects.toThrow();
    await relay.restart();
    expect(new URL(relay.url).port).toBe(String(relay.port));
    // Both clients come back: two identities with open sockets, each subscribed to the session topic again.
    await pollFor(() => relay.stats(), (s) => s.clients === 2 && s.subscriptions >= 2, 'both clients to reconnect to the new relay', 30_000);
    timings['relayRestartToReconnectMs'] = Date.now() - t0;

    const before = wallet.events.length;
    const t1 = Date.now();
    await page.getByRole('button', { name: 'Sign message' }).click();
    await page.waitForSelector('[data-testid="sign-result"][data-status="done"], [data-testid="sign-result"][data-status="error"]', { timeout: 20_000 });
    timings['signAfterRestartMs'] = Date.now() - t1;
    const result = page.getByTestId('sign-result');
    expect({ status: await result.getAttribute('data-status'), text: await result.textContent() }).toMatchObject({ status: 'done' });
    const signature = (await result.getAttribute('data-signature')) as Hex;
    const request = await wallet.waitFor((e) => e.type === 'request' && e['method'] === 'personal_sign', { from: before });
    expect(request['params'][1].toLowerCase()).toBe(ANVIL_ACCOUNT_0.toLowerCase());
    expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: DEMO_MESSAGE, signature })).toBe(true);
    expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: `${DEMO_MESSAGE}!`, signature })).toBe(false);
    // The request and its answer went through the new relay process (its counters start at zero).
    expect((await relay.stats()).published).toBeGreaterThanOrEqual(2);
  });

  it('an expired pairing shows a fresh QR', async () => {
    const [page, wallet] = await Promise.all([newPage(), newWallet(stack.relayUrl)]);
    await page.clock.install();
    await openDemo(page, stack.relayUrl);
    const first = await openWalletConnectView(page);

    // Just short of 3 min 50 s the link still counts as fresh…
    await page.clock.fastForward('03:45');
    await new Promise((r) => setTimeout(r, 500));
    expect(await qrOf(page).getAttribute('data-value')).toBe(first);
    // …and past it, the view shows a new one.
    const t0 = Date.now();
    await page.clock.fastForward('00:06');
    const fresh = (await pollFor(() => qrOf(page).getAttribute('data-value', { timeout: 1000 }), (v) => typeof v === 'string' && WC_URI.test(v) && v !== first, 'the QR code to show a new wc: link')) as string;
    timings['expiredToFreshQrMs'] = Date.now() - t0;
    expect(fresh.split('@')[0]).not.toBe(first.split('@')[0]); // a new pairing topic, not the same link re-rendered

    const from = wallet.events.length;
    const t1 = Date.now();
    wallet.send({ cmd: 'pair', uri: fresh });
    await waitForAccount(page);
    timings['freshPairToAccountMs'] = Date.now() - t1;
    const approved = await wallet.waitFor((e) => e.type === 'approved', { from, what: 'approval' });
    expect(approved['accounts']).toContain(`eip155:${stack.chains[0]!.chainId}:${ANVIL_ACCOUNT_0}`);
    expect(((await page.getByTestId('account-status').textContent()) ?? '').trim()).toBe('connected');
    expect(wallet.events.slice(from).filter((e) => e.type === 'error')).toEqual([]);
  });

  it('the relay gone while paired: the lost link shows, a signature request fails with a clear error, and all recovers when the relay returns', async () => {
    const LOST_WAIT_MS = 2000;
    const [page, wallet] = await Promise.all([newPage(), newWallet(relay.url)]);
    await openDemo(page, relay.url, `&wcLostTimeoutMs=${LOST_WAIT_MS}`);
    const uri = await openWalletConnectView(page);
    wallet.send({ cmd: 'pair', uri });
    await waitForAccount(page);
    const link = page.getByTestId('account-link');
    expect(await link.getAttribute('data-state')).toBe('live');

    // Pages and wallets of the earlier tests in this file may still hold sockets: count from here.
    const clientsBefore = (await relay.stats()).clients;
    const t0 = Date.now();
    await relay.stop();
    await pollFor(() => link.getAttribute('data-state', { timeout: 1000 }), (v) => v === 'lost', 'the demo to show the lost link', 10_000);
    timings['relayGoneToLostShownMs'] = Date.now() - t0;
    expect(((await link.textContent()) ?? '').trim()).toBe('Connection to the wallet lost: reconnecting…');
    expect(((await page.getByTestId('account-status').textContent()) ?? '').trim()).toBe('connected'); // still paired

    const t1 = Date.now();
    await page.getByRole('button', { name: 'Sign message' }).click();
    await page.waitForSelector('[data-testid="sign-result"][data-status="error"], [data-testid="sign-result"][data-status="done"]', { timeout: LOST_WAIT_MS + 8_000 });
    timings['signWhileLostToErrorMs'] = Date.now() - t1;
    const result = page.getByTestId('sign-result');
    expect({ status: await result.getAttribute('data-status'), text: ((await result.textContent()) ?? '').trim() }).toEqual({ status: 'error', text: 'The connection to the wallet was lost' });
    expect(timings['signWhileLostToErrorMs']).toBeGreaterThanOrEqual(LOST_WAIT_MS - 100);

    const t2 = Date.now();
    await relay.restart();
    await pollFor(() => link.getAttribute('data-state', { timeout: 1000 }), (v) => v === 'live', 'the demo to show the link live again', 30_000);
    timings['relayBackToLiveMs'] = Date.now() - t2;
    await pollFor(() => relay.stats(), (st) => st.clients >= clientsBefore, 'the wallet to reconnect too', 30_000);

    const before = wallet.events.length;
    await page.getByRole('button', { name: 'Sign message' }).click();
    await page.waitForSelector('[data-testid="sign-result"][data-status="done"], [data-testid="sign-result"][data-status="error"]', { timeout: 20_000 });
    expect({ status: await result.getAttribute('data-status') }).toEqual({ status: 'done' });
    const signature = (await result.getAttribute('data-signature')) as Hex;
    expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: DEMO_MESSAGE, signature })).toBe(true);
    await wallet.waitFor((e) => e.type === 'response' && e['method'] === 'personal_sign', { from: before });
  });
});
