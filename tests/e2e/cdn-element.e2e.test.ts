/**
 * Latchkey without React and without a build step: a static HTML page that loads only the CDN
 * files of the packed package (dist/cdn/element.js and dist/cdn/plugins/evm.js) with one
 * <script type="module">, no import map and no React of its own. In Chromium, with the dev
 * wallet (samples/dev-wallet, EIP-6963, anvil signs) injected as an extension would be, and
 * two anvil chains: <latchkey-button> connects (the `connected` event, the address on the
 * button), <latchkey-network-button> switches the network (the wallet follows), the Account
 * view disconnects (`disconnected`); the page requests no other plugin's files.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, withPage } from '../support/chromium';
import { serveStatic, type StaticServer } from '../support/static';
import { bundleDevWallet, devWalletInitScript } from './support/devWallet';
import { packedTarball } from '../support/tarball';
import { startAnvilNode, type AnvilNode } from '../../samples/data-service/testing/harness';

const ROOT = join(__dirname, '..', '..');
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'; // anvil's first dev account, the dev wallet's first
const CHAINS = [
  { chainId: 31337, name: 'Anvil' },
  { chainId: 31338, name: 'Anvil Two' },
] as const;

let dir: string;
let server: StaticServer;
let browser: Browser;
let anvils: AnvilNode[];
let devWallet: string;
let plugins: { name: string; source: string }[];

/** The page as a developer writes it: nothing but the CDN files. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Latchkey without React</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <latchkey-button theme="dark" label="Connect Wallet">Loading…</latchkey-button>
    <latchkey-network-button></latchkey-network-button>
    <script type="module">
      import { createLatchkey, defineNetwork } from './cdn/element.js';
      import { evmPlugin } from './cdn/plugins/evm.js';

      const q = new URLSearchParams(location.search);
      const chain = (id, name, rpc) => defineNetwork({
        id, name, chainNamespace: 'eip155',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpc] } },
      });
      createLatchkey({
        options: {
          projectId: 'cdn-page',
          networks: [chain(31337, 'Anvil', q.get('rpc1')), chain(31338, 'Anvil Two', q.get('rpc2'))],
          features: { analytics: false },
        },
        plugins: [evmPlugin()],
      });
      window.seen = [];
      const button = document.querySelector('latchkey-button');
      for (const type of ['connected', 'disconnected']) {
        button.addEventListener(type, (e) => window.seen.push({ type, detail: e.detail }));
      }
    </script>
  </body>
</html>
`;

/** The same kind of page in Arabic (the `locale` option, no label of the host's): right to left. */
const RTL_PAGE = `<!doctype html>
<html lang="ar">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
  </head>
  <body>
    <latchkey-button></latchkey-button>
    <script type="module">
      import { createLatchkey, defineNetwork } from './cdn/element.js';
      import { evmPlugin } from './cdn/plugins/evm.js';

      createLatchkey({
        options: {
          projectId: 'cdn-page',
          locale: 'ar',
          networks: [defineNetwork({
            id: 31337, name: 'Anvil', chainNamespace: 'eip155',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: { default: { http: [new URLSearchParams(location.search).get('rpc')] } },
          })],
          features: { analytics: false },
        },
        plugins: [evmPlugin()],
      });
    </script>
  </body>
</html>
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lk-cdn-element-'));
  let tarball: string;
  [tarball, browser, anvils] = await Promise.all([
    packedTarball(),
    launchBrowser(),
    Promise.all(CHAINS.map((c) => startAnvilNode({ chainId: c.chainId }))),
  ]);
  // the published CDN files, as a CDN serves them from the package
  execFileSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=2', 'package/dist/cdn']);
  writeFileSync(join(dir, 'index.html'), PAGE);
  writeFileSync(join(dir, 'rtl.html'), RTL_PAGE);
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { source?: string }> };
  plugins = Object.entries(pkg.exports)
    // plugin entries only (`./plugins/<name>`); a plugin's library subpath (`./plugins/embedded-wallet/protocol`) registers nothing
    .filter(([k]) => /^\.\/plugins\/[a-z0-9-]+$/.test(k))
    .map(([k, t]) => ({ name: k.slice('./plugins/'.length), source: join(ROOT, t.source!) }));
  // The dev wallet, injected before the page's scripts as a browser extension would be.
  devWallet = await bundleDevWallet();
  server = await serveStatic(dir);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await Promise.all((anvils ?? []).map((a) => a.stop()));
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

/** Relative files a CDN file imports (static and dynamic), as URLs. */
function importsOf(url: string): string[] {
  const path = new URL(url).pathname;
  const code = readFileSync(join(dir, path), 'utf8');
  const out: string[] = [];
  for (const m of code.matchAll(/(?:\bfrom|\bimport\s*\(?)\s*["'](\.{1,2}\/[^"']+)["']/g)) {
    out.push(new URL(posix.join(posix.dirname(path), m[1]!), url).href);
  }
  return out;
}

/** Every file reachable from `entries` through static and dynamic imports. */
function reachable(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    queue.push(...importsOf(url));
  }
  return seen;
}

it('connects, switches network and disconnects through the elements, loading only element.js, the evm plugin and their chunks', async () => {
  await withPage(browser, async (page) => {
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('request', (r) => requests.push(r.url()));
    const chains = CHAINS.map((c, i) => ({ chainId: c.chainId, name: c.name, rpcUrl: anvils[i]!.url }));
    await page.addInitScript({ content: devWalletInitScript(devWallet, chains) });
    const started = Date.now();
    await page.goto(`${server.url}/?rpc1=${encodeURIComponent(anvils[0]!.url)}&rpc2=${encodeURIComponent(anvils[1]!.url)}`);
    const button = page.locator('latchkey-button');
    const network = page.locator('latchkey-network-button');
    await button.getByRole('button', { name: 'Connect Wallet' }).click();
    console.log(`cdn page: connect button usable after ${Date.now() - started} ms`);
    // no React and no import map on the page: React lives inside element.js's chunks
    expect(await page.evaluate(() => ({ react: 'React' in window, importMap: document.querySelector('script[type="importmap"]') !== null }))).toEqual({ react: false, importMap: false });
    // theme="dark" reached the modal through the kernel's theme service
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
    await dialog.waitFor();
    expect(await page.locator('[data-latchkey-root] [data-lk-theme]').first().getAttribute('data-lk-theme')).toBe('dark');
    await dialog.getByRole('button', { name: /^Latchkey Dev Wallet\b/ }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await button.getByRole('button', { name: /0xf3…b92266/i }).waitFor();
    const seen = () => page.evaluate(() => (window as any).seen as { type: string; detail: { address: string; namespace: string; chainId: number } }[]);
    let events = await seen();
    expect(events.map((e) => e.type)).toEqual(['connected']);
    expect(events[0]!.detail).toEqual({ address: expect.stringMatching(new RegExp(`^${ACCOUNT}$`, 'i')), namespace: 'eip155', chainId: 31337 });

    // the network button opens the network list; the wallet switches with the page
    await network.getByRole('button', { name: 'Anvil' }).click();
    await page.getByRole('dialog').getByRole('list', { name: 'Networks' }).getByRole('button', { name: /^Anvil Two(\s|$)/ }).click();
    await network.getByRole('button', { name: 'Anvil Two' }).waitFor();
    expect(await page.evaluate(() => (window as any).__devWallet.provider.request({ method: 'eth_chainId' }))).toBe('0x7a6a');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // disconnect from the Account view
    await button.getByRole('button', { name: /0xf3…b92266/i }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click();
    await button.getByRole('button', { name: 'Connect Wallet' }).waitFor();
    events = await seen();
    expect(events.map((e) => e.type)).toEqual(['connected', 'disconnected']);
    expect(events[1]!.detail).toEqual({ address: expect.stringMatching(new RegExp(`^${ACCOUNT}$`, 'i')), namespace: 'eip155', chainId: 31338 });

    // requests: the page, element.js, plugins/evm.js and files reachable from those two only
    const ours = requests.filter((u) => u.startsWith(server.url));
    const others = requests.filter((u) => !u.startsWith(server.url) && !anvils.some((a) => u.startsWith(a.url)) && !u.startsWith('data:'));
    expect(others).toEqual([]);
    const js = ours.filter((u) => u.endsWith('.js'));
    const element = `${server.url}/cdn/element.js`;
    const evm = `${server.url}/cdn/plugins/evm.js`;
    expect(js).toEqual(expect.arrayContaining([element, evm]));
    const allowed = reachable([element, evm]);
    expect(js.filter((u) => !allowed.has(u))).toEqual([]);
    expect(plugins.map((p) => p.name)).toEqual(expect.arrayContaining(['evm', 'walletconnect', 'solana', 'bitcoin']));
    for (const { name } of plugins.filter((p) => p.name !== 'evm')) {
      // the plugin's own files (its entry, its module and views) were not requested
      const own = [...reachable([`${server.url}/cdn/plugins/${name}.js`])].filter((u) => !allowed.has(u));
      expect(own.length).toBeGreaterThan(0);
      expect(js.filter((u) => own.includes(u))).toEqual([]);
    }
    // each file once (the kernel and React load once for the element and the plugin)
    expect(js.length).toBe(new Set(js).size);
    const bytes = js.reduce((n, u) => n + readFileSync(join(dir, new URL(u).pathname)).length, 0);
    console.log(`cdn page: ${js.length} JS files requested (${(bytes / 1024).toFixed(1)} KiB uncompressed): ${js.map((u) => u.slice(server.url.length + 1)).join(' ')}`);
    expect(errors).toEqual([]);
  }, { screenshot: 'cdn-element.png' });
}, 120_000);

it('reads Arabic right to left: button and modal in Arabic, dir="rtl" on the modal root, Back and the wallet images on the right', async () => {
  await withPage(browser, async (page) => {
    await page.goto(`${server.url}/rtl.html?rpc=${encodeURIComponent(anvils[0]!.url)}`);
    await page.getByRole('button', { name: 'ربط المحفظة' }).click();
    const dialog = page.getByRole('dialog', { name: 'ربط المحفظة' });
    await dialog.getByRole('button', { name: /^كل المحافظ/ }).click();
    await page.getByRole('searchbox', { name: 'ابحث عن محفظة' }).waitFor();
    const layout = await page.evaluate(() => {
      const x = (sel: string) => document.querySelector(sel)!.getBoundingClientRect();
      const root = document.querySelector('[data-lk][dir]')!;
      const title = x('.lk-title');
      const item = document.querySelector('.lk-vlist .lk-item')!;
      return {
        dir: root.getAttribute('dir'),
        lang: root.getAttribute('lang'),
        backRightOfTitle: x('.lk-i-back').left >= title.right,
        closeLeftOfTitle: x('.lk-i-close').right <= title.left,
        backMirrored: getComputedStyle(document.querySelector('.lk-i-back')!).transform === 'matrix(-1, 0, 0, 1, 0, 0)',
        imageRightOfName: item.querySelector('.lk-wimg')!.getBoundingClientRect().left >= item.querySelector('.lk-item-name')!.getBoundingClientRect().right,
      };
    });
    expect(layout).toEqual({ dir: 'rtl', lang: 'ar', backRightOfTitle: true, closeLeftOfTitle: true, backMirrored: true, imageRightOfName: true });
  }, { screenshot: 'cdn-element-rtl.png' });
}, 60_000);

it('every plugin bundle exports what the library entry exports, under the same names', async () => {
  await withPage(browser, async (page) => {
    await page.goto(`${server.url}/`);
    const names = plugins.map((p) => p.name);
    // a string, so that jest's transform leaves the page's import() alone
    const exported = (await page.evaluate(
      `(async () => { const out = {}; for (const n of ${JSON.stringify(names)}) out[n] = Object.keys(await import('/cdn/plugins/' + n + '.js')).sort(); return out; })()`,
    )) as Record<string, string[]>;
    for (const { name, source } of plugins) {
      const library = Object.keys((await import(source)) as object).filter((k) => k !== '__esModule').sort();
      expect(library.some((k) => /Plugin$/.test(k))).toBe(true);
      expect({ name, exports: exported[name] }).toEqual({ name, exports: library });
    }
    const element = (await page.evaluate(`import('/cdn/element.js').then((m) => Object.keys(m))`)) as string[];
    expect(element).toEqual(expect.arrayContaining(['createLatchkey', 'defineNetwork']));
  });
}, 60_000);
