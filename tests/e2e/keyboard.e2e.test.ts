/**
 * The modal by keyboard alone, in Chromium on the demo stack (issue 25, "keyboard and screen-reader
 * paths"): a visitor who only presses Tab, Shift+Tab, Enter, Space and Escape, and types,
 * connects the dev wallet and goes through Send, Swap, Buy and Receive from the Account view; logs
 * in to the embedded wallet with the e-mail code; and approves a request in the wallet frame (that
 * test logs in through the shared helper first: the keyboard login is the test before). At each step the test reads what a screen reader announces: the focused element's role
 * and accessible name (its ARIA snapshot), focus moving into a dialog when it opens and back to
 * the control that opened it when it closes, Escape closing the top-most layer only, and focus
 * never dropped to <body>. No click, no element.focus().
 *
 * The worker's shared stack and Chromium; each test its own browser context.
 */
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { getAddress, parseEther, parseUnits, verifyMessage, type Address, type Hex } from 'viem';
import { DEV_WALLET_NAME } from '../../samples/dev-wallet/eip6963';
import { latestCode } from '../../samples/wallet-service/testing/service';
import { truncateAddress } from '../../ui/formatting';
import { eventually } from '../support/eventually';
import { readDevChain, type DevChain } from './support/devChain';
import { loginByEmail, WALLET_FRAME } from './support/embeddedVisitor';
import { connectWalletButton, gotoReady, useStackAndBrowser } from './support/stackBrowser';

jest.setTimeout(60_000);

const DEMO_MESSAGE = 'Hello from the Latchkey demo';

let page: Page;
let chain: DevChain;
const e2e = useStackAndBrowser(async ({ stack }) => {
  chain = await readDevChain(stack);
});

// ---------------------------------------------------------------- what a screen reader announces

interface Announced {
  readonly role: string;
  readonly name: string;
}

/** The focused element as the accessibility tree names it (`- button "Send"` → button, Send); `body` when focus is on no control. */
async function focused(where: Page | Frame | FrameLocator = page): Promise<Announced> {
  if ('evaluate' in where) {
    const onBody = await where.evaluate(() => !document.activeElement || document.activeElement === document.body);
    if (onBody) return { role: 'body', name: '' };
  }
  const snapshot = await where.locator('*:focus').last().ariaSnapshot({ timeout: 2_000 });
  let first = snapshot.split('\n')[0]!.replace(/^- /, '');
  // YAML quotes a line with a colon in it: - 'button "Network: Anvil"': Anvil
  const quoted = /^'((?:[^']|'')*)'/.exec(first);
  if (quoted) first = quoted[1]!.replace(/''/g, "'");
  const m = /^([\w-]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(first);
  if (!m) throw new Error(`focused element: cannot read ${first}`);
  return { role: m[1]!, name: (m[2] ?? '').replace(/\\"/g, '"') };
}

const describeFocus = (f: Announced) => `${f.role} "${f.name}"`;
const matches = (f: Announced, role: string, name: string | RegExp) => f.role === role && (typeof name === 'string' ? f.name === name : name.test(f.name));

/** Expects the focused element to be `role` named `name`. */
async function expectFocus(role: string, name: string | RegExp, where: Page | Frame | FrameLocator = page): Promise<void> {
  // focus moves in the next frame (an autofocus, a returning layer): wait for it, briefly
  let last: Announced | undefined;
  try {
    await eventually(async () => {
      last = await focused(where);
      expect(matches(last, role, name)).toBe(true);
    }, 3_000);
  } catch {
    throw new Error(`focus is on ${last ? describeFocus(last) : 'nothing'}, expected ${role} "${name}"`);
  }
}

/**
 * Presses `key` (Tab, or Shift+Tab to go back) until focus is on `role` named `name`; each stop is
 * announced (a control with no name, or focus dropped to <body>, fails at once).
 */
async function tabTo(role: string, name: string | RegExp, { key = 'Tab', max = 25, where = page as Page | Frame | FrameLocator } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const f = await focused(where);
    seen.push(describeFocus(f));
    if (f.role === 'body') throw new Error(`focus fell to <body> after ${seen.join(' → ')}`);
    if (matches(f, role, name)) return;
    // every stop is announced with a name (the details box of the approval is a named region, an input has its label)
    if (!f.name) throw new Error(`a stop with no accessible name: ${seen.join(' → ')}`);
  }
  throw new Error(`${role} "${name}" not reached with ${key}: ${seen.join(' → ')}`);
}

/** The open dialog's accessible name (the modal is named by its view), or null when none is open. */
async function dialogName(): Promise<string | null> {
  const d = page.getByRole('dialog');
  if ((await d.count()) === 0) return null;
  return d.first().evaluate((e) => e.getAttribute('aria-label') ?? document.getElementById(e.getAttribute('aria-labelledby') ?? '')?.textContent ?? '');
}

/** Expects focus inside the open dialog. */
async function expectFocusInDialog(): Promise<void> {
  await eventually(async () => expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]')))).toBe(true), 3_000);
}

// ---------------------------------------------------------------- the demo, by keyboard

const dialog = () => page.getByRole('dialog');
const textOf = async (id: string) => ((await page.getByTestId(id).textContent()) ?? '').trim();

async function openDemo(query = '', options: Parameters<typeof e2e.newPage>[0] = {}): Promise<void> {
  page = await e2e.newPage({ viewport: { width: 1024, height: 800 }, ...options });
  page.on('pageerror', (err) => console.warn(`page error: ${err.message}`));
  await gotoReady(page, `${e2e.stack.demoUrl}${query}`, ['__devWallet', '__latchkey']);
  await connectWalletButton(page).waitFor();
}

/** From the top of the page: Tab to "Connect Wallet", Enter; focus moves into the modal. */
async function openConnect(): Promise<void> {
  await tabTo('button', 'Connect Wallet');
  await page.keyboard.press('Enter');
  await dialog().waitFor();
  await expectFocusInDialog();
}

/**
 * Connects the dev wallet by keyboard and opens the Account view from the account button: the
 * modal closes on the connection and focus lands on the host's account button (not <body>).
 */
async function connectAndOpenAccount(query = ''): Promise<void> {
  await openDemo(query);
  await openConnect();
  // Escape closes the modal, focus back on the connect button; then again
  await page.keyboard.press('Escape');
  await dialog().waitFor({ state: 'detached' });
  await expectFocus('button', 'Connect Wallet');
  await page.keyboard.press('Enter');
  await dialog().waitFor();
  await expectFocusInDialog();
  await tabTo('button', new RegExp(`^${DEV_WALLET_NAME}\\b`));
  await page.keyboard.press('Enter');
  await eventually(async () => expect(await textOf('account-status')).toBe('connected'));
  await dialog().waitFor({ state: 'detached' });
  // the connect button became the account button: focus is there, not lost
  const account = new RegExp(`${chain.accounts[0]!.slice(0, 4)}`);
  await expectFocus('button', account);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Account' }).waitFor();
  await expectFocusInDialog();
}

/** In the Account view: Tab to the wallet feature `name` and open it; the dialog is then named by that view. */
async function openFeature(name: string, view = name): Promise<void> {
  await tabTo('button', name);
  // it is the feature row's button
  expect(await page.evaluate(() => document.activeElement?.closest('[role=group]')?.getAttribute('aria-label'))).toBe('Wallet features');
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: view }).waitFor();
  await expectFocusInDialog();
}

/** Shift+Tab from inside the dialog reaches its "Back" button; Enter goes back to the Account view. */
async function backToAccount(): Promise<void> {
  await tabTo('button', 'Back', { key: 'Shift+Tab' });
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Account' }).waitFor();
  await expectFocusInDialog();
}

// ---------------------------------------------------------------- tests

describe('the modal by keyboard alone', () => {
  it('connects the dev wallet and sends ETH: the token chooser, the recipient, the amount, the preview, Send', async () => {
    await connectAndOpenAccount();
    await openFeature('Send');
    // the token chooser: a button that says what it opens, the panel takes focus (its search field)
    await tabTo('button', /^Token ETH \d/);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');
    await page.keyboard.press('Enter');
    const chooser = dialog().getByRole('dialog', { name: 'Select a token' });
    await chooser.waitFor();
    await expectFocus('textbox', 'Search tokens');
    // Escape closes the chooser only (the top-most layer), focus back on its button
    await page.keyboard.press('Escape');
    await chooser.waitFor({ state: 'detached' });
    expect(await dialogName()).toBe('Send');
    await expectFocus('button', /^Token ETH \d/);
    // again, and pick ETH from the list with the keyboard
    await page.keyboard.press('Space');
    await chooser.waitFor();
    await expectFocus('textbox', 'Search tokens');
    await page.keyboard.type('eth');
    await tabTo('button', /^ETH\b/);
    await page.keyboard.press('Enter');
    await chooser.waitFor({ state: 'detached' });
    await expectFocus('button', /^Token ETH \d/);

    const to = chain.accounts[1]!;
    const before = await chain.client.getBalance({ address: to });
    await tabTo('textbox', /Amount/);
    await page.keyboard.type('0.25');
    await tabTo('textbox', /Address/);
    await page.keyboard.type(to);
    await tabTo('button', 'Preview Send');
    await page.keyboard.press('Enter');
    await dialog().getByTestId('send-fee').waitFor();
    await expectFocusInDialog();
    await tabTo('button', 'Send');
    await page.keyboard.press('Enter');
    await dialog().getByRole('status').filter({ hasText: 'Transaction started' }).waitFor();
    await eventually(async () => expect((await chain.client.getBalance({ address: to })) - before).toBe(parseEther('0.25')));
    // back on the Account view with focus in it; Escape closes the modal, focus back on the account button
    await page.getByRole('dialog', { name: 'Account' }).waitFor();
    await expectFocusInDialog();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await expectFocus('button', new RegExp(`${chain.accounts[0]!.slice(0, 4)}`));
  });

  it('swaps: tokens chosen, the direction flipped with its icon button, a quote, Approve, Swap', async () => {
    await connectAndOpenAccount();
    await openFeature('Swap');
    // choose what to receive: LKD
    await tabTo('button', 'Select token');
    await page.keyboard.press('Enter');
    const chooser = dialog().getByRole('dialog', { name: 'Select a token' });
    await chooser.waitFor();
    await expectFocus('textbox', 'Search tokens');
    await page.keyboard.type('LKD');
    await tabTo('button', /^LKD\b/);
    await page.keyboard.press('Enter');
    await chooser.waitFor({ state: 'detached' });
    await expectFocus('button', 'LKD');
    // flip: pay LKD, receive ETH
    await tabTo('button', 'Switch tokens', { key: 'Shift+Tab' });
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await dialog().getByRole('group', { name: 'You pay' }).getByRole('button', { name: 'LKD', exact: true }).count()).toBe(1));
    await expectFocus('button', 'Switch tokens');
    // the amount, then a quote
    await tabTo('textbox', /Amount/, { key: 'Shift+Tab' });
    await page.keyboard.type('10');
    await dialog().getByText('Minimum received').waitFor({ timeout: 15_000 });
    const amountIn = parseUnits('10', chain.lkd.decimals);
    const lkd0 = await chain.lkdBalance(chain.accounts[0]!);
    await tabTo('button', 'Approve');
    await page.keyboard.press('Enter');
    await dialog().getByRole('button', { name: 'Approve', exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
    await expectFocusInDialog();
    await eventually(async () => expect(await dialog().getByRole('button', { name: 'Swap', exact: true }).isEnabled()).toBe(true));
    await tabTo('button', 'Swap');
    await page.keyboard.press('Enter');
    await page.getByText(/^Swapped LKD to /).waitFor({ timeout: 20_000 });
    expect(lkd0 - (await chain.lkdBalance(chain.accounts[0]!))).toBe(amountIn);
    await page.getByRole('dialog', { name: 'Account' }).waitFor();
    await expectFocusInDialog();
  });

  it('buys: the on-ramp providers, the local checkout opened by Enter', async () => {
    await connectAndOpenAccount();
    await openFeature('Buy');
    await dialog().getByRole('group', { name: 'Buy ETH' }).waitFor();
    // Coinbase is disabled in the demo (not set up): Tab passes it; each stop is named by its visible text
    await tabTo('button', /^Meld\b/);
    await tabTo('button', /^Local on-ramp\b/);
    const [checkout] = await Promise.all([e2e.context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await checkout.waitForLoadState('domcontentloaded');
    const url = new URL(checkout.url());
    expect(url.origin).toBe(e2e.stack.onrampUrl);
    expect(url.searchParams.get('address')).toBe(chain.accounts[0]);
    await dialog().getByTestId('onramp-status').filter({ hasText: 'Complete the purchase in the Local on-ramp window.' }).waitFor();
    await checkout.close();
    await expectFocusInDialog();
  });

  it('receives: the copy-address control by keyboard, the address on the clipboard', async () => {
    await connectAndOpenAccount();
    await e2e.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(e2e.stack.demoUrl).origin });
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await openFeature('Receive');
    await tabTo('button', 'Copy address');
    await page.keyboard.press('Enter');
    await page.getByText('Address copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(chain.accounts[0]);
    await expectFocus('button', 'Copy address');
    await backToAccount();
  });

  it('logs in to the embedded wallet with the e-mail code: the e-mail typed, Enter, the code typed in the field that took focus', async () => {
    await openDemo();
    const email = `kbd-${Date.now()}@example.com`;
    await openConnect();
    await tabTo('textbox', 'Email');
    await page.keyboard.type(email);
    const sentAfter = Date.now() - 1000;
    await page.keyboard.press('Enter');
    const field = dialog().getByRole('textbox', { name: /code/ });
    await field.waitFor({ timeout: 20_000 });
    // the code view takes focus in its field
    await expectFocus('textbox', /code/);
    await page.keyboard.type(await latestCode(e2e.stack.walletServiceUrl, email, sentAfter));
    await page.getByTestId('account-status').getByText('connected', { exact: true }).waitFor({ timeout: 20_000 });
    await dialog().waitFor({ state: 'detached' });
    // focus on the account button that "Connect Wallet" became; Enter there reaches the account
    const address = await textOf('account-address');
    const accountButton = new RegExp(address.slice(0, 4));
    await expectFocus('button', accountButton);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Account' }).getByText(truncateAddress(address)).first().waitFor();
    await expectFocusInDialog();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await expectFocus('button', accountButton);
  });

  it("approves a signature in the embedded wallet's frame: the hidden control takes focus to the frame's Approve", async () => {
    await openDemo();
    await loginByEmail(page, e2e.stack, `kbd-approve-${Date.now()}@example.com`);
    await dialog().waitFor({ state: 'detached' });
    const address = getAddress(await textOf('account-address'));
    // the approval: "Sign message" on the host page
    await tabTo('button', 'Sign message');
    await page.keyboard.press('Enter');
    await dialog().getByRole('heading', { name: 'Approve Transaction' }).waitFor();
    await expectFocusInDialog();
    const frame = page.frameLocator(WALLET_FRAME);
    await frame.getByRole('button', { name: 'Approve' }).waitFor();
    // the view's hidden control takes focus into the frame, to its card
    await tabTo('button', "Go to the wallet's Approve and Reject buttons");
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await page.evaluate((sel) => document.activeElement === document.querySelector(sel), WALLET_FRAME)).toBe(true), 3_000);
    // in the frame: to Approve once its guard lets it
    await frame.getByRole('button', { name: 'Approve', disabled: false }).waitFor({ timeout: 10_000 });
    await tabTo('button', 'Approve', { where: frame, max: 10 });
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=sign-result][data-status=done]').waitFor();
    const signature = (await page.getByTestId('sign-result').getAttribute('data-signature')) as Hex;
    expect(await verifyMessage({ address, message: DEMO_MESSAGE, signature })).toBe(true);
    await dialog().waitFor({ state: 'detached' });
    // focus is not lost: the demo disables "Sign message" while it waits (so focus had left it before the
    // approval opened), and the dialog gives focus to the account button (not the network button, first in the header)
    await eventually(async () => expect(await page.evaluate(() => document.activeElement?.getAttribute('data-lk-btn'))).toBe(''), 3_000);
    await expectFocus('button', new RegExp(address.slice(0, 4), 'i'));
  });
});
