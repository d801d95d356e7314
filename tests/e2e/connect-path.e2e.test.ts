/**
 * The connect path a new user takes first (issue 8), in Chromium against the demo stack (two
 * anvil chains, the relay, the in-page dev wallet announced through EIP-6963):
 * - WalletConnect, Back, then the installed wallet ends connected, and stays connected after a
 *   reload: on a desktop by mouse, on a phone (AllWallets → a wallet that is not installed →
 *   Back → the installed one), and by keyboard alone;
 * - a QR code on show does not make the account `connecting`;
 * - closing the modal while the wallet's prompt is open, then reopening, returns to the
 *   pending view, and the connect finishes there;
 * - a declined connect and these flows log no console error.
 *
 * One stack and one browser for the file; every test gets a fresh context (fresh storage).
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { getAddress } from 'viem';
import { launchBrowser } from '../support/chromium';
import { startTestStack, type TestStack } from '../support/stack';
import { instrumentWallets } from './support/walletCalls';

jest.setTimeout(45_000);

const WALLET_NAME = 'Latchkey Dev Wallet';
const ANVIL_ACCOUNT_0 = getAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
};

let stack: TestStack;
let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let consoleErrors: string[];
const timings: Record<string, number> = {};

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  console.log(`connect-path timings: ${JSON.stringify(timings)}`);
  await browser?.close();
  await stack?.stop();
}, 30_000);

afterEach(async () => {
  await context?.close();
  context = undefined;
});

/**
 * Runs in the page before its scripts: records every account-status the page shows (with a
 * timestamp). The dev wallet's answers are held back by window.__delay[method] ms (./support/walletCalls).
 */
function instrument() {
  const w = window as any;
  w.__statuses = [];
  const t0 = performance.now();
  const watch = () => {
    const el = document.querySelector('[data-testid="account-status"]');
    if (!el) return void setTimeout(watch, 5);
    let last = '';
    const push = () => {
      const v = el.textContent ?? '';
      if (v !== last) w.__statuses.push({ at: Math.round(performance.now() - t0), status: (last = v) });
    };
    push();
    new MutationObserver(push).observe(el, { subtree: true, childList: true, characterData: true });
  };
  watch();
}

async function openDemo(options: Parameters<Browser['newContext']>[0] = {}): Promise<void> {
  context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1024, height: 768 }, ...options });
  page = await context.newPage();
  consoleErrors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  await page.addInitScript(instrument);
  await page.addInitScript(instrumentWallets, {});
  await page.goto(`${stack.demoUrl}?relay=${encodeURIComponent(stack.relayUrl)}`);
  await page.waitForFunction(() => Boolean((window as any).__devWallet && (window as any).__latchkey));
  await connectButton().waitFor();
}

const connectButton = () => page.getByRole('button', { name: 'Connect Wallet', exact: true });
const dialog = () => page.getByRole('dialog');
const qr = () => dialog().getByRole('img', { name: 'QR code for WalletConnect' });
const text = async (testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();
const statuses = (): Promise<{ at: number; status: string }[]> => page.evaluate(() => (window as any).__statuses);

async function waitForText(testId: string, expected: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction(({ testId, expected }) => document.querySelector(`[data-testid="${testId}"]`)?.textContent?.trim() === expected, { testId, expected }, { timeout });
}

/** Connected to the dev wallet, and still so a while later (the abandoned attempt's end came ~12 ms after, before the fix). */
async function expectConnectedAndStaying(): Promise<void> {
  await waitForText('account-address', ANVIL_ACCOUNT_0);
  await waitForText('account-status', 'connected');
  await dialog().waitFor({ state: 'detached' });
  await page.waitForTimeout(600);
  expect({ status: await text('account-status'), address: await text('account-address') }).toEqual({ status: 'connected', address: ANVIL_ACCOUNT_0 });
  const latest = (await statuses()).at(-1);
  expect(latest?.status).toBe('connected');
}

/** After a reload the restored connection ends connected, with no "Connect Wallet" in between. */
async function expectConnectedAfterReload(): Promise<void> {
  await page.reload();
  await page.waitForFunction(() => Boolean((window as any).__latchkey));
  await waitForText('account-status', 'connected');
  expect(await text('account-address')).toBe(ANVIL_ACCOUNT_0);
  expect(await connectButton().count()).toBe(0);
  const seen = (await statuses()).map((s) => s.status);
  expect(seen.at(-1)).toBe('connected');
  expect(seen).not.toContain('disconnected');
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === el.ownerDocument.activeElement).catch(() => false);
}

async function tabTo(target: Locator, { shift = false, max = 20 } = {}): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`focus never reached ${target} within ${max} presses`);
}

describe('WalletConnect, Back, then the installed wallet (issue 8)', () => {
  it('desktop, by mouse: a QR on show is not a connection; the installed wallet connects and stays connected, also after a reload', async () => {
    await openDemo();
    await connectButton().click();
    await dialog().getByRole('button', { name: /WalletConnect/ }).click();
    await qr().waitFor();
    // Showing the QR alone does not put the account into `connecting`.
    expect(await text('account-status')).toBe('disconnected');
    expect((await statuses()).map((s) => s.status)).not.toContain('connecting');

    const t0 = Date.now();
    await dialog().getByRole('button', { name: 'Back' }).click();
    await dialog().getByRole('button', { name: WALLET_NAME }).click();
    await expectConnectedAndStaying();
    timings['desktopBackToConnectedMs'] = Date.now() - t0 - 600;
    await expectConnectedAfterReload();
    expect(consoleErrors).toEqual([]);
  });

  it('phone: AllWallets → a wallet that is not installed (its pairing view) → Back → the installed wallet: connected, also after a reload', async () => {
    await openDemo(PHONE);
    await connectButton().click();
    await dialog().getByRole('button', { name: 'All Wallets' }).click();
    await dialog().getByRole('button', { name: 'MetaMask', exact: true }).click();
    // The pairing view for MetaMask: its deep link carries the wc: link once it exists.
    const open = dialog().getByTestId('wc-open-wallet');
    await open.waitFor();
    expect(await open.getAttribute('href')).toMatch(/^https:\/\/metamask\.app\.link\/wc\?uri=wc%3A/);
    expect(await text('account-status')).toBe('disconnected');

    await dialog().getByRole('button', { name: 'Back' }).click();
    await dialog().getByRole('button', { name: `${WALLET_NAME} Installed` }).click();
    await expectConnectedAndStaying();
    await expectConnectedAfterReload();
    expect(consoleErrors).toEqual([]);
  });

  it('by keyboard alone: Connect Wallet, WalletConnect, Back, the installed wallet: connected, also after a reload', async () => {
    await openDemo();
    await tabTo(connectButton());
    await page.keyboard.press('Enter');
    await dialog().waitFor();
    const wc = dialog().getByRole('button', { name: /WalletConnect/ });
    await tabTo(wc);
    await page.keyboard.press('Enter');
    await qr().waitFor();
    const back = dialog().getByRole('button', { name: 'Back' });
    await tabTo(back, { shift: true });
    await page.keyboard.press('Enter');
    const wallet = dialog().getByRole('button', { name: WALLET_NAME });
    await wallet.waitFor();
    await tabTo(wallet);
    await page.keyboard.press('Enter');
    await expectConnectedAndStaying();
    await expectConnectedAfterReload();
    expect(consoleErrors).toEqual([]);
  });
});

describe('closing the modal while the wallet is asked (issue 8)', () => {
  it('reopening returns to "Continue in {wallet}", and the connect finishes there', async () => {
    await openDemo();
    await page.evaluate(() => ((window as any).__delay.eth_requestAccounts = 1500));
    await connectButton().click();
    await dialog().getByRole('button', { name: WALLET_NAME }).click();
    await dialog().getByText(`Continue in ${WALLET_NAME}`).waitFor();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await text('account-status')).toBe('connecting');
    // The host's button says a connect is under way, and opening it leads back to it.
    expect(await connectButton().getAttribute('aria-busy')).toBe('true');
    await connectButton().click();
    await dialog().getByText(`Continue in ${WALLET_NAME}`).waitFor();
    await expectConnectedAndStaying();
    expect(consoleErrors).toEqual([]);
  });

  it('a declined connect reads "Connection declined", the account stays disconnected, and nothing is logged as an error', async () => {
    await openDemo();
    await page.evaluate(() => ((window as any).__devWallet.rejectNext = true));
    await connectButton().click();
    await dialog().getByRole('button', { name: WALLET_NAME }).click();
    await dialog().getByText('Connection declined').waitFor();
    expect(await text('account-status')).toBe('disconnected');
    await dialog().getByRole('button', { name: 'Try again' }).click();
    await expectConnectedAndStaying();
    expect(consoleErrors).toEqual([]);
  });
});
