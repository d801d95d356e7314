/**
 * One-click sign-in over WalletConnect end to end (docs/account-features.md#sign-in-with-a-wallet-message):
 * the demo with a required sign-in and EVM chains only (`?siwx=required&networks=evm`) in Chromium, the local relay, anvil, and a
 * wallet we did not write (@reown/walletkit, tests/e2e/support/wcWallet.mjs) in a Node child
 * process, holding dev account 4 (alice.eth on the stack's ENS). The wallet is asked once (one
 * session proposal carrying the sign-in request, `connect({ authentication })`; no separate
 * personal_sign), the page ends signed in without showing the sign-in view, the account button
 * shows the account's ENS name and avatar (the identity follows a WalletConnect account as any
 * other), and a reload keeps it. A visitor who says no in the wallet reads "Connection declined".
 * Nothing is logged at warning or error level (WalletConnect's deprecated `authenticate` warned).
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

/** Dev account 4 (anvil's well-known test key), alice.eth on the stack's ENS (samples/contracts/ens.ts). */
const ALICE_KEY = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a';
const ALICE = getAddress('0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65');

let stack: TestStack;
let ownRelay: RelayProcess | undefined;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let wallet: WalletProcess;
/** What the page logs at warning or error level (a warning on this path is a defect too). */
const consoleErrors: string[] = [];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  const [anvil, mainnet] = stack.chains;
  let relayUrl = stack.relayUrl;
  if (!relayUrl) {
    ownRelay = await startRelayProcess();
    relayUrl = ownRelay.url;
  }
  wallet = await startWallet({ relayUrl, key: ALICE_KEY, rpc: { [anvil!.chainId]: anvil!.rpcUrl, [mainnet!.chainId]: mainnet!.rpcUrl } });
  context = await browser.newContext({ viewport: { width: 1024, height: 768 }, reducedMotion: 'reduce' });
  page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  await page.goto(`${stack.demoUrl}?siwx=required&networks=evm&relay=${encodeURIComponent(relayUrl)}`);
  await page.waitForFunction(() => Boolean((window as any).__latchkey));
  // Whether the sign-in view ever shows, however briefly.
  await page.evaluate(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="siwx-sign-message"]')) (window as any).__sawSignView = true;
      // when the page first shows the account connected (the sign-in time's breakdown)
      if (document.querySelector('[data-testid="account-status"]')?.textContent === 'connected') (window as any).__connectedAt ??= Date.now();
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

/** Opens the WalletConnect view and returns its pairing link once shown. */
async function pairingLink(): Promise<string> {
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click();
  await dialog().getByRole('button', { name: /WalletConnect/ }).click();
  await page.waitForFunction(() => /^wc:/.test(document.querySelector('[aria-label="QR code for WalletConnect"]')?.getAttribute('data-value') ?? ''));
  return (await dialog().getByRole('img', { name: 'QR code for WalletConnect' }).getAttribute('data-value'))!;
}

it('a visitor who says no in the wallet reads "Connection declined"; no fresh link is offered', async () => {
  const from = wallet.events.length;
  const rejected = await wallet.declinePairing(await pairingLink());
  expect(rejected['code']).toBe(5000);
  const alert = dialog().getByRole('alert');
  await alert.getByText('Connection declined').waitFor();
  expect(await alert.textContent()).toContain('The request was declined in the wallet.');
  await dialog().getByRole('button', { name: 'Retry' }).waitFor();
  // the one proposal carried the sign-in request; nothing else reached the wallet
  expect(wallet.events.slice(from).filter((e) => e.type === 'proposal').map((e) => e['signIns'])).toEqual([1]);
  expect(await page.getByTestId('account-status').textContent()).toBe('disconnected');
  await page.keyboard.press('Escape');
  await dialog().waitFor({ state: 'detached' });
  expect(consoleErrors).toEqual([]);
});

it('one approval in the wallet connects and signs in; the sign-in view never shows; the button shows alice.eth; a reload keeps the session', async () => {
  const uri = await pairingLink();
  const shownAt = Date.now();

  const from = wallet.events.length;
  wallet.send({ cmd: 'pair', uri });
  await page.waitForSelector('[data-testid="siwx-session"][data-status="signed"]', { timeout: 20_000 });
  const signedAt = Date.now();
  // asked once: one proposal carrying the sign-in request, no separate signature
  const approved = await wallet.waitFor((e) => e.type === 'authApproved', { from, what: 'the sign-in approval' });
  const asked = wallet.events.slice(from).find((e) => e.type === 'authenticate')!;
  console.log(
    `WalletConnect one-click sign-in (e2e, Chromium, local relay): pairing link shown → signed in ${signedAt - shownAt} ms ` +
      `(the wallet had the request after ${asked.at - shownAt} ms and approved after ${approved.at - shownAt} ms; ` +
      `the page showed the account connected after ${(await page.evaluate(() => (window as any).__connectedAt as number)) - shownAt} ms)`,
  );
  const seen = wallet.events.slice(from).map((e) => e.type);
  expect(seen.filter((t) => t === 'authenticate')).toHaveLength(1);
  expect(wallet.events.slice(from).filter((e) => e.type === 'proposal').map((e) => e['signIns'])).toEqual([1]);
  expect(wallet.events.slice(from).filter((e) => e.type === 'request')).toEqual([]);
  expect(approved['accounts']).toContain(`eip155:31337:${ALICE}`);

  // the session is the wallet's signature over the message it was shown, for the connected account and chain
  expect(await session().getAttribute('data-address')).toBe(ALICE);
  expect(await session().getAttribute('data-chain')).toBe('eip155:31337');
  expect(await verifyMessage({ address: ALICE, message: approved['message'], signature: approved['signature'] as Hex })).toBe(true);
  const stored = await page.evaluate(() => Object.entries(localStorage).find(([k]) => /siwx/.test(k))?.[1] ?? '');
  expect(stored).toContain(approved['signature']);
  await page.getByTestId('account-address').filter({ hasText: ALICE }).waitFor();
  await dialog().waitFor({ state: 'detached' });
  expect(await page.evaluate(() => (window as any).__sawSignView ?? false)).toBe(false);

  // the account's ENS identity on the account button: alice.eth and its avatar record's image
  const button = page.getByRole('button', { name: /alice\.eth/ });
  await button.waitFor();
  expect(stack.ens.names.find((n) => n.name === 'alice.eth')!.address).toBe(ALICE);
  expect(await button.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);

  // a reload: the WalletConnect session and the sign-in are restored, nothing is asked
  const before = wallet.events.length;
  await page.reload();
  await page.waitForFunction(() => Boolean((window as any).__latchkey));
  await page.waitForSelector('[data-testid="account-status"]:text-is("connected")', { timeout: 20_000 });
  await page.waitForSelector('[data-testid="siwx-session"][data-status="signed"]', { timeout: 20_000 });
  expect(await dialog().count()).toBe(0);
  expect(wallet.events.slice(before).filter((e) => e.type === 'authenticate' || e.type === 'request' || e.type === 'proposal')).toEqual([]);
  await page.getByRole('button', { name: /alice\.eth/ }).waitFor();
  expect(consoleErrors).toEqual([]);
});
