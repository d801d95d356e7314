/**
 * Hostile wallets in Debian's Chromium, against the demo: EIP-6963 announcements whose
 * names carry markup and whose icons are `javascript:`, `data:text/html`, `vbscript:` or an
 * SVG with scripts, and a host's custom wallet whose every link is hostile (a
 * `mobileLink` of `javascript:alert(1)//` first). Everything is clicked; nothing may run
 * (window.__pwned stays undefined, no alert opens), names render as text, and every `src`
 * and `href` in the modal is one the URL gate allows.
 */
import type { Locator, Page } from 'playwright-core';
import { saveArtifact } from '../support/artifacts';
import { eventually } from '../support/eventually';
import { connectWalletButton, gotoReady, useStackAndBrowser } from './support/stackBrowser';
import { MAX_ANNOUNCED_WALLETS } from '../../plugins/evm/discovery';
import { CONNECT_VIEW_WALLETS } from '../../ui/views/WalletList';

jest.setTimeout(30_000);

let page: Page;
let dialogs: string[];
const e2e = useStackAndBrowser();

/** Runs before the page's scripts: hostile EIP-6963 providers, announced now and on every request. */
function announceHostileWallets() {
  const svgWithScript =
    'data:image/svg+xml,' +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" onload="window.__pwned=\'svg-onload\'"><script>window.__pwned=\'svg-script\'</script><rect width="8" height="8" fill="#c00"/></svg>',
    );
  const wallets = [
    { uuid: '5f1c8c1e-0000-4000-8000-000000000001', name: '<img src=x onerror="window.__pwned=\'name\'">Markup Wallet', icon: "javascript:window.__pwned='icon-js'", rdns: 'example.evil.markup' },
    { uuid: '5f1c8c1e-0000-4000-8000-000000000002', name: '<script>window.__pwned="script"</script>Script Wallet', icon: 'data:text/html,<script>parent.__pwned="icon-html"</script>', rdns: 'example.evil.script' },
    { uuid: '5f1c8c1e-0000-4000-8000-000000000003', name: 'Svg <b>Bold</b> Wallet', icon: svgWithScript, rdns: 'example.evil.svg' },
    { uuid: '5f1c8c1e-0000-4000-8000-000000000004', name: 'VB Wallet', icon: 'vbscript:msgbox(1)', rdns: 'example.evil.vb' },
  ];
  const provider = {
    request: async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    },
    on() {},
    removeListener() {},
  };
  const announce = () => {
    for (const info of wallets) {
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: Object.freeze(info), provider }) }));
    }
  };
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}

/** Runs before the page's scripts: `n` distinct wallets announce themselves (spam, a buggy extension), now and on every request. */
function announceSpam(n: number) {
  const provider = {
    request: async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    },
    on() {},
    removeListener() {},
  };
  const icon = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E';
  const details = Array.from({ length: n }, (_, i) => Object.freeze({ info: Object.freeze({ uuid: `spam-${i}`, name: `Spam Wallet ${i}`, rdns: `io.spam${i}`, icon }), provider }));
  const announce = () => {
    for (const detail of details) window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  };
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}

/** A host's custom wallet whose every link is hostile. */
const EVIL_CUSTOM = {
  id: 'evil-custom',
  name: 'Evil <i>Custom</i> Wallet',
  mobileLink: 'javascript:alert(1)//',
  desktopLink: 'javascript:alert(2)//',
  webappLink: "javascript:window.__pwned='webapp'",
  homepage: 'data:text/html,<script>alert(3)</script>',
  appStore: 'vbscript:msgbox(4)',
  playStore: 'file:///etc/passwd',
  imageUrl: "javascript:window.__pwned='custom-image'",
};

async function open(options: { mobile?: boolean; spam?: number } = {}): Promise<void> {
  page = await e2e.newPage(
    options.mobile
      ? {
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
        }
      : {},
  );
  dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  if (options.spam) await page.addInitScript(announceSpam, options.spam);
  await page.addInitScript(announceHostileWallets);
  await gotoReady(page, e2e.stack.demoUrl, ['__latchkey']);
  await page.evaluate((custom) => (window as any).__latchkey.options.update({ customWallets: [custom] }), EVIL_CUSTOM);
  await connectWalletButton(page).waitFor();
}

const dialog = () => page.getByRole('dialog');

/** Every src and href in the modal, and elements that must not exist there. */
async function expectInert(): Promise<void> {
  const found = await page.evaluate(() => {
    const root = document.querySelector('[data-latchkey-root]')!;
    return {
      srcs: [...root.querySelectorAll('[src]')].map((e) => e.getAttribute('src')!),
      hrefs: [...root.querySelectorAll('[href]')].map((e) => e.getAttribute('href')!),
      injected: root.querySelectorAll('script, iframe, object, embed, b, i:not(.lk-grid i), img[onerror], [onload]').length,
      pwned: (window as any).__pwned,
    };
  });
  for (const src of found.srcs) expect(src).toMatch(/^(https?:|data:image\/(svg\+xml|png|jpeg|gif|webp)[;,])/);
  for (const href of found.hrefs) expect(href).toMatch(/^https?:/);
  expect(found.injected).toBe(0);
  expect(found.pwned).toBeUndefined();
  expect(dialogs).toEqual([]);
}

async function clickAndReturn(button: Locator): Promise<void> {
  await button.click();
  await expectInert();
  const back = page.getByRole('button', { name: 'Back' });
  if (await back.count()) await back.click();
}

describe('hostile wallets', () => {
  it('announced wallets: names render as text, hostile icons fall back to initials, nothing runs when everything is clicked', async () => {
    await open();
    await connectWalletButton(page).click();
    const connect = page.getByRole('dialog', { name: 'Connect Wallet' });
    // The Connect view lists a few wallets (CONNECT_VIEW_WALLETS): whichever hostile ones it shows are inert.
    await connect.getByRole('list', { name: 'Wallets' }).waitFor();
    await expectInert();
    saveArtifact('e2e/hostile-connect.png', await page.screenshot());
    // All Wallets lists every one.
    await connect.getByRole('button', { name: 'All Wallets' }).click();
    const modal = page.getByRole('dialog', { name: 'All Wallets' });
    // The names are text: discovery drops their markup characters (plugins/evm/discovery.ts) and React never parses them.
    const markup = modal.getByRole('button', { name: /Markup Wallet/ });
    await markup.waitFor();
    expect(await markup.locator('.lk-item-name').textContent()).toBe('img src=x onerror="window.__pwned=\'name\'"Markup Wallet');
    expect(await modal.getByRole('button', { name: /^scriptwindow.*Script Wallet\b/ }).count()).toBe(1);
    expect(await modal.getByRole('button', { name: /^Svg bBold\/b Wallet\b/ }).count()).toBe(1);
    // javascript:, data:text/html and vbscript: icons never reach an <img>: initials instead.
    for (const name of [/Markup Wallet/, /Script Wallet/, /^VB Wallet/]) {
      const item = modal.getByRole('button', { name });
      expect(await item.locator('img').count()).toBe(0);
      expect(await item.getByTestId('wallet-image-fallback').count()).toBe(1);
    }
    // The SVG with scripts is shown as an image, where its scripts do not run.
    const svgImg = modal.getByRole('button', { name: /Svg bBold/ }).locator('img');
    await page.waitForFunction((el) => (el as HTMLImageElement).complete, await svgImg.elementHandle());
    await expectInert();
    saveArtifact('e2e/hostile-all-wallets.png', await page.screenshot());

    // Click every hostile wallet: each asks its provider (which declines) and shows its name as text.
    for (const name of [/Markup Wallet/, /Script Wallet/, /Svg bBold/, /^VB Wallet/]) {
      await clickAndReturn(page.getByRole('dialog').getByRole('button', { name }).first());
    }

    // The host's hostile custom wallet.
    const search = page.getByRole('searchbox', { name: 'Search wallet' });
    await search.fill('evil');
    const custom = page.getByRole('dialog').getByRole('button', { name: 'Evil <i>Custom</i> Wallet' });
    await custom.click();
    // Its Get panel: no hostile link became a link.
    const panel = page.getByRole('region', { name: 'Get Evil <i>Custom</i> Wallet' });
    await panel.waitFor();
    expect(await panel.getByRole('link').count()).toBe(0);
    expect(await panel.textContent()).toContain('No download link is known for this wallet.');
    await expectInert();
    saveArtifact('e2e/hostile-get-panel.png', await page.screenshot());
    // Over WalletConnect: the pairing view offers no "Open" link built from javascript:alert(1)//.
    await panel.getByRole('button', { name: 'Connect with WalletConnect' }).click();
    await page.getByRole('img', { name: 'QR code for WalletConnect' }).waitFor({ timeout: 15_000 });
    expect(await dialog().getByRole('link').count()).toBe(0);
    expect(await dialog().getByRole('button', { name: /^Open / }).count()).toBe(0);
    await expectInert();
  });

  it('3,000 announced wallets: the Connect view lists a few, All Wallets a bounded and windowed list', async () => {
    // All Wallets' length without the spam (the demo's wallets, its directory, the hostile four).
    await open();
    await connectWalletButton(page).click();
    await dialog().getByRole('button', { name: /^All Wallets/ }).click();
    const row = dialog().getByRole('list', { name: 'Wallets' }).getByRole('listitem').first();
    await row.waitFor();
    // the directory's catalogue loads on first use, after the view opens: read the length once it
    // has stopped changing (the same for 600 ms), or the spam below would be counted with it
    const readSize = async () => Number(await row.getAttribute('aria-setsize'));
    let clean = await readSize();
    for (let steady = 0, end = Date.now() + 10_000; steady < 3 && Date.now() < end; ) {
      await page.waitForTimeout(200);
      const next = await readSize();
      steady = next === clean ? steady + 1 : 0;
      clean = next;
    }
    await e2e.context.close();

    await open({ spam: 3000 });
    await connectWalletButton(page).click();
    const connect = page.getByRole('dialog', { name: 'Connect Wallet' });
    const wallets = connect.getByRole('list', { name: 'Wallets' });
    await wallets.waitFor();
    // CONNECT_VIEW_WALLETS wallets and "All Wallets", which says how many more there are (on a
    // loaded machine the page may still be taking the announcements in when the modal opens: the
    // list fills as they arrive, and never past this).
    await eventually(async () => expect(await wallets.getByRole('button').count()).toBe(CONNECT_VIEW_WALLETS + 1));
    // (besides the wallets: All Wallets, WalletConnect, the e-mail and social-login controls, Close)
    expect(await connect.getByRole('button').count()).toBeLessThan(CONNECT_VIEW_WALLETS + 20);
    const all = wallets.getByRole('button', { name: /^All Wallets/ });
    expect(await all.textContent()).toMatch(/\d+\+$/);
    await all.click();
    const list = page.getByRole('dialog', { name: 'All Wallets' }).getByRole('list', { name: 'Wallets' });
    await list.getByRole('listitem').first().waitFor();
    // Discovery keeps at most MAX_ANNOUNCED_WALLETS of the 3,000 (plus the demo's own wallets),
    // and only the rows in view (and a few around them) are in the DOM.
    // (the directory's catalogue loads after the view opens: wait until the list has it)
    const setSize = async () => Number(await list.getByRole('listitem').first().getAttribute('aria-setsize'));
    for (const end = Date.now() + 10_000; (await setSize()) <= clean && Date.now() < end; ) await page.waitForTimeout(100);
    const total = await setSize();
    expect(total).toBeGreaterThan(clean);
    expect(total - clean).toBeLessThanOrEqual(MAX_ANNOUNCED_WALLETS);
    expect(await list.getByRole('listitem').count()).toBeLessThan(total);
    expect(await page.getByRole('dialog').getByRole('button').count()).toBeLessThan(total);
    await expectInert();
    saveArtifact('e2e/hostile-spam-all-wallets.png', await page.screenshot());
  });

  it("on a phone, a custom wallet's javascript: mobileLink never becomes the 'Open' link", async () => {
    await open({ mobile: true });
    await connectWalletButton(page).click();
    await dialog().waitFor();
    // Phones open All Wallets or the wallet list; find the custom wallet by searching.
    const all = dialog().getByRole('button', { name: 'All Wallets' });
    if (await all.count()) await all.click();
    await page.getByRole('searchbox', { name: 'Search wallet' }).fill('evil');
    await dialog().getByRole('button', { name: 'Evil <i>Custom</i> Wallet' }).click();
    await page.getByRole('img', { name: 'QR code for WalletConnect' }).waitFor({ timeout: 15_000 });
    expect(await dialog().getByRole('link').count()).toBe(0);
    expect(await dialog().getByRole('button', { name: /^Open / }).count()).toBe(0);
    // Tap everything the view has.
    for (const b of await dialog().getByRole('button').all()) {
      const name = await b.getAttribute('aria-label');
      if (name === 'Close' || name === 'Back') continue;
      if (await b.isEnabled()) await b.click().catch(() => {});
    }
    await expectInert();
    saveArtifact('e2e/hostile-phone-pairing.png', await page.screenshot());
  });
});
