/**
 * WalletConnect end to end: the demo dapp in Chromium, the local relay, two anvil
 * chains, and a wallet we did not write (@reown/walletkit, tests/e2e/support/wcWallet.mjs)
 * in a Node child process. The link reaches the wallet the way a person moves it:
 * "Copy link" in the modal, then the clipboard.
 *
 * The tests run in order and share one page: a pairing the wallet declines → pair → account
 * shown → sign → a declined signature → send → switch chain → wallet-side disconnect → pair
 * again → dapp-side disconnect. A CPU hog (`node -e 'for(;;){}'`) runs beside the whole file, as
 * on a loaded machine or a slow phone: every step of it logs nothing at error level (issue 20:
 * sign-client's start-up replay met the settle of a pairing approved at once).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EVM_SESSION_METHODS } from '../../plugins/walletconnect/sessionNamespaces';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { getAddress, verifyMessage, type Hex } from 'viem';
import { startRelayProcess, type RelayProcess } from '../../samples/relay/testing/relayProcess';
import { launchBrowser } from '../support/chromium';
import { saveArtifact } from '../support/artifacts';
import { startTestStack, type TestStack } from '../support/stack';
import { startWallet, type WalletProcess } from './support/wcWallet';

jest.setTimeout(45_000);

const ANVIL_ACCOUNT_0 = getAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
const DEMO_MESSAGE = 'Hello from the Latchkey demo';
// The session-method list (docs/connection.md#session-methods) is checked in plugins/walletconnect/helpers.test.ts; here: the wallet receives exactly it.
const EVM_METHODS = EVM_SESSION_METHODS;

let stack: TestStack;
let hog: ChildProcess;
let ownRelay: RelayProcess | undefined;
let relayUrl: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let wallet: WalletProcess;
let anvil: { chainId: number; name: string; rpcUrl: string };
let mainnet: { chainId: number; name: string; rpcUrl: string };
const timings: Record<string, number> = {};

beforeAll(async () => {
  hog = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  [anvil, mainnet] = stack.chains as [typeof anvil, typeof mainnet];
  // The stack runs the relay when it can; otherwise this file starts its own and tells the page (?relay=).
  if (stack.relayUrl) relayUrl = stack.relayUrl;
  else {
    ownRelay = await startRelayProcess();
    relayUrl = ownRelay.url;
  }
  wallet = await startWallet({ relayUrl, rpc: { [anvil.chainId]: anvil.rpcUrl, [mainnet.chainId]: mainnet.rpcUrl } });
  context = await browser.newContext({ viewport: { width: 1024, height: 768 }, reducedMotion: 'reduce' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(stack.demoUrl).origin });
  page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await page.goto(`${stack.demoUrl}?relay=${encodeURIComponent(relayUrl)}`);
  await page.waitForFunction(() => Boolean((window as any).__latchkey));
}, 120_000);

const consoleErrors: string[] = [];

afterAll(async () => {
  saveArtifact('walletconnect/e2e-timings.json', JSON.stringify({ timings, walletEvents: wallet?.events }, null, 2));
  await context?.close().catch(() => undefined);
  await browser?.close();
  hog?.kill('SIGKILL');
  await wallet?.stop();
  await ownRelay?.stop();
  await stack?.stop();
}, 30_000);

const connectButton = () => page.getByRole('button', { name: 'Connect Wallet', exact: true });
const dialog = () => page.getByRole('dialog');
const text = async (testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();

async function waitForText(testId: string, expected: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    ({ testId, expected }) => document.querySelector(`[data-testid="${testId}"]`)?.textContent?.trim() === expected,
    { testId, expected },
    { timeout },
  );
}

async function rpc(url: string, method: string, params: unknown[] = []): Promise<any> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await res.json()) as { result: unknown }).result;
}

/** Opens the modal, picks WalletConnect, copies the link; returns it (read back from the clipboard). */
async function copyLinkFromModal(): Promise<string> {
  await connectButton().click();
  const entry = dialog().getByRole('button', { name: /WalletConnect/ });
  await entry.click();
  const copy = dialog().getByRole('button', { name: /Copy link/ });
  await page.waitForFunction(() => {
    const b = [...document.querySelectorAll('button')].find((x) => /Copy link/.test(x.getAttribute('aria-label') ?? x.textContent ?? ''));
    return b && !b.disabled;
  });
  const qr = dialog().getByRole('img', { name: 'QR code for WalletConnect' });
  const qrValue = await qr.getAttribute('data-value');
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await copy.click();
  await page.getByText('Link copied').waitFor();
  const uri = await page.evaluate(() => navigator.clipboard.readText());
  expect(uri).toBe(qrValue);
  return uri;
}

describe('WalletConnect through the local relay', () => {
  it('a pairing the wallet declines reads "Connection declined" with a Retry, and nothing is logged as an error', async () => {
    await wallet.declinePairing(await copyLinkFromModal());
    const alert = dialog().getByRole('alert');
    await alert.getByText('Connection declined').waitFor();
    expect(await alert.textContent()).toContain('The request was declined in the wallet.');
    await dialog().getByRole('button', { name: 'Retry' }).waitFor();
    expect(await text('account-status')).toBe('disconnected');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(consoleErrors).toEqual([]);
  });

  it('copy the link, the wallet pairs and approves, the dapp shows its account', async () => {
    const uri = await copyLinkFromModal();
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*symKey=[0-9a-f]{64}/);
    const from = wallet.events.length;
    const t0 = Date.now();
    wallet.send({ cmd: 'pair', uri });
    await waitForText('account-address', ANVIL_ACCOUNT_0);
    timings['connectMs'] = Date.now() - t0;
    const approved = await wallet.waitFor((e) => e.type === 'approved', { from, what: 'approval' });
    const proposal = wallet.events.slice(from).find((e) => e.type === 'proposal')!;
    timings['pairToApprovedMs'] = approved.at - t0;
    console.log(`WalletConnect e2e: link pasted → account shown in ${timings['connectMs']} ms (wallet approved after ${timings['pairToApprovedMs']} ms)`);

    expect(await text('account-status')).toBe('connected');
    expect(await connectButton().count()).toBe(0);
    // the proposal carried the session namespaces of docs/connection.md#session-methods: fixed methods, both events, the configured chains
    const ns = { ...proposal['optionalNamespaces'].eip155, ...proposal['requiredNamespaces'].eip155 };
    expect(ns.methods).toEqual(EVM_METHODS);
    expect(ns.events).toEqual(['accountsChanged', 'chainChanged']);
    expect(ns.chains).toEqual([`eip155:${anvil.chainId}`, `eip155:${mainnet.chainId}`]);
    expect(approved['accounts']).toContain(`eip155:${anvil.chainId}:${ANVIL_ACCOUNT_0}`);
    // the modal closed on success
    expect(await dialog().count()).toBe(0);
    expect(await text('network-name')).toBe(anvil.name);
    // a normal approval logs nothing at error level (issue 8: a quiet console)
    expect(consoleErrors).toEqual([]);
  });

  it('personal_sign from the demo goes to the wallet and verifies', async () => {
    const from = wallet.events.length;
    const t0 = Date.now();
    await page.getByRole('button', { name: 'Sign message' }).click();
    await page.waitForSelector('[data-testid="sign-result"][data-status="done"], [data-testid="sign-result"][data-status="error"]', { timeout: 15_000 });
    timings['signMs'] = Date.now() - t0;
    const result = page.getByTestId('sign-result');
    expect({ status: await result.getAttribute('data-status'), text: await text('sign-result') }).toMatchObject({ status: 'done' });
    const signature = (await result.getAttribute('data-signature')) as Hex;
    const request = await wallet.waitFor((e) => e.type === 'request' && e['method'] === 'personal_sign', { from });
    expect(request['params'][1].toLowerCase()).toBe(ANVIL_ACCOUNT_0.toLowerCase());
    expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: DEMO_MESSAGE, signature })).toBe(true);
    expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: `${DEMO_MESSAGE}!`, signature })).toBe(false);
  });

  it('a signature the wallet declines reads as a rejection, and nothing is logged as an error', async () => {
    const from = wallet.events.length;
    wallet.send({ cmd: 'rejectNext' });
    await wallet.waitFor((e) => e.type === 'rejectNext', { from });
    await page.getByRole('button', { name: 'Sign message' }).click();
    await page.waitForSelector('[data-testid="sign-result"][data-status="error"], [data-testid="sign-result"][data-status="done"]', { timeout: 15_000 });
    const result = page.getByTestId('sign-result');
    expect({ status: await result.getAttribute('data-status'), text: await text('sign-result') }).toEqual({ status: 'error', text: 'The user rejected the request.' });
    await wallet.waitFor((e) => e.type === 'response' && e['error'] === 4001, { from });
    expect(await text('account-status')).toBe('connected');
    expect(consoleErrors).toEqual([]);
  });

  it('a transaction from the demo is signed by the wallet and mined on anvil', async () => {
    const from = wallet.events.length;
    await page.getByRole('button', { name: 'Send 0.01 ETH' }).click();
    await page.waitForSelector('[data-testid="send-result"][data-status="done"], [data-testid="send-result"][data-status="error"]', { timeout: 20_000 });
    const result = page.getByTestId('send-result');
    expect({ status: await result.getAttribute('data-status'), text: await text('send-result') }).toMatchObject({ status: 'done' });
    const hash = (await result.getAttribute('data-hash'))!;
    const request = await wallet.waitFor((e) => e.type === 'request' && e['method'] === 'eth_sendTransaction', { from });
    expect(request['chainId']).toBe(`eip155:${anvil.chainId}`);
    const receipt = await rpc(anvil.rpcUrl, 'eth_getTransactionReceipt', [hash]);
    expect(receipt).toMatchObject({ status: '0x1', from: ANVIL_ACCOUNT_0.toLowerCase() });
  });

  it('a chain switch goes through the session: the wallet is asked and the dapp follows', async () => {
    const from = wallet.events.length;
    await page.getByTestId(`switch-${mainnet.chainId}`).click();
    await waitForText('network-name', mainnet.name);
    const request = await wallet.waitFor((e) => e.type === 'request' && e['method'] === 'wallet_switchEthereumChain', { from });
    expect(Number(request['params'][0].chainId)).toBe(mainnet.chainId);
    // the next request goes to the new chain
    const before = wallet.events.length;
    await page.getByRole('button', { name: 'Send 0.01 ETH' }).click();
    const sent = await wallet.waitFor((e) => e.type === 'response' && e['method'] === 'eth_sendTransaction', { from: before, timeoutMs: 20_000 });
    expect(sent['chainId']).toBe(`eip155:${mainnet.chainId}`);
    expect(await rpc(mainnet.rpcUrl, 'eth_getTransactionReceipt', [sent['result']])).toMatchObject({ status: '0x1' });
  });

  it('a disconnect from the wallet side returns the dapp to "Connect Wallet"', async () => {
    const t0 = Date.now();
    wallet.send({ cmd: 'disconnect' });
    await connectButton().waitFor({ timeout: 15_000 });
    timings['walletDisconnectMs'] = Date.now() - t0;
    expect(await text('account-status')).toBe('disconnected');
    expect(await text('account-address')).toBe('Not connected');
  });

  it('pairs again, and a disconnect from the dapp side reaches the wallet', async () => {
    const uri = await copyLinkFromModal();
    const from = wallet.events.length;
    const t0 = Date.now();
    wallet.send({ cmd: 'pair', uri });
    await waitForText('account-address', ANVIL_ACCOUNT_0);
    timings['reconnectMs'] = Date.now() - t0;
    const approved = await wallet.waitFor((e) => e.type === 'approved', { from });
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await connectButton().waitFor({ timeout: 15_000 });
    const deleted = await wallet.waitFor((e) => e.type === 'session_delete', { from, what: 'session_delete in the wallet' });
    expect(deleted['topic']).toBe(approved['topic']);
    wallet.send({ cmd: 'sessions' });
    const sessions = await wallet.waitFor((e) => e.type === 'sessions', { from });
    expect(sessions['topics']).toEqual([]);
    // sends, a switch and disconnects from either side are normal outcomes: nothing at error level
    expect(consoleErrors).toEqual([]);
    console.log(`WalletConnect e2e timings: ${JSON.stringify(timings)}`);
  });
});
