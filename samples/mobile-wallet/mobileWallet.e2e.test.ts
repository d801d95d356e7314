/**
 * The sample mobile wallet page in Chromium, paired through the stack's local relay with a dapp
 * on @walletconnect/universal-provider running in a Node child process (testing/dapp.mjs):
 * paste the link, approve, personal_sign (the signature verifies), a transaction on anvil,
 * a chain switch, a rejected request, and a disconnect from the page that reaches the dapp.
 * One stack, one browser, one page; the steps run in order.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { toHex, verifyMessage, type Hex } from 'viem';
import { launchBrowser } from '../../tests/support/chromium';
import { formatEth } from './logic';
import { saveArtifact, startTestStack, type TestStack } from '../../tests/support/stack';

const REPO_ROOT = join(__dirname, '../..');
const ANVIL_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ANVIL_ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const DAPP_NAME = 'Node test dapp';

interface DappEvent {
  event: string;
  [key: string]: any;
}

/** testing/dapp.mjs in a child process: JSON lines out, JSON commands in. */
class NodeDapp {
  readonly events: DappEvent[] = [];
  output = '';
  private waiters: Array<() => void> = [];
  private nextId = 1;
  private readonly child: ChildProcessWithoutNullStreams;
  readonly exited: Promise<number | null>;

  constructor(relayUrl: string, rpc31337: string, rpc1: string, options: { signIn?: boolean } = {}) {
    this.child = spawn(
      process.execPath,
      [join(REPO_ROOT, 'samples/mobile-wallet/testing/dapp.mjs'), '--relay', relayUrl, '--rpc31337', rpc31337, '--rpc1', rpc1, ...(options.signIn ? ['--sign-in'] : [])],
      { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let buffer = '';
    this.child.stdout.on('data', (d) => {
      this.output += d;
      buffer += d;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        try {
          this.events.push(JSON.parse(line));
        } catch {
          // not ours (a library's log line)
        }
        for (const w of this.waiters.splice(0)) w();
      }
    });
    this.child.stderr.on('data', (d) => (this.output += d));
    this.exited = new Promise((r) => this.child.once('exit', (code) => r(code)));
  }

  waitFor(match: (e: DappEvent) => boolean, what: string, timeoutMs = 10_000): Promise<DappEvent> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`dapp: no ${what} within ${timeoutMs} ms\n--- dapp output ---\n${this.output.slice(-3000)}`)), timeoutMs);
      const check = () => {
        const found = this.events.find(match);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else this.waiters.push(check);
      };
      check();
    });
  }

  /** Sends a command; resolves with its `result` event. */
  command(cmd: Record<string, unknown>, timeoutMs = 15_000): Promise<DappEvent> {
    const id = this.nextId++;
    this.child.stdin.write(`${JSON.stringify({ id, ...cmd })}\n`);
    return this.waitFor((e) => e.event === 'result' && e.id === id, `result of ${JSON.stringify(cmd)}`, timeoutMs);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

async function rpc(url: string, method: string, params: unknown[] = []): Promise<any> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = await res.json();
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

async function waitForReceipt(url: string, hash: string, timeoutMs = 5000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await rpc(url, 'eth_getTransactionReceipt', [hash]);
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`no receipt for ${hash} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let stack: TestStack;
let browser: Browser;
let page: Page;
let dapp: NodeDapp;
const external: string[] = [];
const pageErrors: string[] = [];
const cspRefusals: string[] = [];

async function shot(name: string) {
  saveArtifact(`mobile-wallet/${name}.png`, await page.screenshot({ fullPage: true }));
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack({ requireDemoBuild: false }), launchBrowser()]);
  if (!stack.walletBuildOk) throw new Error(`the sample wallet did not build:\n${stack.walletBuildErrors.join('\n')}`);
  // A phone-sized page.
  page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (host !== '127.0.0.1') external.push(r.url());
  });
  page.on('pageerror', (err) => pageErrors.push(err.message));
  page.on('console', (m) => {
    if (/Content Security Policy/.test(m.text())) cspRefusals.push(m.text());
  });
}, 120_000);

afterAll(async () => {
  await dapp?.stop();
  await browser?.close();
  await stack?.stop();
}, 30_000);

afterEach(async () => {
  // On failure the last screenshot shows where it stopped.
  if (page) await shot('last').catch(() => {});
});

it('serves the wallet page at /wallet/ with a CSP that allows only the local stack, and starts', async () => {
  const res = await fetch(stack.walletUrl);
  expect(res.status).toBe(200);
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain(`connect-src 'self' ${stack.relayUrl} ${stack.chains.map((c) => c.rpcUrl).join(' ')}`);
  // /wallet keeps a deep link's query on its way to /wallet/
  const redirect = await fetch(`${stack.walletUrl.replace(/\/$/, '')}?uri=x`, { redirect: 'manual' });
  expect(redirect.status).toBe(308);
  expect(redirect.headers.get('location')).toBe('/wallet/?uri=x');

  await page.goto(stack.walletUrl);
  await page.waitForSelector('main[data-status="ready"]', { timeout: 15_000 });
  await expect(page.getByText(ANVIL_ACCOUNT_0).isVisible()).resolves.toBe(true);
  // The stack is shared with the worker's other test files, which may have spent from account 0:
  // the page shows what each chain holds now.
  for (const chain of stack.chains) {
    const wei = BigInt(await rpc(chain.rpcUrl, 'eth_getBalance', [ANVIL_ACCOUNT_0, 'latest']));
    await page.getByText(`${formatEth(wei)} ETH`, { exact: false }).first().waitFor({ timeout: 5000 });
  }
  await shot('1-ready');
}, 30_000);

it('pairs with a pasted link, shows the proposal and approves with the anvil account', async () => {
  dapp = new NodeDapp(stack.relayUrl, stack.chains[0]!.rpcUrl, stack.chains[1]!.rpcUrl);
  const { uri } = await dapp.waitFor((e) => e.event === 'uri', 'pairing uri', 15_000);
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);

  await page.getByLabel('Pairing link').fill(uri);
  await page.getByRole('button', { name: 'Pair' }).click();

  const proposal = page.getByRole('article', { name: `Connection request from ${DAPP_NAME}` });
  await proposal.waitFor({ timeout: 10_000 });
  const text = await proposal.innerText();
  expect(text).toContain(DAPP_NAME);
  expect(text).toContain('http://127.0.0.1/node-test-dapp');
  expect(text).toContain('Anvil (eip155:31337)');
  expect(text).toContain('Ethereum (local) (eip155:1)');
  for (const m of ['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain']) expect(text).toContain(m);
  await shot('2-proposal');

  const t0 = Date.now();
  await proposal.getByRole('button', { name: 'Approve' }).click();
  const session = await dapp.waitFor((e) => e.event === 'session' || e.event === 'error', 'session', 10_000);
  const approveToSessionMs = Date.now() - t0;
  expect(session.event).toBe('session');
  expect(session.accounts).toEqual([`eip155:31337:${ANVIL_ACCOUNT_0}`, `eip155:1:${ANVIL_ACCOUNT_0}`]);
  expect(session.chains).toEqual(['eip155:31337', 'eip155:1']);
  expect(session.peer).toBe('Latchkey sample wallet');
  console.log(`sample wallet: Approve click to dapp session ${approveToSessionMs} ms`);

  await page.getByRole('article', { name: `Session with ${DAPP_NAME}` }).waitFor({ timeout: 5000 });
  await expect(proposal.count()).resolves.toBe(0);
  await shot('3-connected');
}, 30_000);

it('personal_sign: the page shows the message, Approve signs, the signature verifies', async () => {
  const message = `Hello from the e2e test ${Date.now()}`;
  const pending = dapp.command({ cmd: 'request', method: 'personal_sign', params: [toHex(message), ANVIL_ACCOUNT_0], chainId: 'eip155:31337' });
  const card = page.getByRole('article', { name: `Sign a message for ${DAPP_NAME}` });
  await card.waitFor({ timeout: 10_000 });
  expect(await card.innerText()).toContain(message);
  await shot('4-sign-request');
  await card.getByRole('button', { name: 'Approve' }).click();
  const res = await pending;
  expect(res.ok).toBe(true);
  expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message, signature: res.result as Hex })).toBe(true);
  await expect(card.count()).resolves.toBe(0);
  console.log(`sample wallet: personal_sign round trip incl. the click ${res.ms} ms`);
}, 20_000);

it('Reject answers the dapp with a user-rejected error', async () => {
  const pending = dapp.command({ cmd: 'request', method: 'personal_sign', params: [toHex('no thanks'), ANVIL_ACCOUNT_0], chainId: 'eip155:31337' });
  const card = page.getByRole('article', { name: `Sign a message for ${DAPP_NAME}` });
  await card.waitFor({ timeout: 10_000 });
  await card.getByRole('button', { name: 'Reject' }).click();
  const res = await pending;
  expect(res.ok).toBe(false);
  expect(res.error.message).toContain('User rejected the request.');
}, 20_000);

it('eth_sendTransaction: Approve signs locally and anvil mines it', async () => {
  const rpcUrl = stack.chains[0]!.rpcUrl;
  const before = BigInt(await rpc(rpcUrl, 'eth_getBalance', [ANVIL_ACCOUNT_1, 'latest']));
  const pending = dapp.command({
    cmd: 'request',
    method: 'eth_sendTransaction',
    params: [{ from: ANVIL_ACCOUNT_0, to: ANVIL_ACCOUNT_1, value: '0xde0b6b3a7640000' }],
    chainId: 'eip155:31337',
  });
  const card = page.getByRole('article', { name: `Send a transaction for ${DAPP_NAME}` });
  await card.waitFor({ timeout: 10_000 });
  const text = await card.innerText();
  expect(text).toContain(ANVIL_ACCOUNT_1);
  expect(text).toContain('1 ETH');
  expect(text).toContain('Anvil');
  await card.getByRole('button', { name: 'Approve' }).click();
  const res = await pending;
  expect(res.ok).toBe(true);
  expect(res.result).toMatch(/^0x[0-9a-f]{64}$/);
  // anvil answers eth_sendRawTransaction before its automine has written the block
  const receipt = await waitForReceipt(rpcUrl, res.result);
  expect(receipt.status).toBe('0x1');
  expect(receipt.from.toLowerCase()).toBe(ANVIL_ACCOUNT_0.toLowerCase());
  expect(BigInt(await rpc(rpcUrl, 'eth_getBalance', [ANVIL_ACCOUNT_1, 'latest'])) - before).toBe(10n ** 18n);
}, 20_000);

it('wallet_switchEthereumChain: Approve emits chainChanged to the dapp', async () => {
  const pending = dapp.command({ cmd: 'rawRequest', method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }], chainId: 'eip155:31337' });
  const card = page.getByRole('article', { name: `Switch network for ${DAPP_NAME}` });
  await card.waitFor({ timeout: 10_000 });
  expect(await card.innerText()).toContain('Ethereum (local)');
  await card.getByRole('button', { name: 'Approve' }).click();
  const res = await pending;
  expect(res).toMatchObject({ ok: true, result: null });
  const changed = await dapp.waitFor((e) => e.event === 'chainChanged', 'chainChanged', 5000);
  expect(Number(changed.chainId)).toBe(1);
  expect(await page.getByRole('article', { name: `Session with ${DAPP_NAME}` }).innerText()).toContain('Active: Ethereum (local) (eip155:1)');
}, 20_000);

it('Disconnect on the page reaches the dapp', async () => {
  const sessionCard = page.getByRole('article', { name: `Session with ${DAPP_NAME}` });
  await sessionCard.getByRole('button', { name: 'Disconnect' }).click();
  const deleted = await dapp.waitFor((e) => e.event === 'deleted', 'session deleted', 10_000);
  expect(['session_delete', 'disconnect']).toContain(deleted.via);
  await sessionCard.waitFor({ state: 'detached', timeout: 5000 });
  await page.getByText('None yet.').waitFor({ timeout: 5000 });
  await shot('5-disconnected');
}, 20_000);

it('a deep link (/wallet/?uri=wc:…) pairs at once, signing in as it approves (one-click sign-in); a disconnect from the dapp reaches the page', async () => {
  await dapp.stop();
  dapp = new NodeDapp(stack.relayUrl, stack.chains[0]!.rpcUrl, stack.chains[1]!.rpcUrl, { signIn: true });
  const { uri } = await dapp.waitFor((e) => e.event === 'uri', 'pairing uri', 15_000);
  await page.goto(`${stack.walletUrl}?uri=${encodeURIComponent(uri)}`);
  const proposal = page.getByRole('article', { name: `Connection request from ${DAPP_NAME}` });
  await proposal.waitFor({ timeout: 10_000 });
  // the link left the address bar, so a reload does not pair twice
  expect(new URL(page.url()).search).toBe('');
  expect(await proposal.getByTestId('proposal-sign-in').innerText()).toContain('signs you in to 127.0.0.1');
  await proposal.getByRole('button', { name: 'Approve' }).click();
  const session = await dapp.waitFor((e) => e.event === 'session' || e.event === 'error', 'session', 10_000);
  expect(session.accounts).toContain(`eip155:1:${ANVIL_ACCOUNT_0}`);
  // one approval also signed the dapp's sign-in request, for the first chain, with the account's key
  expect(session.signIns).toHaveLength(1);
  const [signed] = session.signIns as { iss: string; message: string; signature: Hex }[];
  expect(signed!.iss).toBe(`did:pkh:eip155:31337:${ANVIL_ACCOUNT_0}`);
  expect(signed!.message).toContain('Sign in to the node test dapp');
  expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: signed!.message, signature: signed!.signature })).toBe(true);
  const sessionCard = page.getByRole('article', { name: `Session with ${DAPP_NAME}` });
  await sessionCard.waitFor({ timeout: 5000 });

  const res = await dapp.command({ cmd: 'disconnect' });
  expect(res.ok).toBe(true);
  await sessionCard.waitFor({ state: 'detached', timeout: 10_000 });
  await page.getByText(`${DAPP_NAME} disconnected.`).waitFor({ timeout: 5000 });
}, 30_000);

it('contacted no host outside the local stack, never asked the hosted Verify API, threw no page errors', () => {
  expect(external).toEqual([]);
  // walletkit's unconditional analytics ping is refused by the CSP; Verify is never even tried.
  expect(cspRefusals.filter((t) => /verify\.walletconnect/.test(t))).toEqual([]);
  expect(pageErrors).toEqual([]);
});
