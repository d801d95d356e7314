/**
 * ENS end to end in Debian's Chromium on the demo stack, with the ENS the stack deploys on chain
 * 31337 from the published contracts (/config.json `ens`): the dev wallet's account 4 shows its
 * primary name alice.eth and its avatar on the account button and in the Account view; Send to
 * a name says when it does not resolve, shows the address bob.eth resolves to before sending, and
 * the ETH lands on anvil at that address.
 */
import type { Page } from 'playwright-core';
import { createPublicClient, http, parseEther, type Address } from 'viem';
import { truncateAddress } from '../../ui/formatting';
import { eventually } from '../support/eventually';
import { connectWalletButton, gotoReady, useStackAndBrowser } from './support/stackBrowser';

jest.setTimeout(45_000);

/** The dev account named alice.eth (samples/contracts/ens.ts). */
const ALICE_ACCOUNT = 4;

let page: Page;
let client: ReturnType<typeof createPublicClient>;
const e2e = useStackAndBrowser(async ({ stack }) => {
  client = createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) });
});

const dialog = () => page.getByRole('dialog');
const named = (name: string) => e2e.stack.ens.names.find((n) => n.name === name)!.address as Address;

it('the account button and the Account view show alice.eth and its avatar; Send to bob.eth lands on anvil', async () => {
  page = await e2e.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await gotoReady(page, e2e.stack.demoUrl, ['__devWallet', '__latchkey']);
  await page.evaluate((i) => (window as any).__devWallet.selectAccount(i), ALICE_ACCOUNT);
  await connectWalletButton(page).click();
  await dialog().getByRole('button', { name: 'Latchkey Dev Wallet' }).click();
  await dialog().waitFor({ state: 'detached' });

  // the account button: the primary name instead of the address, and the avatar record's image (loaded)
  const button = page.getByRole('button', { name: /alice\.eth/ });
  await button.waitFor();
  const img = button.locator('img');
  await eventually(async () => expect(await img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true));
  const avatar = await img.getAttribute('src');
  expect(avatar).toMatch(/^data:image\/svg\+xml;base64,/);

  await button.click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await account.getByRole('heading', { name: 'alice.eth' }).waitFor();
  expect(await account.locator('img.lk-avatar').getAttribute('src')).toBe(avatar);

  await account.getByRole('group', { name: 'Wallet features' }).getByRole('button', { name: 'Send' }).click();
  const address = dialog().getByRole('textbox', { name: /Address/ });
  await dialog().getByRole('textbox', { name: /Amount/ }).fill('0.1');
  // a name that does not resolve says so
  await address.fill('nobody.eth');
  expect(await dialog().getByRole('alert').filter({ hasText: 'No address found for nobody.eth' }).textContent()).toBe('No address found for nobody.eth');
  expect(await dialog().getByRole('button', { name: 'Invalid Address' }).isDisabled()).toBe(true);

  // bob.eth: the address it resolves to is shown before anything is sent
  const bob = named('bob.eth');
  await address.fill('bob.eth');
  await dialog().getByTestId('receiver-resolved').filter({ hasText: `bob.eth · ${truncateAddress(bob)}` }).waitFor();
  expect(await dialog().getByTestId('receiver-resolved').getAttribute('title')).toBe(bob);
  const before = await client.getBalance({ address: bob });
  await dialog().getByRole('button', { name: 'Preview Send' }).click();
  await dialog().getByText(`bob.eth (${truncateAddress(bob)})`).waitFor();
  await dialog().getByRole('button', { name: 'Send', exact: true }).click();
  await dialog().getByRole('status').filter({ hasText: 'Transaction started' }).waitFor();
  await eventually(async () => expect((await client.getBalance({ address: bob })) - before).toBe(parseEther('0.1')));
  expect(consoleErrors).toEqual([]);
});
