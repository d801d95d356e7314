/**
 * Smart accounts of the embedded wallet, end to end on the dev stack in Chromium: a visitor logs in by
 * e-mail, switches to a smart account in the Account view's settings (stored by the wallet service; the
 * wallet reconnects with the smart account's address), and a two-call `wallet_sendCalls` from the page,
 * approved in the wallet window, lands atomically through the stack's bundler: one user operation, one
 * transaction to the EntryPoint, both effects on chain. A message signature through the smart account
 * (which no app could verify: SimpleAccount has no ERC-1271) is answered 'This application might not
 * support Smart Accounts'. Prints the send time, approve → both effects on chain.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createPublicClient, getAddress, http, parseEther, toHex, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { launchBrowser } from '../support/chromium';
import { saveArtifact } from '../support/artifacts';
import { startTestStack, type TestStack } from '../support/stack';
import { approve, openApproval, scrollToEnd } from '../../samples/wallet-service/testing/frame-driver';
import { dialog, loginByEmail, openDemo, openFeature, openModal, WALLET_FRAME } from './support/embeddedVisitor';

jest.setTimeout(90_000);

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let eoa: Address;
let smart: Address;

const chain = () => createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) });
const shownAddress = async () => getAddress((await page.getByTestId('account-address').textContent())!.trim());
/** A request to the embedded wallet's EIP-1193 provider, as an app makes it. */
const request = (method: string, params: unknown[]) =>
  page.evaluate(
    ([m, p]) =>
      (window as any).__latchkey.connectors
        .get('ID_AUTH')
        .provider.request({ method: m, params: p })
        .then(
          (result: unknown) => ({ result }),
          (e: Error) => ({ error: e.message }),
        ),
    [method, params] as const,
  );

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  ({ context, page } = await openDemo(browser, stack));
  await loginByEmail(page, stack, `smart-${Date.now()}@example.com`);
  eoa = await shownAddress();
}, 120_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await stack?.stop();
}, 30_000);

describe('a smart account in the embedded wallet', () => {
  it('is switched to in the Account view settings; the wallet reconnects with its address', async () => {
    await openModal(page);
    await openFeature(page, 'Settings');
    await dialog(page).getByRole('button', { name: 'Switch to smart account' }).click();
    await dialog(page).getByRole('button', { name: 'Switch to EOA' }).waitFor();
    await page.waitForFunction((before) => !document.querySelector('[data-testid=account-address]')?.textContent?.includes(before), eoa.slice(2, 10));
    smart = await shownAddress();
    expect(smart).not.toBe(eoa);
    // not created yet: its first operation does that
    expect(await chain().getCode({ address: smart })).toBeUndefined();
    const caps = (await request('wallet_getCapabilities', [smart])) as { result: Record<string, { atomic: { status: string } }> };
    expect(caps.result['0x7a69']).toEqual({ atomic: { status: 'supported' } });
    await dialog(page).getByRole('button', { name: 'Close' }).click();
  });

  it('sends a two-call wallet_sendCalls as one user operation: both calls land, through the bundler', async () => {
    const [a, b] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address];
    const sent = request('wallet_sendCalls', [
      { version: '2.0.0', chainId: '0x7a69', from: smart, atomicRequired: true, calls: [{ to: a, value: toHex(parseEther('0.01')) }, { to: b, value: toHex(parseEther('0.02')) }] },
    ]);
    await dialog(page).getByRole('heading', { name: 'Approve Transaction' }).waitFor();
    await page.locator(WALLET_FRAME).waitFor({ state: 'visible' });
    const approval = await openApproval(page.frameLocator(WALLET_FRAME), context);
    const text = await approval.card.innerText();
    expect(text).toContain('Send 2 calls from your smart account');
    expect(text).toContain('One user operation: all 2 calls happen, or none');
    await scrollToEnd(approval);
    const approvedAt = performance.now();
    await approve(approval);
    // both effects on chain: polled on anvil, as a block explorer would see them
    const client = chain();
    for (;;) {
      const [ba, bb] = await Promise.all([client.getBalance({ address: a }), client.getBalance({ address: b })]);
      if (ba > 0n && bb > 0n) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const sendMs = performance.now() - approvedAt;
    console.log(`smart-account wallet_sendCalls: Approve → both effects on chain in ${sendMs.toFixed(0)} ms`);
    saveArtifact('smart-account/e2e-timings.json', JSON.stringify({ approveToBothOnChainMs: Math.round(sendMs) }, null, 2));
    expect(await client.getBalance({ address: a })).toBe(parseEther('0.01'));
    expect(await client.getBalance({ address: b })).toBe(parseEther('0.02'));
    const { result } = (await sent) as { result: { id: string } };
    const status = (await request('wallet_getCallsStatus', [result.id])) as { result: { atomic: boolean; status: number; receipts: { transactionHash: Hex }[] } };
    expect(status.result).toMatchObject({ atomic: true, status: 200 });
    // one transaction, the bundler's to the EntryPoint, carried both calls and created the account
    expect(status.result.receipts).toHaveLength(1);
    const tx = await client.getTransaction({ hash: status.result.receipts[0]!.transactionHash });
    expect(getAddress(tx.to!)).toBe(getAddress(stack.bundler.entryPoint));
    expect(await client.getCode({ address: smart })).toMatch(/^0x[0-9a-f]+$/);
  });

  it("answers a message signature through it 'This application might not support Smart Accounts'", async () => {
    await page.getByRole('button', { name: 'Sign message' }).click();
    await page.locator('[data-testid=sign-result][data-status=error]').waitFor();
    expect(await page.getByTestId('sign-result').textContent()).toContain('This application might not support Smart Accounts');
    if (await dialog(page).count()) await dialog(page).getByRole('button', { name: 'Close' }).click();
  });

  it('switches back to the EOA', async () => {
    await openModal(page);
    await openFeature(page, 'Settings');
    await dialog(page).getByRole('button', { name: 'Switch to EOA' }).click();
    await dialog(page).getByRole('button', { name: 'Switch to smart account' }).waitFor();
    await page.waitForFunction((before) => document.querySelector('[data-testid=account-address]')?.textContent?.includes(before), eoa.slice(2, 10));
    expect(await shownAddress()).toBe(eoa);
    await dialog(page).getByRole('button', { name: 'Close' }).click();
  });
});
