/**
 * The wagmi sample (samples/wagmi-app at /wagmi/ on the demo stack) in Debian's Chromium: a dapp
 * whose components use only wagmi's hooks, with latchkeyConnector({ kernel }) as its connector.
 * - a wallet connected through the Latchkey modal (its own Connect Wallet button) is wagmi's
 *   account; useSignMessage signs through it (the signature recovered here with viem),
 *   useSwitchChain switches Latchkey's network, useSendTransaction sends on anvil;
 * - wagmi's connect() opens the modal; closing it without a wallet rejects (UserRejectedRequestError);
 * - disconnecting through wagmi disconnects Latchkey, and a reload restores both.
 * One stack and one browser for the file; a fresh browser context per test.
 */
import type { Page } from 'playwright-core';
import { createPublicClient, http, parseEther, recoverMessageAddress, type Hex } from 'viem';
import { eventually } from '../support/eventually';
import { connectWalletButton, gotoReady, useStackAndBrowser } from './support/stackBrowser';

jest.setTimeout(30_000);

const WALLET_NAME = 'Latchkey Dev Wallet';
const WAGMI_MESSAGE = 'Signed through wagmi, connected through Latchkey';
const DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

let page: Page;
const e2e = useStackAndBrowser();

async function openApp(reuse = false): Promise<Page> {
  if (!reuse) page = await e2e.newPage();
  await gotoReady(page, e2e.stack.wagmiUrl, ['__latchkey']);
  // wagmi's restore on load has settled (the sample marks it): the wagmi buttons stay put from here
  await page.locator('html[data-wagmi-restored="true"]').waitFor({ state: 'attached' });
  return page;
}

const dialog = () => page.getByRole('dialog');
const textOf = async (testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();

async function connectThroughModal(): Promise<void> {
  await connectWalletButton(page).click();
  await dialog().getByRole('button', { name: WALLET_NAME }).click();
  await eventually(async () => expect(await textOf('wagmi-status')).toBe('connected'));
}

describe('latchkey/wagmi in a wagmi dapp', () => {
  it('serves the sample built on first request', async () => {
    const res = await fetch(e2e.stack.wagmiUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('/build/wagmi/main.js');
  });

  it("a wallet connected in the Latchkey modal is wagmi's account: sign, switch and send through wagmi's hooks", async () => {
    await openApp();
    // wagmi's reconnect on load asked the connector (kernel.start) first: nothing stored here
    expect(await textOf('wagmi-status')).toBe('disconnected');
    await connectThroughModal();
    expect(await textOf('wagmi-address')).toBe(DEV_ACCOUNT);
    expect(await textOf('wagmi-connector')).toBe('Latchkey');
    const [anvil, mainnet] = e2e.stack.chains;
    expect(await textOf('wagmi-chain')).toBe(String(anvil!.chainId));

    // useSignMessage → the dev wallet's personal_sign, recovered to the account
    await page.getByRole('button', { name: 'Sign with wagmi' }).click();
    await eventually(async () => expect(await page.getByTestId('wagmi-sign').getAttribute('data-status')).toBe('success'));
    const signature = (await page.getByTestId('wagmi-sign').getAttribute('data-signature')) as Hex;
    expect(await recoverMessageAddress({ message: WAGMI_MESSAGE, signature })).toBe(DEV_ACCOUNT);

    // useSwitchChain → Latchkey's network service (the kernel follows, and wagmi with it)
    await page.getByRole('button', { name: `Switch to ${mainnet!.name} with wagmi` }).click();
    await eventually(async () => expect(await textOf('wagmi-chain')).toBe(String(mainnet!.chainId)));
    expect(await page.evaluate(() => (window as any).__latchkey.network.state.namespaces.eip155.caipNetwork.id)).toBe(mainnet!.chainId);
    await page.getByRole('button', { name: `Switch to ${anvil!.name} with wagmi` }).click();
    await eventually(async () => expect(await textOf('wagmi-chain')).toBe(String(anvil!.chainId)));

    // useSendTransaction → a transaction mined on anvil
    const client = createPublicClient({ transport: http(anvil!.rpcUrl) });
    const before = await client.getBalance({ address: RECEIVER });
    await page.getByRole('button', { name: 'Send 0.01 ETH with wagmi' }).click();
    await eventually(async () => expect(await page.getByTestId('wagmi-send').getAttribute('data-status')).toBe('success'));
    const hash = (await page.getByTestId('wagmi-send').getAttribute('data-hash')) as Hex;
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(DEV_ACCOUNT.toLowerCase());
    expect((await client.getBalance({ address: RECEIVER })) - before).toBe(parseEther('0.01'));
  });

  it("wagmi's connect() opens the modal; closing it without a wallet rejects", async () => {
    await openApp();
    await page.getByRole('button', { name: 'Connect with wagmi' }).click();
    await dialog().getByRole('button', { name: WALLET_NAME }).waitFor();
    await dialog().getByRole('button', { name: 'Close' }).click();
    await eventually(async () => expect(await textOf('wagmi-connect-error')).toBe('UserRejectedRequestError'));
    expect(await textOf('wagmi-status')).toBe('disconnected');

    // and again, this time choosing the wallet: wagmi's connect resolves connected
    await page.getByRole('button', { name: 'Connect with wagmi' }).click();
    await dialog().getByRole('button', { name: WALLET_NAME }).click();
    await eventually(async () => expect(await textOf('wagmi-status')).toBe('connected'));
    expect(await page.evaluate(() => (window as any).__latchkey.account.get('eip155').status)).toBe('connected');
  });

  it('a reload restores both; disconnecting through wagmi disconnects Latchkey', async () => {
    await openApp();
    await connectThroughModal();
    await openApp(true);
    await eventually(async () => expect(await textOf('wagmi-status')).toBe('connected'));
    expect(await textOf('wagmi-address')).toBe(DEV_ACCOUNT);

    await page.getByRole('button', { name: 'Disconnect with wagmi' }).click();
    await eventually(async () => expect(await textOf('wagmi-status')).toBe('disconnected'));
    await eventually(async () =>
      expect(await page.evaluate(() => (window as any).__latchkey.account.get('eip155').status)).toBe('disconnected'),
    );
    await connectWalletButton(page).waitFor();
  });
});
