/**
 * The Next.js example (samples/next-app: App Router, React 19 as Next bundles it, the packed
 * tarball in its node_modules) built with `next build` and served with `next start`, against the
 * local stack, in Debian's Chromium with the dev wallet injected as an extension would be:
 * - the server's HTML (a server component page rendering ConnectButton, NetworkButton and
 *   AccountButton of `latchkey/react`) holds the connect button;
 * - a page load, a connect through the modal, a reload and a disconnect raise no page error and
 *   no console error (React's hydration errors included), with the connection kept in a cookie
 *   (`/`: cookieStorage, then cookieToInitialState on the server) and in localStorage (`/local`);
 * - with the cookie, the reloaded page's server HTML already shows the account;
 *   with localStorage, the server renders "Connect Wallet" and the page hydrates without a
 *   mismatch, then shows the account.
 *
 * beforeAll: the build (minutes), then the stack and the browser. The build is made once per
 * source state and reused by later runs (tests/e2e/support/nextApp.ts: .cache/next-app/<key>).
 */
import * as esbuild from 'esbuild';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { launchBrowser } from '../support/chromium';
import { getFreePort, saveArtifact, startTestStack, type TestStack } from '../support/stack';
import { buildNextApp, startNextApp, type NextServer } from './support/nextApp';
import { REPO_ROOT } from '../support/artifacts';

const DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** The account button's address (4 + 6). */
const SHORT = /0xf3…b92266/i;
const WALLET_NAME = /^Latchkey Dev Wallet\b/;

let stack: TestStack;
let next: NextServer;
let browser: Browser;
let devWallet: string;

beforeAll(async () => {
  const port = await getFreePort();
  // The stack's wallet and data services allow the example's origin (NEXT_APP_PORT); this
  // file's environment is its own (jest gives each test file a copy of process.env).
  process.env.NEXT_APP_PORT = String(port);
  const wallet = esbuild.build({
    stdin: { contents: `import { installDevWallet } from './samples/dev-wallet/index';\ninstallDevWallet({ chains: window.__devWalletChains });`, resolveDir: REPO_ROOT, loader: 'ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  });
  // The build first (minutes when the sources changed, nothing when an earlier run built them),
  // so that it does not compete with the stack's start for the machine's two cores.
  const build = await buildNextApp();
  console.log(`next-app: ${build.built ? 'built' : 'reused the build'} in ${build.dir}`);
  [stack, browser, devWallet] = await Promise.all([startTestStack(), launchBrowser(), wallet.then((b) => b.outputFiles[0]!.text)]);
  next = await startNextApp(build.dir, port, { LATCHKEY_CONFIG_URL: stack.configUrl });
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await next?.stop();
  await stack?.stop();
}, 30_000);

interface Visit {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Page errors and console errors, in order. */
  readonly errors: string[];
}

async function visit(): Promise<Visit> {
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${String(e)}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()} (${m.location().url})`));
  const chains = stack.chains.map((c) => ({ chainId: c.chainId, name: c.name, rpcUrl: c.rpcUrl }));
  await page.addInitScript({ content: `window.__devWalletChains = ${JSON.stringify(chains)};\n${devWallet}` });
  return { context, page, errors };
}

/** Navigates (or reloads) and returns the server's HTML; resolves once the page hydrated (the buttons got their theme through CSSOM, in a layout effect). */
async function load(page: Page, go: () => Promise<Response | null>): Promise<string> {
  const response = await go();
  expect(response?.status()).toBe(200);
  const html = await response!.text();
  await page.locator('button[data-lk-btn][style]').first().waitFor();
  return html;
}

const status = (page: Page) => page.getByTestId('account-status');

async function connect(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click();
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: WALLET_NAME }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await expectText(status(page), 'connected');
  expect((await page.getByTestId('account-address').textContent())?.toLowerCase()).toBe(DEV_ACCOUNT.toLowerCase());
}

async function disconnect(page: Page): Promise<void> {
  await page.getByRole('navigation').getByRole('button', { name: SHORT }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).waitFor();
  await expectText(status(page), 'disconnected');
}

async function expectText(locator: ReturnType<Page['getByTestId']>, text: string): Promise<void> {
  await locator.filter({ hasText: new RegExp(`^${text}$`) }).waitFor();
}

/** The server's HTML of the connect button: its text and whether it is busy. */
function serverButton(html: string): string {
  const m = /<nav>(.*?)<\/nav>/s.exec(html);
  if (!m) throw new Error(`no <nav> in the server HTML:\n${html.slice(0, 2000)}`);
  return m[1]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

it('the server HTML of the server-component page holds the connect button and the network button', async () => {
  const res = await fetch(`${next.url}/`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toMatch(/<button[^>]*data-lk-btn[^>]*>Connect Wallet<\/button>/);
  expect(serverButton(html)).toBe('Connect Wallet Anvil');
  expect(html).toContain('data-testid="account-status">disconnected<');
  // no style attribute in server HTML (a strict CSP would block it): the theme comes through CSSOM
  expect(html).not.toMatch(/<button[^>]*data-lk-btn[^>]*style=/);
}, 60_000);

it.each([
  ['the cookie (/)', '/'],
  ['localStorage (/local)', '/local'],
])('with %s: load, connect through the modal, reload, disconnect: no page or console error', async (_label, path) => {
  const { context, page, errors } = await visit();
  try {
    const first = await load(page, () => page.goto(`${next.url}${path}`));
    expect(serverButton(first)).toBe('Connect Wallet Anvil');
    await connect(page);

    const reloaded = await load(page, () => page.reload());
    if (path === '/') {
      // the server read the cookie: the account (busy until the wallet confirms) is in its HTML
      expect(serverButton(reloaded)).toMatch(SHORT);
      expect(reloaded).toMatch(/<button[^>]*aria-busy="true"[^>]*>/);
      expect(reloaded).toContain('data-testid="account-status">connecting<');
      expect(reloaded.toLowerCase()).toContain(`data-testid="account-address">${DEV_ACCOUNT.toLowerCase()}<`);
    } else {
      // the server knows nothing of localStorage: it renders "Connect Wallet", the page hydrates that, then restores
      expect(serverButton(reloaded)).toBe('Connect Wallet Anvil');
    }
    await expectText(status(page), 'connected');
    await page.getByRole('navigation').getByRole('button', { name: SHORT }).waitFor();

    await disconnect(page);
    const after = await load(page, () => page.reload());
    expect(serverButton(after)).toBe('Connect Wallet Anvil');
    await expectText(status(page), 'disconnected');
    expect(errors).toEqual([]);
  } catch (err) {
    saveArtifact(`next-app${path === '/' ? '' : path.replace('/', '-')}.png`, await page.screenshot().catch(() => Buffer.alloc(0)));
    throw new Error(`${(err as Error).message}\npage errors: ${JSON.stringify(errors)}\n--- next start ---\n${next.output().slice(-3000)}`);
  } finally {
    await context.close();
  }
}, 120_000);
