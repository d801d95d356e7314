/**
 * The demo served under a strict Content-Security-Policy (`/?csp=strict`:
 * `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:`
 * plus `connect-src` for the chains and the relay; no 'unsafe-inline', no nonce), in
 * Debian's Chromium. The modal must be fully styled (its stylesheet is adopted through
 * CSSOM, which the policy allows), lay out as a dialog, and a wallet must connect.
 */
import type { Page } from 'playwright-core';
import { saveArtifact } from '../support/artifacts';
import { connectWalletButton, gotoReady, useStackAndBrowser } from './support/stackBrowser';

jest.setTimeout(30_000);

const WALLET_NAME = 'Latchkey Dev Wallet';

let page: Page;
const e2e = useStackAndBrowser();

/** Records every CSP violation the page reports (window.__csp). */
function recordViolations() {
  const w = window as unknown as { __csp: { directive: string; blocked: string; sample: string }[] };
  w.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    w.__csp.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample });
  });
}

async function openStrict(query = ''): Promise<{ policy: string }> {
  page = await e2e.newPage();
  await page.addInitScript(recordViolations);
  const response = await gotoReady(page, `${e2e.stack.demoUrl}?csp=strict${query}`, ['__devWallet', '__latchkey']);
  const policy = (await response!.headerValue('content-security-policy')) ?? '';
  await connectWalletButton(page).waitFor();
  return { policy };
}

/** [r, g, b] in 0..255 of a computed colour: rgb(…) or color(srgb …) (what color-mix() computes to). */
function rgb(c: string): number[] {
  const scale = c.startsWith('color(') ? 255 : 1;
  return (c.replace(/^color\(srgb/, '').match(/[\d.]+/g) ?? []).slice(0, 3).map((x) => Math.round(Number(x) * scale));
}

const violations = (): Promise<{ directive: string; blocked: string; sample: string }[]> => page.evaluate(() => (window as any).__csp);

describe('the demo under a strict CSP', () => {
  it('blocks inline styles (the policy is in force), yet the modal is styled, laid out as a dialog, and a wallet connects', async () => {
    const { policy } = await openStrict();
    expect(policy).toContain("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:");
    expect(policy).not.toMatch(/unsafe-inline|nonce-/);

    // The policy is in force: a <style> element and a style attribute from HTML are refused.
    const blocked = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.className = 'csp-probe';
      document.body.append(probe);
      const style = document.createElement('style');
      style.textContent = '.csp-probe{width:123px}';
      document.head.append(style);
      const holder = document.createElement('div');
      holder.innerHTML = '<span class="csp-attr" style="display:block;width:77px"></span>';
      document.body.append(holder);
      const result = {
        styleElement: getComputedStyle(probe).width !== '123px',
        styleAttribute: getComputedStyle(holder.firstElementChild!).width !== '77px',
      };
      probe.remove();
      style.remove();
      holder.remove();
      return result;
    });
    expect(blocked).toEqual({ styleElement: true, styleAttribute: true });
    await page.waitForFunction(() => (window as any).__csp.length >= 2);
    const probes = await violations();
    expect(probes.every((v) => v.directive.startsWith('style-src'))).toBe(true);
    await page.evaluate(() => ((window as any).__csp.length = 0));

    // The host's buttons are styled (the base sheet): the accent-coloured Connect Wallet.
    const connect = connectWalletButton(page);
    const buttonBg = await connect.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(buttonBg).toBe('rgb(10, 111, 209)');

    await connect.click();
    const modal = page.getByRole('dialog', { name: 'Connect Wallet' });
    await modal.getByRole('button', { name: WALLET_NAME }).waitFor();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.lk-root')!).opacity === '1');
    const layout = await modal.evaluate((card) => {
      const root = card.closest('.lk-root')!;
      const overlay = root.querySelector('.lk-overlay')!;
      const r = card.getBoundingClientRect();
      const item = card.querySelector('.lk-item')!;
      return {
        rootPosition: getComputedStyle(root).position,
        rootZ: getComputedStyle(root).zIndex,
        overlay: getComputedStyle(overlay).backgroundColor,
        cardPosition: getComputedStyle(card).position,
        radius: getComputedStyle(card).borderTopLeftRadius,
        x: r.x,
        y: r.y,
        width: r.width,
        height: r.height,
        itemDisplay: getComputedStyle(item).display,
        itemRadius: getComputedStyle(item).borderTopLeftRadius,
        font: getComputedStyle(card).fontFamily,
      };
    });
    expect(layout.rootPosition).toBe('fixed');
    expect(layout.rootZ).toBe('999'); // --lk-z-index, set through CSSOM
    expect(layout.overlay).toBe('rgba(0, 0, 0, 0.3)');
    expect(layout.cardPosition).toBe('relative');
    expect(Math.round(layout.width)).toBe(360);
    expect(layout.radius).toBe('36px');
    // Centred in the 1024×768 viewport, not stacked at the bottom of the page.
    expect(Math.abs(layout.x + layout.width / 2 - 512)).toBeLessThanOrEqual(1);
    expect(Math.abs(layout.y + layout.height / 2 - 384)).toBeLessThanOrEqual(1);
    expect(layout.itemDisplay).toBe('flex');
    expect(layout.itemRadius).toBe('16px');
    expect(layout.font).toContain('system-ui');
    expect(rgb(await modal.evaluate((el) => getComputedStyle(el).backgroundColor))).toEqual([255, 255, 255]);
    expect(rgb(await modal.locator('h2').evaluate((el) => getComputedStyle(el).color))).toEqual([20, 20, 20]);
    saveArtifact('e2e/csp-connect.png', await page.screenshot());

    // A lazy view (its own chunk) with per-row offsets set through CSSOM: All Wallets' windowed list.
    await modal.getByRole('button', { name: /^All Wallets/ }).click();
    const wallets = page.getByRole('dialog', { name: 'All Wallets' }).getByRole('list', { name: 'Wallets' });
    await wallets.waitFor();
    const rows = await wallets.evaluate((ul) =>
      [...ul.querySelectorAll(':scope > li')].slice(0, 3).map((li) => ({ pos: getComputedStyle(li).position, top: li.getBoundingClientRect().top })),
    );
    expect(rows.map((r) => r.pos)).toEqual(['absolute', 'absolute', 'absolute']);
    expect(Math.round(rows[1]!.top - rows[0]!.top)).toBe(64);
    expect(Math.round(rows[2]!.top - rows[1]!.top)).toBe(64);
    saveArtifact('e2e/csp-all-wallets.png', await page.screenshot());
    await page.getByRole('button', { name: 'Back' }).click();

    // Connect the dev wallet (EIP-6963) under the policy: RPC to anvil is allowed by connect-src.
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: WALLET_NAME }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid=account-status]')?.textContent === 'connected', null, { timeout: 15_000 });
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const address = (await page.getByTestId('account-address').textContent())!;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    // The Account view is styled too (a lazy chunk): the avatar is a 64 px circle.
    await page.getByRole('button', { name: new RegExp(address.slice(-6)) }).click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await account.getByRole('button', { name: 'Disconnect' }).waitFor();
    const avatar = await account.locator('.lk-avatar').evaluate((el) => ({ w: el.getBoundingClientRect().width, radius: getComputedStyle(el).borderRadius }));
    expect(avatar).toEqual({ w: 64, radius: '50%' });
    // The balance, read from the chain (RPC under connect-src).
    await account.getByText(/^\d[\d,]*(\.\d+)? [A-Z]+$/).first().waitFor({ timeout: 10_000 });
    saveArtifact('e2e/csp-account.png', await page.screenshot());
    // Send lists the account's tokens from the data service (the blockchain API), which connect-src allows.
    await account.getByRole('group', { name: 'Wallet features' }).getByRole('button', { name: 'Send' }).click();
    // the modal's token chooser: its button named "Token" then what it shows, its mark a data: SVG (img-src data:)
    const token = page.getByRole('dialog').getByRole('button', { name: /^Token ETH \d/ });
    await token.waitFor();
    await token.click();
    const chooser = page.getByRole('dialog').getByRole('dialog', { name: 'Select a token' });
    await chooser.getByRole('button', { name: /^ETH\b/ }).first().waitFor();
    expect(await chooser.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
    saveArtifact('e2e/csp-send-tokens.png', await page.screenshot());

    // Nothing the page did was refused by the policy.
    expect(await violations()).toEqual([]);
  });

  it('the dark theme applies under the policy (data-lk-theme and CSSOM variables), and the WalletConnect pairing view renders', async () => {
    await openStrict('&theme=dark');
    await connectWalletButton(page).click();
    const modal = page.getByRole('dialog', { name: 'Connect Wallet' });
    await modal.getByRole('button', { name: WALLET_NAME }).waitFor();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.lk-root')!).opacity === '1');
    expect(rgb(await modal.evaluate((el) => getComputedStyle(el).backgroundColor))).toEqual([20, 20, 20]);
    expect(rgb(await modal.locator('h2').evaluate((el) => getComputedStyle(el).color))).toEqual([242, 242, 242]);
    saveArtifact('e2e/csp-connect-dark.png', await page.screenshot());
    // The WalletConnect plugin's view (its own chunk): the pairing QR (React sets its style through CSSOM), over the local relay.
    await modal.getByRole('button', { name: /^WalletConnect/ }).click();
    const qr = page.getByRole('img', { name: 'QR code for WalletConnect' });
    await qr.waitFor({ timeout: 15_000 });
    expect(await qr.evaluate((el) => ({ bg: getComputedStyle(el).backgroundColor, display: getComputedStyle(el).display }))).toEqual({
      bg: 'rgb(255, 255, 255)',
      display: 'block',
    });
    saveArtifact('e2e/csp-walletconnect-dark.png', await page.screenshot());

    expect(await violations()).toEqual([]);
  });
});
