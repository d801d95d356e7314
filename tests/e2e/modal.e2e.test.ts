/**
 * The real modal in Debian's Chromium against the demo stack (two anvil chains,
 * the demo dapp, the in-page dev wallet announced only through EIP-6963).
 * Everything is clicked (or typed) through accessible roles and names; what the
 * modal shows is compared with what anvil and the wallet really answer.
 *
 * One stack and one browser for the whole file; every test gets a fresh
 * browser context (so fresh storage: the dev wallet and Latchkey start clean).
 */
import type { Locator, Page } from 'playwright-core';
import { formatEther, getAddress, verifyMessage, type Address, type Hex } from 'viem';
import { formatBalance, truncateAddress } from '../../ui/formatting';
import { saveArtifact } from '../support/artifacts';
import { eventually } from '../support/eventually';
import { connectWalletButton, gotoReady, jsonRpc, useStackAndBrowser } from './support/stackBrowser';
import { instrumentWallets, walletCallsOf } from './support/walletCalls';

jest.setTimeout(30_000);

/** The message the demo's "Sign message" button signs (samples/demo/App.tsx, DEMO_MESSAGE). */
const DEMO_MESSAGE = 'Hello from the Latchkey demo';
const WALLET_NAME = 'Latchkey Dev Wallet';
const AXE_PATH = require.resolve('axe-core/axe.min.js');

let page: Page;
let anvil: { chainId: number; name: string; rpcUrl: string };
let mainnet: { chainId: number; name: string; rpcUrl: string };
const e2e = useStackAndBrowser(({ stack }) => {
  [anvil, mainnet] = stack.chains as [typeof anvil, typeof mainnet];
});

// ---------------------------------------------------------------- helpers


async function openDemo(query = '', options: { viewport?: { width: number; height: number } } = {}): Promise<Page> {
  page = await e2e.newPage(options);
  await page.addInitScript(instrumentWallets, { record: true, failures: true });
  await gotoReady(page, `${e2e.stack.demoUrl}${query}`, ['__devWallet', '__latchkey']);
  // LatchkeyProvider renders the button once the kernel has started.
  await connectButton().waitFor();
  return page;
}

const connectButton = () => connectWalletButton(page);
const dialog = () => page.getByRole('dialog');

/** The modal shows (opacity 1) once its rules, a chunk of their own, are in: measure after. */
/** The modal's stylesheet applied and the card's opening animation (a 150 ms scale) over, so sizes read true. */
const whenStyled = () =>
  page.waitForFunction(() => {
    const card = document.querySelector('.lk-card');
    return getComputedStyle(document.querySelector('.lk-root')!).opacity === '1' && (!card || card.getAnimations().every((a) => a.playState !== 'running'));
  });
/** The host page's account button (balance + truncated address). */
const accountButton = (address: string) => page.getByRole('button', { name: new RegExp(escapeRe(truncateAddress(address))) });
/** A list entry (network or wallet) by the name it starts with; a tag such as 'Testnet' may follow. */
const entry = (scope: Locator, name: string) => scope.getByRole('button', { name: new RegExp(`^${escapeRe(name)}(\\s|$)`) });
const walletCalls = (): Promise<string[]> => walletCallsOf(page);
const walletChainId = (): Promise<string> => page.evaluate(() => (window as any).__devWallet.provider.request({ method: 'eth_chainId' }));

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The account the dev wallet will authorise (anvil's first dev account) and its balance as the UI must show it. */
async function anvilAccount(chain = anvil): Promise<{ address: Address; shown: string }> {
  const [address] = (await jsonRpc(chain.rpcUrl, 'eth_accounts')) as Address[];
  const wei = BigInt(await jsonRpc(chain.rpcUrl, 'eth_getBalance', [address, 'latest']));
  return { address: getAddress(address!), shown: `${formatBalance(formatEther(wei), 3)} ETH` };
}

async function textOf(testId: string): Promise<string> {
  return ((await page.getByTestId(testId).textContent()) ?? '').trim();
}

/** Connects with the mouse: Connect Wallet → the wallet entry; waits until the demo shows the account. */
async function connectWithMouse(): Promise<Address> {
  const { address } = await anvilAccount();
  await connectButton().click();
  await dialog().getByRole('button', { name: WALLET_NAME }).click();
  await eventually(async () => expect(await textOf('account-address')).toBe(address));
  await dialog().waitFor({ state: 'detached' });
  return address;
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === el.ownerDocument.activeElement).catch(() => false);
}

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(target: Locator, { shift = false, max = 15 } = {}): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`focus never reached ${target} within ${max} presses (on: ${await describeActive()})`);
}

function describeActive(): Promise<string> {
  return page.evaluate(() => {
    const a = document.activeElement;
    if (!a) return 'nothing';
    return `<${a.tagName.toLowerCase()}${a.getAttribute('role') ? ` role=${a.getAttribute('role')}` : ''}> ${(a.getAttribute('aria-label') ?? a.textContent ?? '').trim().slice(0, 40)}`;
  });
}

/** Where focus is while the dialog is open: it must be inside it (never <body>); on opening it moves in at the next frame. */
async function expectFocusInDialog(): Promise<void> {
  const inside = await page
    .waitForFunction(() => {
      const d = document.querySelector('[role=dialog]');
      return Boolean(d && d.contains(document.activeElement));
    }, null, { timeout: 1000, polling: 'raf' })
    .then(() => true, () => false);
  if (!inside) throw new Error(`focus is outside the dialog: ${await describeActive()}`);
}

/**
 * Runs axe-core on the open dialog (or the element `selector` finds), with all
 * rules or only `rules`; fails on serious or critical findings, prints the others.
 */
async function axeScan(label: string, rules?: string[], selector = '[role=dialog]'): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const results = await page.evaluate(async ({ rules, selector }) => {
    const options = rules ? { runOnly: { type: 'rule', values: rules } } : {};
    const r = await (window as any).axe.run(document.querySelector(selector), options);
    return r.violations.map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n: any) => `${n.target.join(' ')}: ${n.failureSummary}`) }));
  }, { rules, selector });
  const others = results.filter((v: any) => v.impact !== 'serious' && v.impact !== 'critical');
  if (others.length) console.log(`axe (${label}): minor/moderate findings:\n${JSON.stringify(others, null, 2)}`);
  expect(results.filter((v: any) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

// ---------------------------------------------------------------- tests

describe('the connect modal against the demo stack', () => {
  it('connects through EIP-6963: the account view shows the truncated address and the anvil balance', async () => {
    await openDemo();
    const { address, shown } = await anvilAccount();
    // Announced only through EIP-6963: there is no window.ethereum.
    expect(await page.evaluate(() => typeof (window as any).ethereum)).toBe('undefined');

    await connectButton().click();
    const modal = dialog();
    await modal.waitFor();
    expect(await modal.getAttribute('aria-modal')).toBe('true');
    expect(await page.getByRole('dialog', { name: 'Connect Wallet' }).count()).toBe(1);
    await modal.getByRole('button', { name: WALLET_NAME }).click();

    await eventually(async () => {
      expect(await textOf('account-status')).toBe('connected');
      expect(await textOf('account-address')).toBe(address);
    });
    await modal.waitFor({ state: 'detached' });
    expect(await walletCalls()).toContain('eth_requestAccounts');

    // The host's account button opens the account view.
    const truncated = truncateAddress(address);
    expect(truncated).toMatch(/^0x[0-9a-fA-F]{2}…[0-9a-fA-F]{6}$/);
    await accountButton(address).click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await account.waitFor();
    await account.getByText(truncated, { exact: true }).waitFor();
    expect(await account.getByRole('heading', { name: truncated }).getAttribute('title')).toBe(address);
    // .first(): the header's figure (the Tokens tab lists the same balance below it)
    await account.getByText(shown, { exact: true }).first().waitFor();
    // The demo prints the raw balance: the same figure once cut to 3 decimals.
    const [demoFigure, demoSymbol] = (await textOf('account-balance')).split(' ');
    expect(`${formatBalance(demoFigure, 3)} ${demoSymbol}`).toBe(shown);
    expect(await account.getByRole('button', { name: `Network: ${anvil.name}` }).count()).toBe(1);
  });

  it('switches to chain 1 through the network list (the wallet adds it first) and back', async () => {
    await openDemo();
    const address = await connectWithMouse();
    expect(await walletChainId()).toBe('0x7a69');
    expect(await textOf('network-name')).toBe(anvil.name);
    // The wallet does not know chain 1 yet: the switch must take the 4902 → add-chain path.
    expect(await page.evaluate(() => (window as any).__devWallet.chains.map((c: any) => c.chainId))).toEqual([anvil.chainId]);

    await accountButton(address).click();
    await dialog().getByRole('button', { name: `Network: ${anvil.name}` }).click();
    const list = dialog().getByRole('list', { name: 'Networks' });
    await list.waitFor();
    expect(await entry(list, anvil.name).getAttribute('aria-current')).toBe('true');
    await entry(list, mainnet.name).click();

    await eventually(async () => {
      expect(await textOf('network-name')).toBe(mainnet.name);
      expect(await walletChainId()).toBe('0x1');
    });
    const calls = await walletCalls();
    const failedSwitch = calls.indexOf('wallet_switchEthereumChain:4902');
    expect(failedSwitch).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf('wallet_addEthereumChain')).toBeGreaterThan(failedSwitch);
    // The wallet now reads from the chain-1 node, and the modal went back to the account view on it.
    expect(await page.evaluate(() => (window as any).__devWallet.provider.request({ method: 'net_version' }))).toBe('1');
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: `Network: ${mainnet.name}` }).waitFor();
    const onMainnet = await anvilAccount(mainnet);
    await dialog().getByText(onMainnet.shown, { exact: true }).first().waitFor(); // the header's (the Tokens tab lists it too)

    // And back to 31337 (now a plain wallet_switchEthereumChain).
    await dialog().getByRole('button', { name: `Network: ${mainnet.name}` }).click();
    await entry(dialog().getByRole('list', { name: 'Networks' }), anvil.name).click();
    await eventually(async () => {
      expect(await textOf('network-name')).toBe(anvil.name);
      expect(await walletChainId()).toBe('0x7a69');
    });
    expect((await walletCalls()).filter((c) => c === 'wallet_addEthereumChain')).toHaveLength(1);
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: `Network: ${anvil.name}` }).waitFor();
  });

  it('signs a message from the demo; the signature verifies against the address', async () => {
    await openDemo();
    const address = await connectWithMouse();
    await page.getByRole('button', { name: 'Sign message' }).click();
    const result = page.getByTestId('sign-result');
    await eventually(async () => expect(await result.getAttribute('data-status')).toBe('done'));
    expect(await result.getAttribute('data-verified')).toBe('true');
    expect(await result.textContent()).toContain(`Verified: signed by ${address}`);
    const signature = (await result.getAttribute('data-signature')) as Hex;
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(await verifyMessage({ address, message: DEMO_MESSAGE, signature })).toBe(true);
    expect(await verifyMessage({ address, message: `${DEMO_MESSAGE}.`, signature })).toBe(false);
    expect(await walletCalls()).toContain('personal_sign');
  });

  it('stays connected after a reload without asking the wallet again; Disconnect brings "Connect Wallet" back', async () => {
    await openDemo();
    const address = await connectWithMouse();

    await page.reload();
    await page.waitForFunction(() => Boolean((window as any).__latchkey));
    await eventually(async () => {
      expect(await textOf('account-status')).toBe('connected');
      expect(await textOf('account-address')).toBe(address);
    });
    await accountButton(address).waitFor();
    const calls = await walletCalls(); // recorded since the reload
    expect(calls).toContain('eth_accounts');
    expect(calls).not.toContain('eth_requestAccounts');
    expect(calls).not.toContain('wallet_requestPermissions');
    expect(await dialog().count()).toBe(0);

    await accountButton(address).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click();
    await connectButton().waitFor();
    await dialog().waitFor({ state: 'detached' });
    expect(await textOf('account-status')).toBe('disconnected');
    expect(await textOf('account-address')).toBe('Not connected');

    // Disconnected stays disconnected after a reload, although the wallet would still answer eth_accounts.
    await page.reload();
    await page.waitForFunction(() => Boolean((window as any).__latchkey));
    await connectButton().waitFor();
    expect(await textOf('account-status')).toBe('disconnected');
  });

  it("a declined request says so clearly, and 'Try again' connects", async () => {
    await openDemo();
    const { address } = await anvilAccount();
    await page.evaluate(() => ((window as any).__devWallet.rejectNext = true));
    await connectButton().click();
    await dialog().getByRole('button', { name: WALLET_NAME }).click();

    const modal = page.getByRole('dialog', { name: WALLET_NAME });
    const status = modal.getByRole('status');
    await status.getByText('Connection declined', { exact: true }).waitFor();
    expect(await status.textContent()).toContain('The request was declined in the wallet.');
    expect(await walletCalls()).toContain('eth_requestAccounts:4001');
    expect(await textOf('account-status')).toBe('disconnected');
    saveArtifact('e2e/modal-declined-light.png', await page.screenshot());
    // The message itself must be readable (the primary button's colours are the theme's accent).
    await axeScan('ConnectingExternal, declined', ['color-contrast'], '[role=dialog] [role=status]');

    await modal.getByRole('button', { name: 'Try again' }).click();
    await eventually(async () => expect(await textOf('account-address')).toBe(address));
    await dialog().waitFor({ state: 'detached' });
    await accountButton(address).waitFor();
  });

  it('the whole path by keyboard alone: open, choose the wallet, account view, disconnect, Escape', async () => {
    await openDemo();
    const { address, shown } = await anvilAccount();
    const opener = connectButton();
    await tabTo(opener);
    await page.keyboard.press('Enter');
    await dialog().waitFor();
    await expectFocusInDialog();

    const wallet = dialog().getByRole('button', { name: WALLET_NAME });
    await tabTo(wallet);
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await textOf('account-address')).toBe(address));
    await dialog().waitFor({ state: 'detached' });

    // Focus came back to the host's button that replaced "Connect Wallet": the account button.
    const account = accountButton(address);
    await eventually(async () => expect(await isFocused(account)).toBe(true), 2000);
    await page.keyboard.press('Enter');
    const view = page.getByRole('dialog', { name: 'Account' });
    await view.waitFor();
    await expectFocusInDialog();
    await view.getByText(truncateAddress(address), { exact: true }).waitFor();
    await view.getByText(shown, { exact: true }).first().waitFor(); // the header's (the Tokens tab lists it too)

    await tabTo(view.getByRole('button', { name: 'Disconnect' }), { shift: true });
    await page.keyboard.press('Enter');
    await connectButton().waitFor();
    await dialog().waitFor({ state: 'detached' });
    expect(await textOf('account-status')).toBe('disconnected');
    await eventually(async () => expect(await isFocused(connectButton())).toBe(true), 2000);

    // Escape closes, focus goes back to the opener.
    await page.keyboard.press('Enter');
    await dialog().waitFor();
    await expectFocusInDialog();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await isFocused(connectButton())).toBe(true);
  });

  it('keeps focus in the dialog while the wallet is busy, so Escape still closes it', async () => {
    await openDemo();
    await page.evaluate(() => {
      (window as any).__delay.eth_requestAccounts = 1500;
    });
    await tabTo(connectButton());
    await page.keyboard.press('Enter');
    await tabTo(dialog().getByRole('button', { name: WALLET_NAME }));
    await page.keyboard.press('Enter');
    await dialog().getByText(`Continue in ${WALLET_NAME}`).waitFor();
    await expectFocusInDialog();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    // The connection still completes in the background.
    const { address } = await anvilAccount();
    await eventually(async () => expect(await textOf('account-address')).toBe(address));

    // A network switch disables the list while the wallet is asked: focus must not fall to <body>.
    await page.evaluate(() => {
      (window as any).__delay.wallet_switchEthereumChain = 1500;
    });
    await accountButton(address).focus();
    await page.keyboard.press('Enter');
    const view = page.getByRole('dialog', { name: 'Account' });
    await view.waitFor();
    await tabTo(view.getByRole('button', { name: `Network: ${anvil.name}` }));
    await page.keyboard.press('Enter');
    await tabTo(entry(dialog().getByRole('list', { name: 'Networks' }), mainnet.name));
    await page.keyboard.press('Enter');
    // 'Continue in {wallet}: approve the switch to {network}.' (the kernel's pendingSwitch), with Cancel.
    await dialog().getByRole('status').filter({ hasText: `Continue in ${WALLET_NAME}: approve the switch to ${mainnet.name}.` }).waitFor();
    await eventually(expectFocusInDialog, 1000);
    // Focus must stay inside for a while (not just at the first check).
    await page.waitForFunction(() => (window as any).__calls.includes('wallet_switchEthereumChain'));
    await expectFocusInDialog();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached', timeout: 1000 });
  });
});

describe('accessibility and looks', () => {
  it('axe finds no serious or critical violation in the Connect and Account views', async () => {
    await openDemo();
    await connectButton().click();
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: WALLET_NAME }).waitFor();
    await axeScan('Connect');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });

    const address = await connectWithMouse();
    await accountButton(address).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).waitFor();
    await axeScan('Account');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`renders the 360 px card in the ${theme} theme (screenshots saved)`, async () => {
      await openDemo(theme === 'dark' ? '?theme=dark' : '');
      await connectButton().click();
      const modal = page.getByRole('dialog', { name: 'Connect Wallet' });
      await modal.getByRole('button', { name: WALLET_NAME }).waitFor();
      await whenStyled();
      const box = (await modal.boundingBox())!;
      expect(Math.round(box.width)).toBe(360);
      // Centred in the 1024×768 viewport.
      expect(Math.abs(box.x + box.width / 2 - 512)).toBeLessThanOrEqual(1);
      const colours = await modal.evaluate((el) => {
        // rgb(r g b) in 0..255, or color(srgb r g b) in 0..1 (what color-mix() computes to).
        const lum = (c: string) => {
          const scale = c.startsWith('color(') ? 1 : 255;
          const [r, g, b] = (c.replace(/^color\(srgb/, '').match(/[\d.]+/g) ?? ['0', '0', '0']).map((x) => Number(x) / scale);
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        const s = getComputedStyle(el);
        const title = el.querySelector('h2')!;
        return { bg: lum(s.backgroundColor), fg: lum(getComputedStyle(title).color), theme: el.closest('[data-lk-theme]')?.getAttribute('data-lk-theme') };
      });
      expect(colours.theme).toBe(theme);
      if (theme === 'dark') expect(colours.bg).toBeLessThan(0.2);
      else expect(colours.bg).toBeGreaterThan(0.9);
      expect(Math.abs(colours.bg - colours.fg)).toBeGreaterThan(0.6); // readable title
      await axeScan(`Connect, ${theme}`, ['color-contrast']);
      saveArtifact(`e2e/modal-connect-${theme}.png`, await page.screenshot());

      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
      const address = await connectWithMouse();
      await accountButton(address).click();
      await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).waitFor();
      await axeScan(`Account, ${theme}`, ['color-contrast']);
      // the wallet features: one row of icon-and-label buttons named by their labels; the address's copy button an icon button
      const account = page.getByRole('dialog', { name: 'Account' });
      const features = await account.getByRole('group', { name: 'Wallet features' }).getByRole('button').evaluateAll((bs) =>
        bs.map((b) => ({ top: Math.round(b.getBoundingClientRect().top), icon: b.querySelector('svg.lk-icon[aria-hidden=true]') !== null, text: b.textContent })),
      );
      expect(features.map((f) => f.text)).toEqual(['Buy', 'Swap', 'Receive', 'Send', 'Choose name']);
      expect(new Set(features.map((f) => f.top)).size).toBe(1);
      expect(features.every((f) => f.icon)).toBe(true);
      expect(await account.getByRole('button', { name: 'Copy address', exact: true }).textContent()).toBe('');
      saveArtifact(`e2e/modal-account-${theme}.png`, await page.screenshot());
    });
  }

  it('is a bottom sheet on a 375 px wide screen', async () => {
    await openDemo('', { viewport: { width: 375, height: 700 } });
    await connectButton().click();
    const modal = page.getByRole('dialog', { name: 'Connect Wallet' });
    await modal.getByRole('button', { name: WALLET_NAME }).waitFor();
    await whenStyled();
    const box = (await modal.boundingBox())!;
    expect(Math.round(box.width)).toBe(375);
    expect(Math.round(box.x)).toBe(0);
    expect(Math.abs(box.y + box.height - 700)).toBeLessThanOrEqual(1);
    saveArtifact('e2e/modal-connect-narrow.png', await page.screenshot());
  });

  it('polish: 44 px Back and Close, a check on the selected network, arrow keys, a focused search, a steady height while typing, scroll shadows, the connected wallet', async () => {
    await openDemo();
    await connectButton().click();
    const modal = page.getByRole('dialog', { name: 'Connect Wallet' });
    await modal.getByRole('button', { name: WALLET_NAME }).waitFor();
    await whenStyled();
    const close = modal.getByRole('button', { name: 'Close' });
    expect(await close.boundingBox()).toMatchObject({ width: 44, height: 44 });

    // Arrow keys move through the wallet list (their handler attaches with the modal's chunk,
    // which a loaded machine may still be evaluating right after the modal shows). ArrowDown from
    // WalletConnect goes to the entry below it, whichever wallet that is: the installed wallets are
    // listed in the order they announce themselves (EIP-6963 and the wallet standard), which a
    // loaded machine varies (a stress run saw the Bitcoin dev wallet there first).
    await eventually(async () => {
      const entries = modal.locator('.lk-list').first().getByRole('button');
      const names = await entries.allTextContents();
      const from = names.findIndex((n) => n.startsWith('WalletConnect'));
      expect(from).toBeGreaterThanOrEqual(0);
      expect(names.length).toBeGreaterThan(from + 1);
      await entries.nth(from).focus();
      await page.keyboard.press('ArrowDown');
      if (!(await isFocused(entries.nth(from + 1)))) {
        throw new Error(`ArrowDown from WalletConnect left focus on ${await describeActive()}, not on ${names[from + 1]}; the list: ${JSON.stringify(names)}`);
      }
    }, 5_000);
    await page.keyboard.press('End');
    expect(await isFocused(modal.getByRole('button', { name: 'All Wallets' }))).toBe(true);
    expect(await modal.getByRole('button', { name: 'All Wallets' }).locator('.lk-grid').count()).toBe(1);

    // All Wallets: the search has focus; typing does not change the card's height.
    await page.keyboard.press('Enter');
    const all = page.getByRole('dialog', { name: 'All Wallets' });
    const search = all.getByRole('searchbox', { name: 'Search wallet' });
    await search.waitFor();
    await eventually(async () => expect(await isFocused(search)).toBe(true), 2000);
    expect(await all.getByRole('button', { name: 'Back' }).boundingBox()).toMatchObject({ width: 44, height: 44 });
    const heights = new Set<number>();
    for (const ch of ['m', 'e', 't', 'a', 'x', 'q']) {
      await page.keyboard.type(ch);
      heights.add(Math.round((await all.boundingBox())!.height));
    }
    expect([...heights]).toHaveLength(1);
    await search.fill('');
    // The long list scrolls: a shadow at the bottom, then at the top too.
    const scroller = all.getByTestId('wallet-scroller');
    await eventually(async () => expect(await scroller.getAttribute('data-lk-below')).toBe(''));
    expect(await scroller.getAttribute('data-lk-above')).toBeNull();
    await scroller.evaluate((el) => el.scrollBy(0, 200));
    await eventually(async () => expect(await scroller.getAttribute('data-lk-above')).toBe(''));
    // The shadow shows (at once: the context prefers reduced motion, so no fade).
    expect(await scroller.evaluate((el) => getComputedStyle(el, '::before').opacity)).toBe('1');
    saveArtifact('e2e/modal-all-wallets.png', await page.screenshot());
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });

    // Connected: the Account view names the wallet; the network list checks the active network.
    const address = await connectWithMouse();
    await accountButton(address).click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await account.getByText(`Connected with ${WALLET_NAME}`).waitFor();
    saveArtifact('e2e/modal-account-wallet.png', await page.screenshot());
    await account.getByRole('button', { name: `Network: ${anvil.name}` }).click();
    const list = dialog().getByRole('list', { name: 'Networks' });
    await list.waitFor();
    const active = entry(list, anvil.name);
    expect(await active.getAttribute('aria-current')).toBe('true');
    expect(await active.locator('.lk-check').count()).toBe(1);
    expect(await entry(list, mainnet.name).locator('.lk-check').count()).toBe(0);
    // No ring: the selected entry looks like the others apart from its check and weight.
    expect(await active.evaluate((el) => getComputedStyle(el).boxShadow)).toBe('none');
    // Real marks, not initials, for every chain (EVM, Solana, Bitcoin).
    const chains = await list.getByRole('listitem').count();
    expect(chains).toBeGreaterThanOrEqual(4);
    expect(await list.locator('img').count()).toBe(chains);
    expect(await list.getByTestId('wallet-image-fallback').count()).toBe(0);
    await active.focus();
    await page.keyboard.press('ArrowDown');
    expect(await isFocused(entry(list, mainnet.name))).toBe(true);
    saveArtifact('e2e/modal-networks.png', await page.screenshot());
  });
});
