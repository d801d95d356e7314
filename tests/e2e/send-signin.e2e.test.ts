/**
 * Sending and signing in, end to end in Debian's Chromium on the demo stack: the Account
 * view's "Send" moves ETH (through the data service's balances) and the dev ERC-20 LKD (read
 * from the chain) on anvil; sign-in with a required session (`?siwx=required`): Close shakes,
 * Cancel disconnects, Sign stores the session, a reload keeps it without a new signature; the
 * dev wallet's wallet_sendCalls executes on anvil. Balances are read with viem.
 *
 * One stack and one browser for the file; each test gets a fresh browser context.
 */
import type { Page } from 'playwright-core';
import { parseEther, parseUnits, type Address } from 'viem';
import { DEV_WALLET_NAME } from '../../samples/dev-wallet/eip6963';
import { eventually } from '../support/eventually';
import { readDevChain, type DevChain } from './support/devChain';
import { connectWalletButton, gotoReady, useStackAndBrowser } from './support/stackBrowser';
import { instrumentWallets, walletCallsOf } from './support/walletCalls';

jest.setTimeout(45_000);

let page: Page;
let chain: DevChain;
const e2e = useStackAndBrowser(async ({ stack }) => {
  chain = await readDevChain(stack);
});


async function openDemo(query = ''): Promise<Page> {
  page = await e2e.newPage({ viewport: { width: 1024, height: 800 } });
  // the methods asked, kept across reloads of the tab
  await page.addInitScript(instrumentWallets, { record: true, persist: true });
  await gotoReady(page, `${e2e.stack.demoUrl}${query}`, ['__devWallet', '__latchkey']);
  await connectWalletButton(page).waitFor();
  return page;
}

const dialog = () => page.getByRole('dialog');
const textOf = async (id: string) => ((await page.getByTestId(id).textContent()) ?? '').trim();
const walletCalls = (): Promise<string[]> => walletCallsOf(page);

/** Connect Wallet → the dev wallet; resolves once the demo shows the account. */
async function connect(): Promise<void> {
  await connectWalletButton(page).click();
  await dialog().getByRole('button', { name: DEV_WALLET_NAME }).click();
  await eventually(async () => expect(await textOf('account-status')).toBe('connected'));
}

/** Opens the Account view from the host page's account button, then its "Send". */
async function openSend(): Promise<void> {
  await dialog().waitFor({ state: 'detached' });
  await page.getByRole('button', { name: /0xf3…b92266/ }).click();
  await dialog().getByRole('group', { name: 'Wallet features' }).getByRole('button', { name: 'Send' }).click();
  await dialog().getByRole('textbox', { name: /Amount/ }).waitFor();
}

async function fillAndSend(amount: string, to: Address): Promise<void> {
  await dialog().getByRole('textbox', { name: /Amount/ }).fill(amount);
  await dialog().getByRole('textbox', { name: /Address/ }).fill(to);
  await dialog().getByRole('button', { name: 'Preview Send' }).click();
  await dialog().getByTestId('send-fee').waitFor();
  await dialog().getByRole('button', { name: 'Send', exact: true }).click();
  await dialog().getByRole('status').filter({ hasText: 'Transaction started' }).waitFor();
}

describe('Send', () => {
  it('sends ETH from the Account view and it arrives on anvil', async () => {
    await openDemo();
    await connect();
    await openSend();
    const to = chain.accounts[1]!;
    const before = await chain.client.getBalance({ address: to });
    // the token chooser's button, named "Token" then what it shows: the native balance first
    await dialog().getByRole('button', { name: /^Token ETH \d/ }).waitFor();
    await fillAndSend('0.25', to);
    await eventually(async () => expect((await chain.client.getBalance({ address: to })) - before).toBe(parseEther('0.25')));
    // back on the Account view, the form empty
    await dialog().getByRole('button', { name: 'Disconnect' }).waitFor();
  });

  it('sends the dev ERC-20 (LKD, read from the chain) and the tokens move on anvil', async () => {
    await openDemo('?blockchainApi=off');
    await connect();
    await openSend();
    // the modal's token chooser (shared with Swap): the list shows LKD once its balance is read from the chain
    await dialog().getByRole('button', { name: /^Token / }).click();
    const chooser = dialog().getByRole('dialog', { name: 'Select a token' });
    await chooser.getByRole('textbox', { name: 'Search tokens' }).fill('lkd');
    await chooser.getByRole('button', { name: /^LKD / }).click();
    await dialog().getByRole('button', { name: /^Token LKD \d/ }).waitFor();
    const to = chain.accounts[2]!;
    const before = await chain.lkdBalance(to);
    await fillAndSend('5', to);
    await eventually(async () => expect((await chain.lkdBalance(to)) - before).toBe(parseUnits('5', chain.lkd.decimals)));
  });

  it('names the first problem of the form on its button', async () => {
    await openDemo();
    await connect();
    await openSend();
    await dialog().getByRole('textbox', { name: /Amount/ }).fill('100000');
    await dialog().getByRole('button', { name: 'Insufficient Funds' }).waitFor();
    await dialog().getByRole('textbox', { name: /Amount/ }).fill('1');
    await dialog().getByRole('textbox', { name: /Address/ }).fill('0x1234');
    expect(await dialog().getByRole('button', { name: 'Invalid Address' }).isDisabled()).toBe(true);
  });
});

describe('sign-in with a required session (?siwx=required)', () => {
  it('Close shakes, Cancel disconnects, Sign stores the session, a reload keeps it without a new signature', async () => {
    await openDemo('?siwx=required');
    await connect();
    const signView = dialog().getByTestId('siwx-sign-message');
    await signView.waitFor();
    expect(await dialog().getByRole('button', { name: 'Sign' }).count()).toBe(1);

    await dialog().getByRole('button', { name: 'Close' }).click();
    expect(await page.locator('[data-shake]').count()).toBe(1);
    expect(await signView.isVisible()).toBe(true);

    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await eventually(async () => expect(await textOf('account-status')).toBe('disconnected'));

    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' }).catch(() => undefined);
    await connect();
    await dialog().getByTestId('siwx-sign-message').waitFor();
    await dialog().getByRole('button', { name: 'Sign' }).click();
    await dialog().waitFor({ state: 'detached' });
    const session = page.getByTestId('siwx-session');
    await eventually(async () => expect(await session.getAttribute('data-status')).toBe('signed'));
    expect(await session.getAttribute('data-address')).toBe(chain.accounts[0]);
    expect(await session.getAttribute('data-chain')).toBe('eip155:31337');
    const expiry = Date.parse((await session.getAttribute('data-expiry'))!);
    expect(expiry - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    const signs = (await walletCalls()).filter((m) => m === 'personal_sign').length;
    expect(signs).toBe(1);

    await page.reload();
    await page.waitForFunction(() => Boolean((window as any).__latchkey));
    await eventually(async () => expect(await textOf('account-status')).toBe('connected'));
    await eventually(async () => expect(await page.getByTestId('siwx-session').getAttribute('data-status')).toBe('signed'));
    expect(await dialog().count()).toBe(0);
    expect((await walletCalls()).filter((m) => m === 'personal_sign').length).toBe(signs);
  });
});

describe('the dev wallet', () => {
  it('executes wallet_sendCalls on anvil', async () => {
    await openDemo();
    const to = chain.accounts[3]!;
    const [eth, tokens] = [await chain.client.getBalance({ address: to }), await chain.lkdBalance(to)];
    const status = await page.evaluate(
      async ({ to, token }) => {
        const provider = (window as any).__devWallet.provider;
        const [from] = await provider.request({ method: 'eth_requestAccounts' });
        const transfer = `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${(7n * 10n ** 18n).toString(16).padStart(64, '0')}`;
        const { id } = await provider.request({
          method: 'wallet_sendCalls',
          params: [{ version: '2.0.0', chainId: '0x7a69', from, atomicRequired: true, calls: [{ to, value: '0x6f05b59d3b20000' }, { to: token, data: transfer }] }],
        });
        for (;;) {
          const s = await provider.request({ method: 'wallet_getCallsStatus', params: [id] });
          if (s.status !== 100) return s;
          await new Promise((r) => setTimeout(r, 20));
        }
      },
      { to, token: chain.lkd.address },
    );
    expect(status).toMatchObject({ status: 200, atomic: true, chainId: '0x7a69' });
    expect(status.receipts).toHaveLength(2);
    expect((await chain.client.getBalance({ address: to })) - eth).toBe(parseEther('0.5'));
    expect((await chain.lkdBalance(to)) - tokens).toBe(parseUnits('7', 18));
  });
});
