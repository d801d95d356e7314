/**
 * Server rendering in Debian's Chromium, with the dev wallet injected as an extension would be and
 * the local stack's chains:
 * - React 19: the Next.js example (samples/next-app: App Router, React 19 as Next bundles it, the
 *   packed tarball in its node_modules) built with `next build` and served with `next start`;
 * - React 18 and React 19 in development: a page rendered per request by react-dom/server
 *   (tests/e2e/support/ssr-page, the packed tarball bundled by esbuild with React 18.3, or with
 *   the React 19 Next.js bundles) and hydrated with hydrateRoot. React 19 reports a mismatched
 *   attribute in development only, which `next start` (production) never runs.
 * For each: the server's HTML holds the connect button; a page load, a connect through the modal,
 * a reload and a disconnect raise no page error and no console error (React's hydration errors
 * included), with the connection kept in a cookie (`/`: cookieStorage, then cookieToInitialState
 * on the server) and in localStorage (`/local`); with the cookie, the reloaded page's server HTML
 * already shows the account; with localStorage, the server renders "Connect Wallet" and the page
 * hydrates that without a mismatch, then shows the account.
 *
 * beforeAll: the Next.js build (minutes, made once per source state and reused by later runs:
 * tests/e2e/support/nextApp.ts, .cache/next-app/<key>) and the React 18 and 19 pages' bundles,
 * then the stack and the browser, then the three servers.
 */
import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { launchBrowser } from '../support/chromium';
import { getFreePorts, saveArtifact, startTestStack, type TestStack } from '../support/stack';
import { buildNextApp, firstLoadJs, startNextApp, type ServerProcess } from './support/nextApp';
import { buildSsrPage, startSsrPage } from './support/ssrPage';
import { bundleDevWallet, devWalletInitScript } from './support/devWallet';

const DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** The account button's address (4 + 6). */
const SHORT = /0xf3…b92266/i;
const WALLET_NAME = /^Latchkey Dev Wallet\b/;

let stack: TestStack;
let browser: Browser;
let devWallet: string;
let ssrDirs: string[] = [];
/** The servers under test. */
const servers: { next?: ServerProcess; react18?: ServerProcess; react19dev?: ServerProcess } = {};

beforeAll(async () => {
  const [nextPort, react18Port, react19Port] = await getFreePorts(3);
  // A stack of the file's own (a run without shared stacks, LATCHKEY_SHARED_STACKS=0) allows the
  // example's origin for its wallet and data services (NEXT_APP_PORT; this file's environment is
  // its own: jest gives each test file a copy of process.env). The run's shared stack, booted
  // before this file, does not know this port: the paths tested here need neither service from
  // the page (the dev wallet talks to the chains; a CORS failure would be a console error).
  process.env.NEXT_APP_PORT = String(nextPort);
  // The builds first (the Next.js one takes minutes when the sources changed, nothing when an
  // earlier run built them), so that they do not compete with the stack's start for the cores.
  const [build, dir18, dir19, wallet] = await Promise.all([
    buildNextApp(),
    buildSsrPage(18),
    buildSsrPage(19),
    bundleDevWallet(),
  ]);
  ssrDirs = [dir18, dir19];
  devWallet = wallet;
  const kib = Object.entries(firstLoadJs(build.dir)).map(([route, bytes]) => `${route} ${(bytes / 1024).toFixed(1)} KiB`);
  console.log(`ssr: ${build.built ? 'built' : 'reused'} the Next.js example in ${build.dir}; first-load JS (uncompressed): ${kib.join(', ')}`);
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  [servers.next, servers.react18, servers.react19dev] = await Promise.all([
    startNextApp(build.dir, nextPort!, { LATCHKEY_CONFIG_URL: stack.configUrl }),
    startSsrPage(dir18, react18Port!, stack.chains),
    startSsrPage(dir19, react19Port!, stack.chains),
  ]);
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([servers.next?.stop(), servers.react18?.stop(), servers.react19dev?.stop()]);
  await stack?.stop();
  for (const dir of ssrDirs) rmSync(dir, { recursive: true, force: true });
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
  await page.addInitScript({ content: devWalletInitScript(devWallet, stack.chains) });
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

async function expectText(locator: ReturnType<Page['getByTestId']>, text: string): Promise<void> {
  await locator.filter({ hasText: new RegExp(`^${text}$`) }).waitFor();
}

async function connect(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click();
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: WALLET_NAME }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await expectText(status(page), 'connected');
  await page.getByRole('navigation').getByRole('button', { name: SHORT }).waitFor();
}

async function disconnect(page: Page): Promise<void> {
  await page.getByRole('navigation').getByRole('button', { name: SHORT }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).waitFor();
  await expectText(status(page), 'disconnected');
}

/** The text of the server's <nav> (the connect and network buttons). */
function serverButtons(html: string): string {
  const m = /<nav>(.*?)<\/nav>/s.exec(html);
  if (!m) throw new Error(`no <nav> in the server HTML:\n${html.slice(0, 2000)}`);
  return m[1]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

const TARGETS = [
  ['React 19, the Next.js example', 'next', '19'],
  ['React 18, react-dom/server and hydrateRoot', 'react18', '18'],
  ['React 19 in development, react-dom/server and hydrateRoot', 'react19dev', '19'],
] as const;

describe.each(TARGETS)('%s', (_name, key, major) => {
  const url = (path: string) => `${servers[key]!.url}${path}`;

  it('the server HTML holds the connect button and the network button', async () => {
    const res = await fetch(url('/'));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<button[^>]*data-lk-btn[^>]*>Connect Wallet<\/button>/);
    expect(serverButtons(html)).toBe('Connect Wallet Anvil');
    expect(html).toContain('data-testid="account-status">disconnected<');
    // no style attribute in server HTML (a strict CSP would block it): the theme comes through CSSOM
    expect(html).not.toMatch(/<button[^>]*data-lk-btn[^>]*style=/);
  }, 60_000);

  it.each([
    ['the cookie', '/'],
    ['localStorage', '/local'],
  ])('with %s (%s): load, connect through the modal, reload, disconnect: no page or console error', async (_label, path) => {
    const { context, page, errors } = await visit();
    try {
      const first = await load(page, () => page.goto(url(path)));
      expect(serverButtons(first)).toBe('Connect Wallet Anvil');
      if (key !== 'next') expect(await page.evaluate(() => (window as unknown as { __reactVersion: string }).__reactVersion)).toMatch(new RegExp(`^${major}\\.`));
      await connect(page);
      if (key === 'next') expect((await page.getByTestId('account-address').textContent())?.toLowerCase()).toBe(DEV_ACCOUNT.toLowerCase());

      const reloaded = await load(page, () => page.reload());
      if (path === '/') {
        // the server read the cookie: the account (busy until the wallet confirms) is in its HTML
        expect(serverButtons(reloaded)).toMatch(SHORT);
        expect(reloaded).toMatch(/<button[^>]*aria-busy="true"[^>]*>/);
        expect(reloaded).toContain('data-testid="account-status">connecting<');
      } else {
        // the server knows nothing of localStorage: it renders "Connect Wallet", the page hydrates that, then restores
        expect(serverButtons(reloaded)).toBe('Connect Wallet Anvil');
      }
      await expectText(status(page), 'connected');
      await page.getByRole('navigation').getByRole('button', { name: SHORT }).waitFor();

      await disconnect(page);
      const after = await load(page, () => page.reload());
      expect(serverButtons(after)).toBe('Connect Wallet Anvil');
      await expectText(status(page), 'disconnected');
      expect(errors).toEqual([]);
    } catch (err) {
      saveArtifact(`ssr-${key}${path === '/' ? '' : '-local'}.png`, await page.screenshot().catch(() => Buffer.alloc(0)));
      throw new Error(`${(err as Error).message}\npage errors: ${JSON.stringify(errors)}\n--- server ---\n${servers[key]!.output().slice(-3000)}`);
    } finally {
      await context.close();
    }
  }, 120_000);
});
