/**
 * The third-party plugin sample (samples/third-party-plugin) as its author works on it: in a
 * fresh project holding only the sample and Latchkey installed from the packed tarball, its
 * build (esbuild + tsc declarations, node16 resolution) and its own tests (node --test, against
 * a real anvil) pass; then its example page, in Chromium, connects a wallet through the modal
 * and the plugin's view opens from the Account view's "Gas" button, showing the fees anvil
 * reports; with `locale: 'es'` the modal, the plugin's button, its view's title and its table
 * read Spanish.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, withPage } from '../support/chromium';
import { startAnvilNode } from '../../samples/data-service/testing/harness';
import { serveStatic, type StaticServer } from '../support/static';
import { installTarball } from '../support/tarball';

const ROOT = join(__dirname, '..', '..');
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'; // anvil's first dev account (unlocked)
let dir: string;
let anvil: { url: string; stop(): Promise<void> };
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lk-third-party-'));
  cpSync(join(ROOT, 'samples/third-party-plugin'), dir, { recursive: true, filter: (src) => !/[/\\](node_modules|dist|dist-test)$/.test(src) });
  [anvil, browser] = await Promise.all([
    startAnvilNode({ chainId: 31337 }),
    launchBrowser(),
    // the sample's devDependencies, as `npm install` would give them
    installTarball(dir, ['esbuild', '@esbuild', 'typescript', '@types/react', '@types/prop-types', 'csstype', 'react', 'react-dom', 'scheduler', 'loose-envify', 'js-tokens', 'inversify', '@inversifyjs']),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

function npm(script: string, env: Record<string, string> = {}): { status: number | null; output: string } {
  const r = spawnSync('npm', ['run', '-s', script], { cwd: dir, encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env } });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

it('builds against the tarball: bundle split into manifest, module and view chunks, declarations type-checked', () => {
  const r = npm('build');
  expect(r.output.replace(/npm warn.*\n?/gi, '').trim()).toBe('');
  expect(r.status).toBe(0);
  const built = spawnSync('find', ['dist', '-type', 'f'], { cwd: dir, encoding: 'utf8' }).stdout.split('\n').sort();
  expect(built).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/module.d.ts']));
  expect(built.some((f) => /^dist\/chunks\/module-.+\.js$/.test(f))).toBe(true);
  expect(built.some((f) => /^dist\/chunks\/GasTracker-.+\.js$/.test(f))).toBe(true);
  // each language its own chunk, and the manifest's texts in one more, loaded only when asked for
  for (const chunk of ['es', 'fr', 'ar', 'labels']) expect(built.some((f) => new RegExp(`^dist/chunks/${chunk}-.+\\.js$`).test(f))).toBe(true);
}, 150_000);

it("passes its own tests (node --test), the service's against anvil", () => {
  const r = npm('test', { GAS_TEST_RPC_URL: anvil.url, GAS_TEST_CHAIN_ID: '31337' });
  const count = (name: string) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(r.output)?.[1]);
  if (r.status !== 0) throw new Error(r.output);
  expect(count('fail')).toBe(0);
  expect(count('pass')).toBeGreaterThanOrEqual(8);
}, 150_000);

/** In the page before its scripts: a wallet announced through EIP-6963 that forwards to anvil (whose dev account is unlocked). */
function announceAnvilWallet({ rpc, account }: { rpc: string; account: string }) {
  let id = 0;
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account];
      if (method === 'wallet_switchEthereumChain') return null;
      const res = await fetch(rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] }) });
      const body = await res.json();
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
      return body.result;
    },
    on() {},
    removeListener() {},
  };
  const info = { uuid: '5b1c3c1e-0000-4000-8000-000000000001', name: 'Anvil Test Wallet', icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E', rdns: 'dev.latchkey.anvil-test' };
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}

it("opens the plugin's view from the Account view and shows the fees the chain reports", async () => {
  const example = npm('example');
  expect(example.status).toBe(0);
  server = await serveStatic(join(dir, 'example'));
  await withPage(browser, async (page) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.addInitScript(announceAnvilWallet, { rpc: anvil.url, account: ACCOUNT });
    await page.goto(`${server.url}/?rpc=${encodeURIComponent(anvil.url)}`);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Anvil Test Wallet' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /0xf3…/ }).first().click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await account.getByRole('button', { name: 'Gas' }).click();
    const view = page.getByRole('dialog', { name: 'Network fees' });
    await view.getByRole('table', { name: 'Network fees' }).waitFor();
    for (const tier of ['Slow', 'Normal', 'Fast']) await view.getByRole('rowheader', { name: tier }).waitFor();
    // the base fee shown is the one anvil reports for the next block
    const feeHistory = await fetch(anvil.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_feeHistory', params: ['0x1', 'latest', []] }),
    }).then((r) => r.json() as Promise<{ result: { baseFeePerGas: string[] } }>);
    const next = BigInt(feeHistory.result.baseFeePerGas.at(-1)!);
    expect(await view.getByTestId('gas-base-fee').getAttribute('data-wei')).toBe(next.toString());
    expect(BigInt((await view.getByTestId('gas-normal').getAttribute('data-max-fee'))!)).toBeGreaterThanOrEqual(next * 2n);
    expect(errors).toEqual([]);
  }, { screenshot: 'third-party-plugin.png' });
}, 90_000);

it("shows the plugin's button, title and view in the visitor's language (Spanish)", async () => {
  server ??= await serveStatic(join(dir, 'example'));
  await withPage(browser, async (page) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.addInitScript(announceAnvilWallet, { rpc: anvil.url, account: ACCOUNT });
    await page.goto(`${server.url}/?locale=es&rpc=${encodeURIComponent(anvil.url)}`);
    await page.getByRole('button', { name: 'Conectar billetera' }).click();
    await page.getByRole('dialog', { name: 'Conectar billetera' }).getByRole('button', { name: 'Anvil Test Wallet' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /0xf3…/ }).first().click();
    await page.getByRole('dialog', { name: 'Cuenta' }).getByRole('button', { name: 'Gas' }).click();
    const view = page.getByRole('dialog', { name: 'Comisiones de red' });
    await view.getByRole('table', { name: 'Comisiones de red' }).waitFor();
    for (const tier of ['Lenta', 'Normal', 'Rápida']) await view.getByRole('rowheader', { name: tier }).waitFor();
    await view.getByRole('columnheader', { name: 'Velocidad' }).waitFor();
    expect(await view.getByTestId('gas-base-fee').textContent()).toMatch(/^Comisión base [\d.]+ gwei$/);
    expect(errors).toEqual([]);
  }, { screenshot: 'third-party-plugin-es.png' });
}, 90_000);
