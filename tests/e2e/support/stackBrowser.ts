/**
 * What the e2e files on the demo stack share: one stack and one Chromium for the file, a fresh
 * browser context per test (so fresh storage), loading a page until its globals are set, and
 * JSON-RPC calls to a local chain.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page, Response } from 'playwright-core';
import { launchBrowser } from '../../support/chromium';
import { startTestStack, type StartTestStackOptions, type TestStack } from '../../support/stack';

/** The file's stack and browser (set in beforeAll) and the current test's context (set by newPage). */
export interface StackBrowser {
  readonly stack: TestStack;
  readonly browser: Browser;
  readonly context: BrowserContext;
  /**
   * Opens a fresh browser context (reduced motion and a 1024×768 viewport unless `options` say
   * otherwise; closed after the test) and returns a new page in it.
   */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

/**
 * Registers the file's hooks: beforeAll (120 s) starts the stack (`options.stack`, as
 * startTestStack takes them) and the browser together, then runs `ready` with them; afterAll
 * (30 s) closes the browser and stops the stack; afterEach closes the test's browser context.
 * Returns where the file finds them.
 */
export function useStackAndBrowser(ready?: (e2e: StackBrowser) => void | Promise<void>, options: { readonly stack?: StartTestStackOptions } = {}): StackBrowser {
  let stack: TestStack | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const e2e: StackBrowser = {
    get stack() {
      return stack!;
    },
    get browser() {
      return browser!;
    },
    get context() {
      return context!;
    },
    async newPage(options = {}) {
      context = await browser!.newContext({ reducedMotion: 'reduce', viewport: { width: 1024, height: 768 }, ...options });
      return context.newPage();
    },
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(options.stack), launchBrowser()]);
    await ready?.(e2e);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 30_000);

  afterEach(async () => {
    await context?.close();
  });

  return e2e;
}

/**
 * Loads `url` in `page` and waits until every one of the window `globals` is set (the demo's
 * `__latchkey`, its dev wallets); returns the navigation's response.
 */
export async function gotoReady(page: Page, url: string, globals: readonly string[]): Promise<Response | null> {
  const response = await page.goto(url);
  await page.waitForFunction((names) => names.every((name) => Boolean((window as any)[name])), globals);
  return response;
}

/** The host page's "Connect Wallet" button (LatchkeyProvider renders it once the kernel has started). */
export function connectWalletButton(page: Page) {
  return page.getByRole('button', { name: 'Connect Wallet', exact: true });
}

/** Calls `method` on the JSON-RPC endpoint at `url`; throws `{method}: {message}` when it answers an error. */
export async function jsonRpc(url: string, method: string, params: unknown[] = []): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}
