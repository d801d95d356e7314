/**
 * Every view of every first-party plugin as a visitor sees it, in Debian's Chromium on the demo
 * stack: axe-core (all rules, any impact) in the light theme, the dark theme and at a 390 px
 * phone's width, and the layout at 360 and 390 px (tests/e2e/support/looks.ts), view after view
 * on one page per visitor:
 * - before connecting: Connect, All Wallets and GetWallet, WalletConnect (QR and basic), the social list,
 *   ConnectingSocial, ConnectingFarcaster, the e-mail code, ConnectingExternal;
 * - connected with the EVM dev wallet: Account (Tokens, NFTs, Activity), Networks,
 *   UnsupportedChain, Buy and BuyInProgress, Receive, Send and its preview, Swap with a quote and
 *   its token chooser,
 *   Choose Name and Name Registered;
 * - sign-in (?siwx=required): SIWXSignMessage and ConnectingSiwe;
 * - the embedded wallet: its Account view, Settings, the e-mail update (form and code), the device
 *   check of a second browser, ApproveTransaction and the wallet frame's own approval card (which
 *   also takes the host's font, radius, accent and colour mix, ignores bad ones and names the
 *   wallet's origin).
 * Each test collects every finding and fails with the whole list, so one run shows all of them.
 * With LATCHKEY_SHOTS set to a folder (`npm run shots`) it also saves each view's pictures there
 * (tests/e2e/support/shots.ts).
 */
import type { Page } from 'playwright-core';
import { connectWalletButton, gotoReady, useStackAndBrowser } from './support/stackBrowser';
import { loginByEmail, openFeature, WALLET_FRAME } from './support/embeddedVisitor';
import { instrumentWallets } from './support/walletCalls';
import { launchBrowser } from '../support/chromium';
import { shoot, SHOTS_DIR, writeGallery, writeHero } from './support/shots';
import { axeFindings, DESKTOP, layoutProblems, PHONE, PHONE_WIDTHS, whenThemed, type Finding } from './support/looks';

jest.setTimeout(120_000);

const WALLET_NAME = 'Latchkey Dev Wallet';
/** The anvil account of this file's dev wallet: account 5 (bob.eth), which no other file connects with (it registers a name for it; nothing is sent from it). */
const ACCOUNT_INDEX = 5;

const e2e = useStackAndBrowser();
let findings: Finding[] = [];
let layout: string[] = [];
const checked: string[] = [];

// the modal (the first dialog: the token chooser is a dialog inside it)
const dialog = (p: Page) => p.getByRole('dialog').first();
const view = (p: Page, name: string) => p.getByRole('dialog', { name });

/** The embedded wallet's frame in `p`, when it has one. */
const walletFrame = (p: Page) => p.frames().find((f) => f.url().startsWith(`${e2e.stack.walletServiceUrl}/frame`));

/** Switches the modal (and the wallet frame, which follows it) to `mode`. */
async function setTheme(p: Page, mode: 'light' | 'dark'): Promise<void> {
  await p.evaluate((m) => (window as any).__latchkey.theme.setThemeMode(m), mode);
  await whenThemed(p, mode);
  const frame = walletFrame(p);
  if (frame && (await p.locator(WALLET_FRAME).isVisible())) await whenThemed(frame, mode);
}

/**
 * The open view, checked: axe in light and dark at the desktop width, then axe at the phone's
 * width and the layout at 360 and 390 px; the page is left as it was (light, desktop).
 */
async function check(p: Page, label: string): Promise<void> {
  checked.push(label);
  await dialog(p).waitFor();
  findings.push(...(await axeFindings(p, `${label}, light`)));
  await shoot(label, 'light', dialog(p));
  await setTheme(p, 'dark');
  findings.push(...(await axeFindings(p, `${label}, dark`)));
  await shoot(label, 'dark', dialog(p));
  await setTheme(p, 'light');
  for (const width of PHONE_WIDTHS) {
    await p.setViewportSize({ width, height: PHONE.height });
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    if (width === PHONE.width) {
      findings.push(...(await axeFindings(p, `${label}, ${width} px`)));
      await shoot(label, 'phone', p);
    }
    layout.push(...(await layoutProblems(p)).map((problem) => `${label} at ${width} px: ${problem}`));
  }
  await p.setViewportSize(DESKTOP);
}

/** The wallet frame's approval card: axe in light, dark and at the phone's width (the frame follows the host's theme), and its layout at 360 and 390 px. */
async function checkFrame(p: Page, label: string): Promise<void> {
  checked.push(label);
  const frame = walletFrame(p);
  if (!frame) throw new Error('no wallet frame in the page');
  await whenThemed(frame, 'light');
  findings.push(...(await axeFindings(frame, `${label}, light`)));
  await p.evaluate(() => (window as any).__latchkey.theme.setThemeMode('dark'));
  await whenThemed(frame, 'dark');
  findings.push(...(await axeFindings(frame, `${label}, dark`)));
  await setTheme(p, 'light');
  await whenThemed(frame, 'light');
  for (const width of PHONE_WIDTHS) {
    await p.setViewportSize({ width, height: PHONE.height });
    await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    if (width === PHONE.width) findings.push(...(await axeFindings(frame, `${label}, ${width} px`)));
    layout.push(...(await layoutProblems(frame)).map((problem) => `${label} at ${width} px: ${problem}`));
  }
  await p.setViewportSize(DESKTOP);
}

/** The host's font, radius, accent and colour mix reach the frame's card (bad values ignored); the card still names the wallet's origin; axe again. */
async function expectFrameTakesHostTheme(p: Page): Promise<void> {
  const frame = walletFrame(p)!;
  const looks = () =>
    frame.evaluate(() => {
      const card = document.querySelector('[role=dialog]')!;
      const approve = [...card.querySelectorAll('button')].find((b) => b.textContent === 'Approve')!;
      return {
        font: getComputedStyle(card).fontFamily,
        radius: getComputedStyle(approve).borderTopLeftRadius,
        accent: getComputedStyle(approve).backgroundColor,
        background: getComputedStyle(document.documentElement).backgroundColor,
        origin: card.querySelector('header .origin')?.textContent,
      };
    });
  await p.evaluate(() =>
    (window as any).__latchkey.theme.setThemeVariables({ '--lk-font-family': 'Georgia, serif', '--lk-border-radius-master': '8px', '--lk-accent': '#7a1fa2', '--lk-color-mix': '#0000ff', '--lk-color-mix-strength': 3 }),
  );
  await frame.waitForFunction(() => getComputedStyle(document.querySelector('[role=dialog]')!).fontFamily.includes('Georgia'));
  expect(await looks()).toEqual({ font: 'Georgia, serif', radius: '24px', accent: 'rgb(122, 31, 162)', background: 'rgb(247, 247, 255)', origin: `Wallet: ${new URL(e2e.stack.walletServiceUrl).origin}` });
  // what the page may not do: values that are not a colour, a font list or a small length are ignored
  await p.evaluate(() => (window as any).__latchkey.theme.setThemeVariables({ '--lk-font-family': 'x;}body{display:none', '--lk-accent': 'transparent', '--lk-border-radius-master': '1e9px' }));
  await p.evaluate(() => (window as any).__latchkey.theme.setThemeVariables({ '--lk-color-mix-strength': 2 }));
  await frame.waitForFunction(() => getComputedStyle(document.documentElement).backgroundColor === 'rgb(250, 250, 255)');
  expect(await looks()).toMatchObject({ font: 'Georgia, serif', radius: '24px', accent: 'rgb(122, 31, 162)' });
  findings.push(...(await axeFindings(frame, 'wallet frame approval, host theme, light')));
  await setTheme(p, 'dark');
  await whenThemed(frame, 'dark');
  findings.push(...(await axeFindings(frame, 'wallet frame approval, host theme, dark')));
  await setTheme(p, 'light');
  await p.evaluate(() => (window as any).__latchkey.theme.setThemeVariables({ '--lk-font-family': '', '--lk-border-radius-master': '', '--lk-accent': '', '--lk-color-mix': '', '--lk-color-mix-strength': 0 }));
}

/** Fails with every finding of the test (all views at once), then clears them. */
function expectClean(): void {
  const [f, l] = [findings, layout];
  findings = [];
  layout = [];
  expect({ axe: f.map((x) => `${x.where}: ${x.rule} (${x.impact}) ${x.nodes.join(' | ')}`), layout: l }).toEqual({ axe: [], layout: [] });
}


async function openDemo(query = '', hold?: string): Promise<Page> {
  const p = await e2e.newPage({ viewport: DESKTOP });
  p.on('console', (m) => {
    if (m.type() === 'error') console.warn(`console error on the demo: ${m.text()}`);
  });
  // the method `hold` waits until window.__release() (a wallet waiting for its user), so the view shown meanwhile can be checked
  if (hold) await p.addInitScript(instrumentWallets, { hold });
  await gotoReady(p, `${e2e.stack.demoUrl}${query}`, ['__latchkey', '__devWallet']);
  await p.evaluate((i) => (window as any).__devWallet.selectAccount(i), ACCOUNT_INDEX);
  return p;
}

const openView = (p: Page, view: string, data?: unknown) => p.evaluate(([v, d]) => (window as any).__latchkey.modal.open({ view: v, data: d }), [view, data] as const);
const back = (p: Page) => dialog(p).getByRole('button', { name: 'Back' }).click();

afterAll(async () => {
  console.log(`views checked (axe light, dark, 390 px; layout 360 and 390 px): ${checked.length}\n${checked.join(', ')}`);
  if (!SHOTS_DIR) return;
  // npm run shots: the folder's index and the README's hero (the file's browser is closed by now)
  writeGallery();
  const browser = await launchBrowser();
  try {
    await writeHero(browser, [
      { view: 'Connect', kind: 'light' },
      { view: 'Account (Tokens)', kind: 'dark' },
      { view: 'Swap (quoted)', kind: 'light' },
      { view: 'ApproveTransaction', kind: 'dark' },
    ]);
  } finally {
    await browser.close();
  }
});

describe('every view, as a visitor sees it (axe in light, dark and on a phone; layout at 360 and 390 px)', () => {
  it('before connecting: Connect, All Wallets, WalletConnect, socials, the e-mail code, ConnectingExternal', async () => {
    const p = await openDemo('', 'eth_requestAccounts');
    await connectWalletButton(p).click();
    await view(p, 'Connect Wallet').getByRole('button', { name: WALLET_NAME }).waitFor();
    await check(p, 'Connect');

    await dialog(p).getByRole('button', { name: /All Wallets/ }).click();
    await view(p, 'All Wallets').waitFor();
    await check(p, 'AllWallets');
    // a wallet of the directory that is not installed: where to get it (GetWallet)
    await dialog(p).getByRole('button', { name: 'MetaMask', exact: true }).click();
    await dialog(p).getByRole('button', { name: 'Back to all wallets' }).waitFor();
    await check(p, 'AllWallets (GetWallet)');
    await dialog(p).getByRole('button', { name: 'Back to all wallets' }).click();
    await back(p);

    await dialog(p).getByRole('button', { name: 'WalletConnect', exact: true }).click();
    await dialog(p).getByRole('img', { name: 'QR code for WalletConnect' }).waitFor();
    await check(p, 'ConnectingWalletConnect');
    await back(p);

    await p.keyboard.press('Escape');
    await dialog(p).waitFor({ state: 'detached' });
    await openView(p, 'ConnectingWalletConnectBasic');
    await view(p, 'WalletConnect').waitFor();
    await check(p, 'ConnectingWalletConnectBasic');
    await p.keyboard.press('Escape');
    await dialog(p).waitFor({ state: 'detached' });

    await openView(p, 'SocialLogin');
    await dialog(p).getByRole('button', { name: 'Farcaster', exact: true }).waitFor();
    await check(p, 'SocialLogin');
    await dialog(p).getByRole('button', { name: 'Farcaster', exact: true }).click();
    await dialog(p).getByRole('img', { name: 'QR code for Farcaster' }).waitFor();
    await check(p, 'ConnectingFarcaster');
    await back(p);
    const [popup] = await Promise.all([p.context().waitForEvent('page'), dialog(p).getByRole('button', { name: 'GitHub', exact: true }).click()]);
    await view(p, 'GitHub').waitFor();
    await check(p, 'ConnectingSocial');
    await popup.close();
    await p.keyboard.press('Escape');
    await dialog(p).waitFor({ state: 'detached' });

    await connectWalletButton(p).click();
    await dialog(p).getByRole('textbox', { name: 'Email' }).fill(`views-${Date.now().toString(36)}@example.com`);
    await dialog(p).getByRole('button', { name: 'Continue' }).click();
    await dialog(p).getByRole('textbox', { name: /code/ }).waitFor({ timeout: 20_000 });
    await check(p, 'EmailVerifyOtp');
    await back(p);

    await dialog(p).getByRole('button', { name: WALLET_NAME }).click();
    await dialog(p).getByRole('button', { name: 'Try again' }).or(dialog(p).getByText(/Continue in|Requesting|Waiting/)).first().waitFor();
    await check(p, 'ConnectingExternal');
    await p.evaluate(() => (window as any).__release());
    await dialog(p).waitFor({ state: 'detached' });
    expectClean();
  });

  it('connected with the dev wallet: Account and its tabs, Networks, UnsupportedChain, Buy, Receive, Send, Swap, Choose Name', async () => {
    const p = await openDemo();
    await connectWalletButton(p).click();
    await dialog(p).getByRole('button', { name: WALLET_NAME }).click();
    await p.getByTestId('account-status').getByText('connected', { exact: true }).waitFor();
    await dialog(p).waitFor({ state: 'detached' });
    const account = () => view(p, 'Account');
    await p.evaluate(() => (window as any).__latchkey.modal.open());
    await account().getByRole('list', { name: 'Token balances' }).getByRole('listitem').first().waitFor();
    await check(p, 'Account (Tokens)');
    await account().getByRole('tab', { name: 'NFTs' }).click();
    await account().getByRole('tabpanel').locator('img, p').first().waitFor();
    await check(p, 'Account (NFTs)');
    await account().getByRole('tab', { name: 'Activity' }).click();
    await account().getByRole('list', { name: 'Transactions' }).getByRole('listitem').first().waitFor();
    await check(p, 'Account (Activity)');
    await account().getByRole('tab', { name: 'Tokens' }).click();

    await openView(p, 'Networks');
    await view(p, 'Choose Network').waitFor();
    await check(p, 'Networks');
    await openView(p, 'UnsupportedChain');
    await view(p, 'Switch Network').waitFor();
    await check(p, 'UnsupportedChain');
    await p.evaluate(() => (window as any).__latchkey.modal.open({ view: 'Account' }));

    const features = () => account().getByRole('group', { name: 'Wallet features' });
    await features().getByRole('button', { name: 'Buy', exact: true }).click();
    await dialog(p).getByRole('group', { name: /^Buy / }).waitFor();
    await check(p, 'OnRampProviders');
    const [checkout] = await Promise.all([p.context().waitForEvent('page'), dialog(p).getByRole('button', { name: /^Local on-ramp\b/ }).click()]);
    await dialog(p).getByTestId('onramp-status').waitFor();
    await check(p, 'BuyInProgress');
    await checkout.close();
    await p.evaluate(() => (window as any).__latchkey.modal.open({ view: 'Account' }));

    await features().getByRole('button', { name: 'Receive', exact: true }).click();
    await view(p, 'Receive').getByRole('img', { name: /QR code/ }).waitFor();
    await check(p, 'Receive');
    await back(p);

    await features().getByRole('button', { name: 'Send', exact: true }).click();
    await dialog(p).getByRole('textbox', { name: /Amount/ }).fill('0.01');
    await dialog(p).getByRole('textbox', { name: /Address/ }).fill(e2e.stack.exchange.router);
    await check(p, 'Send');
    await dialog(p).getByRole('button', { name: 'Preview Send' }).click();
    await dialog(p).getByTestId('send-fee').waitFor();
    await check(p, 'SendPreview');
    await p.keyboard.press('Escape');
    await dialog(p).waitFor({ state: 'detached' });

    const symbol = e2e.stack.tokens[0]!.symbol;
    await p.getByRole('button', { name: `Swap 0.1 ETH for ${symbol}` }).click();
    await view(p, 'Swap').getByText('Minimum received').waitFor();
    await check(p, 'Swap (quoted)');
    // its token chooser
    await view(p, 'Swap').getByRole('button', { name: symbol, exact: true }).click();
    await dialog(p).getByRole('list', { name: 'Tokens' }).getByRole('listitem').first().waitFor();
    await check(p, 'Swap (token chooser)');
    // Escape closes the top-most layer: the chooser, then the modal
    await p.keyboard.press('Escape');
    await dialog(p).getByRole('list', { name: 'Tokens' }).waitFor({ state: 'detached' });
    await p.keyboard.press('Escape');
    await dialog(p).waitFor({ state: 'detached' });

    await p.evaluate(() => (window as any).__latchkey.modal.open({ view: 'Account' }));
    await features().getByRole('button', { name: 'Choose name' }).click();
    const label = `views-${Date.now().toString(36)}`;
    await view(p, 'Choose Name').getByRole('textbox', { name: 'Name' }).fill(label);
    await dialog(p).getByRole('button', { name: `${label}.latchkey.id Available` }).waitFor();
    await check(p, 'RegisterAccountName');
    await dialog(p).getByRole('button', { name: 'Register' }).click();
    await view(p, 'Name Registered').getByRole('heading', { name: `${label}.latchkey.id` }).waitFor();
    await check(p, 'RegisterAccountNameSuccess');
    expectClean();
  });

  // ConnectingSiwe (the legacy siweConfig's view) draws the same SignInPanel: its waiting state is this one
  it('sign-in (?siwx=required): SIWXSignMessage, and its waiting state while the wallet signs', async () => {
    const p = await openDemo('?siwx=required', 'personal_sign');
    await connectWalletButton(p).click();
    await dialog(p).getByRole('button', { name: WALLET_NAME }).click();
    await dialog(p).getByTestId('siwx-sign-message').waitFor();
    await check(p, 'SIWXSignMessage');
    await dialog(p).getByRole('button', { name: 'Sign' }).click();
    await view(p, 'Sign in').locator('button[aria-busy=true]').waitFor();
    await check(p, 'SIWXSignMessage (waiting for the wallet)');
    await p.evaluate(() => (window as any).__release());
    await dialog(p).waitFor({ state: 'detached' });
    expectClean();
  });

  it('the embedded wallet: Account, Settings, the e-mail update, a new device, ApproveTransaction and the frame\'s approval card', async () => {
    const p = await openDemo();
    const email = `views-${Date.now().toString(36)}@example.com`;
    await loginByEmail(p, e2e.stack, email);
    await dialog(p).waitFor({ state: 'detached' });
    await p.evaluate(() => (window as any).__latchkey.modal.open());
    await view(p, 'Account').getByRole('group', { name: 'Wallet features' }).waitFor();
    await check(p, 'Account (embedded wallet)');
    // with an e-mail login the demo has six features: Settings may be behind "More"
    await openFeature(p, 'Settings');
    await dialog(p).getByTestId('embedded-wallet-email').getByText(email).waitFor();
    await check(p, 'EmbeddedWalletSettings');
    await dialog(p).getByRole('button', { name: 'Update email' }).click();
    await dialog(p).getByRole('textbox', { name: 'Email' }).waitFor();
    await check(p, 'UpdateEmailWallet');
    await dialog(p).getByRole('textbox', { name: 'Email' }).fill(`new-${email}`);
    await dialog(p).getByRole('button', { name: 'Continue' }).click();
    await dialog(p).getByText(`Enter the code we sent to ${email}`).waitFor();
    await check(p, 'UpdateEmailOtp');
    await p.keyboard.press('Escape');
    await dialog(p).waitFor({ state: 'detached' });

    // the frame's approval card: a message to sign is approved in the frame
    await p.getByRole('button', { name: 'Sign message' }).click();
    await dialog(p).getByRole('heading', { name: 'Approve Transaction' }).waitFor();
    const frame = p.frameLocator(WALLET_FRAME);
    await frame.getByRole('dialog').getByRole('button', { name: 'Approve' }).waitFor();
    await check(p, 'ApproveTransaction');
    await checkFrame(p, 'wallet frame approval');
    await expectFrameTakesHostTheme(p);
    // Chromium drops input to a cross-origin frame that moved in the last 500 ms (the resizes above): Approve turns on after that
    await frame.getByRole('button', { name: 'Approve', disabled: false }).waitFor();
    await frame.getByRole('button', { name: 'Reject' }).click();
    await dialog(p).waitFor({ state: 'detached' });

    // a second browser for the same address: the device check
    const other = await e2e.browser.newContext({ reducedMotion: 'reduce', viewport: DESKTOP });
    try {
      const q = await other.newPage();
      await gotoReady(q, e2e.stack.demoUrl, ['__latchkey']);
      await connectWalletButton(q).click();
      await dialog(q).getByRole('textbox', { name: 'Email' }).fill(email);
      await dialog(q).getByRole('button', { name: 'Continue' }).click();
      await dialog(q).getByText('Approve this device').waitFor({ timeout: 20_000 });
      await check(q, 'EmailVerifyDevice');
    } finally {
      await other.close();
    }
    expectClean();
  });
});
