/**
 * Buying through the local payment provider, end to end in Debian's Chromium on the demo stack:
 * Account → "Buy" lists Coinbase (not set up in the demo), Meld and "Local on-ramp"; the local
 * checkout opens in a new window, its "Pay" sends a real transfer on anvil and returns that
 * window to the dapp; the modal sees the purchase through the data service and the native
 * balance rose on the chain and in the demo. One stack and one browser for the file.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createPublicClient, formatEther, getAddress, http, parseEther, type Address } from 'viem';
import { launchBrowser } from '../support/chromium';
import { startTestStack, type TestStack } from '../support/stack';
import { eventually } from '../support/eventually';

jest.setTimeout(60_000);

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let client: ReturnType<typeof createPublicClient>;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  client = createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stack?.stop();
}, 30_000);

const dialog = () => page.getByRole('dialog');
const textOf = async (id: string) => ((await page.getByTestId(id).textContent()) ?? '').trim();

it('Account → Buy → Local on-ramp → Pay: back in the dapp, the purchase seen and the native balance risen on the chain', async () => {
  context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1024, height: 800 } });
  page = await context.newPage();
  await page.goto(stack.demoUrl);
  await page.waitForFunction(() => Boolean((window as any).__devWallet && (window as any).__latchkey));
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click();
  await dialog().getByRole('button', { name: 'Latchkey Dev Wallet' }).click();
  await eventually(async () => expect(await textOf('account-status')).toBe('connected'));
  const address = getAddress(await textOf('account-address')) as Address;
  await eventually(async () => expect(await textOf('account-balance')).toMatch(/ETH$/));
  const shownBefore = await textOf('account-balance');
  const before = await client.getBalance({ address });

  await dialog().waitFor({ state: 'detached' });
  await page.getByRole('button', { name: /0xf3…b92266/ }).click();
  await dialog().getByRole('group', { name: 'Wallet features' }).getByRole('button', { name: 'Buy', exact: true }).click();
  const list = dialog().getByRole('group', { name: 'Buy ETH' });
  await list.waitFor();
  const rows = await list.getByRole('button').evaluateAll((b) =>
    b.map((e) => ({
      label: e.getAttribute('aria-label'),
      // what a sighted visitor reads on the button: the name, then the detail (fee, or why not)
      visible: [...e.querySelectorAll('.lk-item-name, .lk-text-muted')].map((x) => x.textContent!.trim()).join(' '),
      disabled: (e as HTMLButtonElement).disabled,
    })),
  );
  expect(rows.map((r) => [r.visible.split(' ')[0], r.disabled])).toEqual([
    ['Coinbase', true],
    ['Meld', false],
    ['Local', false],
  ]);
  // WCAG 2.5.3: each accessible name is the visible text ("click Meld, fee 1–2 %" works by voice)
  for (const r of rows) expect(r.label).toBe(r.visible);
  // each provider with its mark: a bundled SVG (no initials, nothing fetched from the provider's host), drawn
  const marks = await list.getByRole('button').evaluateAll((b) =>
    b.map((e) => {
      const img = e.querySelector('img');
      return { data: img?.getAttribute('src')?.startsWith('data:image/svg+xml,'), drawn: (img?.naturalWidth ?? 0) > 0, initials: e.querySelector('[data-initials]') !== null };
    }),
  );
  expect(marks).toEqual(Array(3).fill({ data: true, drawn: true, initials: false }));

  const [checkout] = await Promise.all([context.waitForEvent('page'), list.getByRole('button', { name: /^Local on-ramp\b/ }).click()]);
  await checkout.waitForLoadState('domcontentloaded');
  const url = new URL(checkout.url());
  expect(url.origin).toBe(stack.onrampUrl);
  expect(url.searchParams.get('address')).toBe(address);
  expect(url.searchParams.get('network')).toBe('eip155:31337');
  expect(url.searchParams.get('asset')).toBe('ETH');
  // opened without an opener: the checkout cannot reach the dapp's window
  expect(await checkout.evaluate(() => window.opener)).toBeNull();
  await dialog().getByTestId('onramp-status').filter({ hasText: 'Complete the purchase in the Local on-ramp window.' }).waitFor();

  await checkout.getByRole('textbox', { name: /Amount/ }).fill('0.5');
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
  // back in the dapp (the demo's metadata.url)
  await checkout.waitForURL((u) => u.origin === new URL(stack.demoUrl).origin);
  await checkout.close();

  const status = dialog().getByTestId('onramp-status');
  await eventually(async () => expect(await status.getAttribute('data-status')).toBe('success'), 20_000);
  expect(await status.textContent()).toContain('0.5 ETH from Local on-ramp');
  const after = await client.getBalance({ address });
  expect(after - before).toBe(parseEther('0.5'));
  // the demo's balance follows (the plugin refreshes it once the purchase is done)
  await eventually(async () => expect(await textOf('account-balance')).not.toBe(shownBefore));
  expect(Number.parseFloat((await textOf('account-balance')).replace(/,/g, ''))).toBeCloseTo(Number(formatEther(after)), 2);

  // the purchase in Activity: the provider's payment, indexed by the data service from the chain
  await dialog().getByRole('button', { name: 'Close' }).click();
  await dialog().waitFor({ state: 'detached' });
  await page.getByRole('button', { name: /0xf3…b92266/ }).click();
  const transactions = dialog().getByRole('list', { name: 'Transactions' });
  await eventually(async () => {
    await dialog().getByRole('tab', { name: 'Tokens' }).click();
    await dialog().getByRole('tab', { name: 'Activity' }).click();
    await transactions.waitFor();
    const first = ((await transactions.getByRole('listitem').first().textContent()) ?? '').trim();
    expect(first).toMatch(/^Received\+0\.5 ETH/);
  }, 15_000);
});
