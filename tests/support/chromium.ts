/**
 * Debian's Chromium driven by playwright-core (no browser download).
 * Every launch gets a fresh profile.
 *
 * The tests run Debian's headless shell (package chromium-headless-shell: the same Chromium
 * build without the browser's UI layers, what playwright itself runs for headless tests) when it
 * is installed, else the full browser. Measured on modal.e2e (12 tests, one machine, same run):
 * Chromium's CPU 63.5 s with the full browser, 43.8 s with the shell; every e2e test passes on
 * both. The benchmark (scripts/bench) keeps the full browser, as visitors run it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import chromiumArgs from './chromium-args.json';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type BrowserServer, type LaunchOptions, type Page } from 'playwright-core';
import { saveArtifact } from './artifacts';

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const FULL_BROWSER = '/usr/bin/chromium';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);

/** Flags verified on these machines (see /work/shared/FACTS.md, "Browser tests"); shared with the benchmark. */
export const CHROMIUM_ARGS: readonly string[] = chromiumArgs;

/**
 * Test runs only (not the benchmark, which runs pages as visitors do): V8 in the pages stops at
 * its baseline compiler (Sparkplug), no optimising tiers. A test page lives for seconds, too short
 * for Maglev's and TurboFan's compiles to pay back. Measured on modal.e2e + views.e2e (16 tests,
 * one machine, runs interleaved): Chromium's CPU 83.1 and 81.2 s with the default tiers, 74.6 and
 * 72.9 s with `--max-opt=1`; on short visits (load, connect, Account view) no difference beyond
 * the noise. Every test passes either way.
 */
export const TEST_JS_FLAGS = '--js-flags=--max-opt=1';
const testArgs = (extra: readonly string[] = []): string[] => [...CHROMIUM_ARGS, ...(extra.some((a) => a.startsWith('--js-flags=')) ? [] : [TEST_JS_FLAGS]), ...extra];

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

function assertChromium(): void {
  if (!chromiumAvailable()) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium-headless-shell\` (or chromium; or set CHROMIUM_PATH).`);
  }
}

/**
 * Where the run's shared Chromium listens (set by the e2e project's globalSetup, ./e2eGlobalSetup.ts).
 * LATCHKEY_SHARED_BROWSER=0 turns it off: every file launches its own, as before.
 */
export const SHARED_BROWSER_ENV = 'LATCHKEY_TEST_BROWSER_WS';

/**
 * The run's one Chromium (playwright's browser server), launched by the e2e project's globalSetup
 * in jest's main process, which lives for the whole run. A launch costs about 0.8 s of CPU
 * (browser, GPU, network and zygote processes starting and stopping) and the e2e files made 27 of
 * them a run; the files now connect instead. Each file's connection has its own contexts, closed
 * when it closes the browser; each test still gets a fresh context (fresh storage and cookies).
 */
export async function launchSharedBrowser(): Promise<BrowserServer> {
  assertChromium();
  return chromium.launchServer({ headless: true, executablePath: CHROMIUM_PATH, args: testArgs() });
}

/**
 * Where globalSetup keeps the shared Chromium for globalTeardown: a global of jest's main process,
 * the one thing jest says the two share.
 */
export function sharedBrowserHolder(): { server?: BrowserServer } {
  const g = globalThis as { latchkeySharedBrowser?: { server?: BrowserServer } };
  return (g.latchkeySharedBrowser ??= {});
}

/**
 * Headless Chromium for a test file. With no options, in a run that has a shared Chromium
 * ({@link launchSharedBrowser}), a connection to it: `close()` then closes this file's contexts
 * and the connection, not the browser. Otherwise (options given, no shared browser, or it does not
 * answer) a launch of its own: playwright gives each `launch()` a fresh temporary user-data dir
 * (removed on close), so no state leaks between runs.
 */
export async function launchBrowser(options: Omit<LaunchOptions, 'executablePath'> = {}): Promise<Browser> {
  assertChromium();
  const shared = process.env[SHARED_BROWSER_ENV];
  if (shared && Object.keys(options).length === 0) {
    try {
      return await chromium.connect(shared, { timeout: 30_000 });
    } catch (err) {
      console.warn(`[latchkey] the run's shared Chromium at ${shared} did not answer (${(err as Error).message.split('\n')[0]}); this file launches its own`);
    }
  }
  return chromium.launch({
    headless: true,
    ...options,
    executablePath: CHROMIUM_PATH,
    args: testArgs(options.args),
  });
}

/**
 * A persistent context in a fresh user-data dir of our own (for tests that need
 * one profile across reloads and new pages); `close()` removes the dir.
 */
export async function launchPersistent(
  options: Parameters<typeof chromium.launchPersistentContext>[1] = {},
): Promise<{ context: BrowserContext; userDataDir: string; close(): Promise<void> }> {
  assertChromium();
  const userDataDir = mkdtempSync(join(tmpdir(), 'latchkey-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    headless: true,
    ...options,
    executablePath: CHROMIUM_PATH,
    args: testArgs(options.args),
  });
  return {
    context,
    userDataDir,
    close: async () => {
      await context.close().catch(() => {});
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
/**
 * Runs `body` with a page in a fresh context of `browser` (reduced motion unless `options` say
 * otherwise) and closes the context afterwards. When `body` throws and `screenshot` names a file,
 * a picture of the page goes to artifacts/ under that name first.
 */
export async function withPage<T>(
  browser: Browser,
  body: (page: Page) => Promise<T>,
  { screenshot, ...options }: BrowserContextOptions & { readonly screenshot?: string } = {},
): Promise<T> {
  const context = await browser.newContext({ reducedMotion: 'reduce', ...options });
  const page = await context.newPage();
  try {
    return await body(page);
  } catch (err) {
    if (screenshot) saveArtifact(screenshot, await page.screenshot());
    throw err;
  } finally {
    await context.close();
  }
}

export { saveArtifact, ARTIFACTS_DIR } from './artifacts';
