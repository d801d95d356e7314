/**
 * One-click sign-in over WalletConnect end to end (docs/account-features.md#sign-in-with-a-wallet-message):
 * the demo with a required sign-in and EVM chains only (`?siwx=required&networks=evm`) in Chromium, the local relay, anvil, and a
 * wallet we did not write (@reown/walletkit, tests/e2e/support/wcWallet.mjs) in a Node child
 * process. The wallet is asked once (`session_authenticate`: no session proposal, no separate
 * personal_sign), the page ends signed in without showing the sign-in view, and a reload keeps it.
 * Prints the sign-in time, from the pairing link on screen to the session shown signed in.
 * (The fallbacks, a wallet that refuses or does not know one-click auth, run in
 * tests/integration/walletconnect/oneClickAuth.int.test.ts.)
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { getAddress, verifyMessage, type Hex } from 'viem';
import { startRelayProcess, type RelayProcess } from '../../samples/relay/testing/relayProcess';
import { launchBrowser } from '../support/chromium';
import { startTestStack, type TestStack } from '../support/stack';
import { startWallet, type WalletProcess } from './support/wcWallet';

jest.setTimeout(45_000);

const ANVIL_ACCOUNT_0 = getAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');

let stack: TestStack;
let ownRelay: RelayProcess | undefined;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let wallet: WalletProcess;
const consoleErrors: string[] = [];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  const [anvil, mainnet] = stack.chains;
  let relayUrl = stack.relayUrl;
  if (!relayUrl) {
    ownRelay = await startRelayProcess();
    relayUrl = ownRelay.url;
  }
  wallet = await startWallet({ relayUrl, rpc: { [anvil!.chainId]: anvil!.rpcUrl, [mainnet!.chainId]: mainnet!.rpcUrl } });
  context = await browser.newContext({ viewport: { width: 1024, height: 768 }, reducedMotion: 'reduce' });
  page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  await page.goto(`${stack.demoUrl}?siwx=required&networks=evm&relay=${encodeURIComponent(relayUrl)}`);
  await page.waitForFunction(() => Boolean((window as any).__latchkey));
  // Whether the sign-in view ever shows, however briefly.
  await page.evaluate(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="siwx-sign-message"]')) (window as any).__sawSignView = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
}, 120_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await wallet?.stop();
  await ownRelay?.stop();
  await stack?.stop();
}, 30_000);

const dialog = () => page.getByRole('dialog');
const session = () => page.getByTestId('siwx-session');

it('one approval in the wallet connects and signs in; the sign-in view never shows; a reload keeps the session', async () => {
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click();
  await dialog().getByRole('button', { name: /WalletConnect/ }).click();
  const qr = dialog().getByRole('img', { name: 'QR code for WalletConnect' });
  await page.waitForFunction(() => /^wc:/.test(document.querySelector('[aria-label="QR code for WalletConnect"]')?.getAttribute('data-value') ?? ''));
  const shownAt = Date.now();
  const uri = (await qr.getAttribute('data-value'))!;
  expect(uri).toContain('methods=wc_sessionAuthenticate');

  const from = wallet.events.length;
  wallet.send({ cmd: 'pair', uri });
  await page.waitForSelector('[data-testid="siwx-session"][data-status="signed"]', { timeout: 20_000 });
  const signedAt = Date.now();
  // asked once: one authenticate request, no proposal, no separate signature
  const approved = await wallet.waitFor((e) => e.type === 'authApproved', { from, what: 'the sign-in approval' });
  const asked = wallet.events.slice(from).find((e) => e.type === 'authenticate')!;
  console.log(
    `WalletConnect one-click sign-in (e2e, Chromium, local relay): pairing link shown → signed in ${signedAt - shownAt} ms ` +
      `(the wallet had the request after ${asked.at - shownAt} ms and approved after ${approved.at - shownAt} ms)`,
  );
  const seen = wallet.events.slice(from).map((e) => e.type);
  expect(seen.filter((t) => t === 'authenticate')).toHaveLength(1);
  expect(seen).not.toContain('proposal');
  expect(wallet.events.slice(from).filter((e) => e.type === 'request')).toEqual([]);
  expect(approved['accounts']).toContain(`eip155:31337:${ANVIL_ACCOUNT_0}`);

  // the session is the wallet's signature over the message it was shown, for the connected account and chain
  expect(await session().getAttribute('data-address')).toBe(ANVIL_ACCOUNT_0);
  expect(await session().getAttribute('data-chain')).toBe('eip155:31337');
  expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: approved['message'], signature: approved['signature'] as Hex })).toBe(true);
  const stored = await page.evaluate(() => Object.entries(localStorage).find(([k]) => /siwx/.test(k))?.[1] ?? '');
  expect(stored).toContain(approved['signature']);
  await page.getByTestId('account-address').filter({ hasText: ANVIL_ACCOUNT_0 }).waitFor();
  await dialog().waitFor({ state: 'detached' });
  expect(await page.evaluate(() => (window as any).__sawSignView ?? false)).toBe(false);

  // a reload: the WalletConnect session and the sign-in are restored, nothing is asked
  const before = wallet.events.length;
  await page.reload();
  await page.waitForFunction(() => Boolean((window as any).__latchkey));
  await page.waitForSelector('[data-testid="account-status"]:text-is("connected")', { timeout: 20_000 });
  await page.waitForSelector('[data-testid="siwx-session"][data-status="signed"]', { timeout: 20_000 });
  expect(await dialog().count()).toBe(0);
  expect(wallet.events.slice(before).filter((e) => e.type === 'authenticate' || e.type === 'request' || e.type === 'proposal')).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
