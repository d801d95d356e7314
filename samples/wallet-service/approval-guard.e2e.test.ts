/**
 * An approval a page cannot cover (security review H1, L1), in Chromium, as a malicious dapp page
 * would try it: the page posts the frame protocol's messages itself and covers, fades, clips, shrinks
 * or transforms the frame, then a real mouse click lands where "Approve" is. Each attack must leave
 * Approve inert and the chain untouched (the wallet's nonce, its balance and the recipient's); the
 * same request becomes approvable once the attack is removed (so the guard, not a broken frame, held
 * it). Then: a request swapped in after an abort holds Approve ≥ 1.5 s with its notice; the queue
 * counter; the wallet window (the path for browsers without IntersectionObserver v2, forced here
 * with the frame's `approval=window`) signs, rejects, and rejects when closed; where each request is
 * shown in the default mode, which a dapp cannot loosen.
 *
 * The attacks use a project whose operator chose 'fallback' (every approval in the frame where v2
 * proves it visible), so the frame's guard is what stands between the page and a 60 ETH transfer; in
 * the default mode that transfer would open in the wallet window.
 */
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { createPublicClient, http, parseEther, verifyMessage, type PublicClient } from 'viem';
import { launchBrowser } from '../../tests/support/chromium';
import { getFreePorts } from '../../tests/support/ports';
import { WINDOW_TEXT } from './frame/popup-host';
import { REPLACED_HOLD_MS } from './frame/visibility';
import { startAnvil, type Anvil } from './testing/anvil';
import { frameOk, frameRequest, frameUrlOf, loginByEmail, openApproval, openParentPage, scrollToEnd, type Reply } from './testing/frame-driver';
import { startTestPages, type TestPages } from './testing/pages';
import { startServiceProcess, type ServiceProcess } from './testing/service';

jest.setTimeout(60_000);

const PROJECT_ID = 'guard-dapp';
const STRICT_PROJECT_ID = 'guard-strict';
const DEFAULT_PROJECT_ID = 'guard-default';
const RECIPIENT = '0x000000000000000000000000000000000000bEEF';
/** Approve is live APPROVE_DELAY_MS (500) after the card is fully visible, v2 observes every 100 ms: an unguarded Approve is live well within this. */
const UNGUARDED_LIVE_WITHIN_MS = 1500;

let anvil: Anvil;
let service: ServiceProcess;
let pages: TestPages;
let browser: Browser;
let context: BrowserContext;
let chain: PublicClient;
let dapp: string;
let page: Page;
let address: `0x${string}`;

const frame = (p: Page): FrameLocator => p.frameLocator('#w');
const approveButton = (p: Page) => frame(p).getByRole('button', { name: 'Approve' });

beforeAll(async () => {
  const [port] = await getFreePorts(1);
  dapp = `http://127.0.0.1:${port}`;
  [anvil, pages, browser] = await Promise.all([startAnvil(31337), startTestPages([port!]), launchBrowser()]);
  service = await startServiceProcess({
    WALLET_DEV: '1',
    WALLET_DATA_DIR: ':memory:',
    // the first project takes every approval in the frame where it can; the second, every one in the wallet window; the third has the default
    WALLET_PROJECTS: JSON.stringify([
      { projectId: PROJECT_ID, origins: [dapp], approvalWindow: 'fallback' },
      { projectId: STRICT_PROJECT_ID, origins: [dapp], approvalWindow: 'always' },
      { projectId: DEFAULT_PROJECT_ID, origins: [dapp] },
    ]),
    WALLET_CHAINS: JSON.stringify([{ chainId: 31337, name: 'Anvil', rpcUrl: anvil.url }]),
    WALLET_LOG: '0',
  });
  chain = createPublicClient({ transport: http(anvil.url) }) as PublicClient;
  context = await browser.newContext();
  page = await openParentPage(context, dapp, frameUrlOf(service.url, PROJECT_ID));
  address = await loginByEmail(page, service.url, 'guard@example.com');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.allSettled([service?.stop(), anvil?.stop(), pages?.stop()]);
}, 30_000);

async function chainState() {
  const [nonce, balance, recipient] = await Promise.all([
    chain.getTransactionCount({ address }),
    chain.getBalance({ address }),
    chain.getBalance({ address: RECIPIENT }),
  ]);
  return { nonce, balance, recipient };
}

/** The attacker's request: 60 ETH to RECIPIENT. */
const send60 = (p: Page) =>
  frameRequest(p, 'RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: address, to: RECIPIENT, value: `0x${parseEther('60').toString(16)}` }], chainId: 31337 });

/** The page's own layer over the iframe's box (`css` added to a fixed, full-size layer), with `text`. */
const cover = (css: string, text = '') =>
  `const r = iframe.getBoundingClientRect(), c = document.createElement('div'); c.id = 'cover'; c.textContent = ${JSON.stringify(text)};` +
  `c.style.cssText = 'position:fixed;z-index:10;left:' + r.left + 'px;top:' + r.top + 'px;width:' + r.width + 'px;height:' + r.height + 'px;' + ${JSON.stringify(css)}; document.body.append(c)`;
const uncover = `document.getElementById('cover').remove()`;

/**
 * The page shows the frame with the 60 ETH request and draws its attack (`attack`: script run in the
 * page, `iframe` is the wallet's), waits as long as an unguarded Approve needs, and a real mouse click
 * lands on Approve. Then the attack is undone (`undo`): the request must still be waiting, Approve
 * turns on, and "Reject" ends it. The chain must not have moved.
 */
async function attackThenClick(attack: string, undo: string, check?: () => Promise<void>) {
  const inPage = (code: string) => page.evaluate(`(() => { const iframe = document.getElementById('w'); ${code}; })()`);
  const before = await chainState();
  const pending = send60(page);
  await inPage(`window.showFrame(true); ${attack}`);
  // the visitor reads to the end (the keyboard reaches the details under any cover): only the attack holds Approve
  const approval = await openApproval(frame(page), context);
  expect(approval.in).toBe('frame');
  await scrollToEnd(approval);
  await page.waitForTimeout(UNGUARDED_LIVE_WITHIN_MS); // nothing to await: the point is that nothing happens
  expect(await approveButton(page).isDisabled()).toBe(true);
  await check?.();
  // a trusted click where Approve is drawn (force: no actionability check, the mouse goes there)
  await approveButton(page).click({ force: true, timeout: 5000 });
  await inPage(undo);
  await scrollToEnd(approval); // the frame's size came back: the details may have reflowed
  const settledEarly = pending.then((r) => {
    throw new Error(`the attacked request was answered: ${r.type} ${JSON.stringify(r.payload)}`);
  });
  await Promise.race([settledEarly, frame(page).getByRole('button', { name: 'Approve', disabled: false }).waitFor({ timeout: 10_000 })]);
  await frame(page).getByRole('button', { name: 'Reject' }).click();
  expect(await pending).toMatchObject({ type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'User rejected the request.' } });
  await page.evaluate(() => (window as any).showFrame(false));
  expect(await chainState()).toEqual(before);
}

describe('a page cannot get Approve clicked on a request it hides', () => {
  it("an opaque cover with the page's own text over the details only (the buttons in view)", async () => {
    const text = 'Sign in to Example. Free to sign: this proves you own your wallet. No funds move.';
    await attackThenClick(`${cover('background:#fff;font:16px sans-serif;padding:24px;box-sizing:border-box', text)}; c.style.height = (r.height - 90) + 'px'`, uncover);
  });

  it('a full cover at opacity 0.01 that lets clicks through (pointer-events: none)', async () => {
    await attackThenClick(cover('background:#000;opacity:0.01;pointer-events:none'), uncover);
  });

  it('a frame shrunk below the card (250 px wide): refused, and the frame says why', async () => {
    await attackThenClick(`iframe.style.width = '250px'`, `iframe.style.width = '420px'`, async () => {
      await frame(page).getByText(/too small to show the whole request \(\d+ × \d+; it needs 280 × 360\)/).waitFor();
    });
  });

  it('clip-path on the iframe hiding its top half', async () => {
    await attackThenClick(`iframe.style.clipPath = 'inset(50% 0 0 0)'`, `iframe.style.clipPath = ''`);
  });

  it('the iframe scaled down', async () => {
    await attackThenClick(`iframe.style.transformOrigin = '0 0'; iframe.style.transform = 'scale(0.6)'`, `iframe.style.transform = ''`);
  });

  it('details longer than the frame: Approve waits until they were scrolled to the end', async () => {
    const message = Array.from({ length: 40 }, (_, i) => `line ${i + 1} of a long message`).join('\n');
    const pending = frameRequest(page, 'RPC_REQUEST', { method: 'personal_sign', params: [`0x${Buffer.from(message).toString('hex')}`, address] });
    await page.evaluate(() => {
      document.getElementById('w')!.style.height = '400px';
      (window as any).showFrame(true);
    });
    await frame(page).getByText('Scroll to the end of the request to approve.').waitFor();
    await page.waitForTimeout(UNGUARDED_LIVE_WITHIN_MS); // nothing to await: the point is that nothing happens
    expect(await approveButton(page).isDisabled()).toBe(true);
    // the visitor scrolls the details to their end (the keyboard: the details box takes focus)
    await scrollToEnd(await openApproval(frame(page), context));
    await frame(page).getByRole('button', { name: 'Approve', disabled: false }).waitFor();
    await frame(page).getByRole('button', { name: 'Reject' }).click();
    expect(await pending).toMatchObject({ type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'User rejected the request.' } });
    await page.evaluate(() => {
      document.getElementById('w')!.style.height = '560px';
      (window as any).showFrame(false);
    });
  });

  it('the iframe rotated', async () => {
    await attackThenClick(`iframe.style.transform = 'rotate(3deg)'`, `iframe.style.transform = ''`);
  });
});

describe('bait and switch, and the queue', () => {
  /** Records, inside the wallet frame, when the notice appeared and when Approve turned on (frame time). */
  async function watchFrame(): Promise<void> {
    const wallet = page.frames().find((f) => f.url().startsWith(`${service.url}/frame`))!;
    await wallet.evaluate(() => {
      const w = window as any;
      w.__seen = {};
      new MutationObserver(() => {
        const notice = [...document.querySelectorAll('.notice')].find((n) => !(n as HTMLElement).hidden && /replaced its request/.test(n.textContent ?? ''));
        const approve = document.querySelector('button.approve') as HTMLButtonElement | null;
        if (notice && w.__seen.notice === undefined) w.__seen.notice = performance.now();
        if (w.__seen.notice !== undefined && approve && !approve.disabled && w.__seen.live === undefined) w.__seen.live = performance.now();
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  }
  const seen = async () => page.frames().find((f) => f.url().startsWith(`${service.url}/frame`))!.evaluate(() => (window as any).__seen);

  it('a request swapped in after an abort holds Approve ≥ 1.5 s and says the app replaced its request', async () => {
    const before = await chainState();
    const bait = frameRequest(page, 'RPC_REQUEST', { method: 'personal_sign', params: ['0x5369676e20696e20746f204578616d706c65', address] });
    await page.evaluate(() => (window as any).showFrame(true));
    await frame(page).getByRole('button', { name: 'Approve', disabled: false }).waitFor(); // the visitor reads it, ready to click
    await watchFrame();
    await page.evaluate(() => (window as any).post({ type: '@w3m-app/RPC_ABORT' }));
    const switched = send60(page);
    expect(await bait).toMatchObject({ type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'Request was aborted' } });
    const notice = frame(page).getByRole('alert').filter({ hasText: 'The app replaced its request. Check the details again before you approve.' });
    await notice.waitFor();
    await frame(page).getByText('60 ETH').first().waitFor();
    await scrollToEnd(await openApproval(frame(page), context));
    await frame(page).getByRole('button', { name: 'Approve', disabled: false }).waitFor();
    const t = await seen();
    console.log(`swapped request: Approve live ${(t.live - t.notice).toFixed(0)} ms after it appeared (hold ${REPLACED_HOLD_MS} ms)`);
    expect(t.live - t.notice).toBeGreaterThanOrEqual(REPLACED_HOLD_MS);
    expect(await notice.isVisible()).toBe(true);
    await frame(page).getByRole('button', { name: 'Reject' }).click();
    expect(await switched).toMatchObject({ type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'User rejected the request.' } });
    await page.evaluate(() => (window as any).showFrame(false));
    expect(await chainState()).toEqual(before);
  });

  it('shows each request\'s place in the queue ("1 of 3"), following requests that arrive', async () => {
    const sign = (text: string) => frameRequest(page, 'RPC_REQUEST', { method: 'personal_sign', params: [`0x${Buffer.from(text).toString('hex')}`, address] });
    const counter = frame(page).locator('header .queue');
    const replies: Promise<Reply>[] = [sign('first'), sign('second')];
    await page.evaluate(() => (window as any).showFrame(true));
    await frame(page).getByText('first').waitFor();
    await expect(counter.textContent()).resolves.toBe('1 of 2');
    replies.push(sign('third'));
    await frame(page).locator('header .queue', { hasText: '1 of 3' }).waitFor();
    for (const [i, text] of ['first', 'second', 'third'].entries()) {
      await frame(page).getByText(text, { exact: true }).waitFor();
      expect(await counter.textContent()).toBe(`${i + 1} of 3`);
      if (i > 0) await frame(page).getByRole('alert').filter({ hasText: 'A new request from the app.' }).waitFor();
      await frame(page).getByRole('button', { name: 'Reject' }).click();
      expect(await replies[i]).toMatchObject({ type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'User rejected the request.' } });
    }
    // the queue emptied: a lone request has no counter
    const lone = sign('alone');
    await frame(page).getByText('alone').waitFor();
    expect(await counter.textContent()).toBe('');
    await frame(page).getByRole('button', { name: 'Reject' }).click();
    await lone;
    await page.evaluate(() => (window as any).showFrame(false));
  });
});

describe('the wallet window (no proof of visibility in the frame)', () => {
  let winPage: Page;

  beforeAll(async () => {
    // same browser profile and dapp origin: the frame finds its stored session
    winPage = await openParentPage(context, dapp, frameUrlOf(service.url, PROJECT_ID, '&approval=window'));
    expect((await frameOk(winPage, 'IS_CONNECTED')).payload).toEqual({ isConnected: true });
  }, 30_000);

  /** Sends `message` for signing, shows the frame, clicks "Review in wallet window", resolves to the window. */
  async function review(message: string): Promise<{ pending: Promise<Reply>; popup: Page }> {
    const pending = frameRequest(winPage, 'RPC_REQUEST', { method: 'personal_sign', params: [`0x${Buffer.from(message).toString('hex')}`, address] });
    await winPage.evaluate(() => (window as any).showFrame(true));
    // the frame's card is short: the title, why the window, Reject and "Review in wallet window" (no Approve, no details)
    await frame(winPage).getByRole('button', { name: 'Review in wallet window' }).waitFor();
    await frame(winPage).getByText(WINDOW_TEXT.intro).waitFor();
    expect(await frame(winPage).getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await frame(winPage).getByText(message).count()).toBe(0);
    const [popup] = await Promise.all([context.waitForEvent('page'), frame(winPage).getByRole('button', { name: 'Review in wallet window' }).click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).origin + new URL(popup.url()).pathname).toBe(`${service.url}/approval`);
    await popup.getByText(message).waitFor();
    await popup.getByText(dapp).waitFor();
    return { pending, popup };
  }

  it('signs: Approve in the wallet window, the signature comes back to the page, the window closes', async () => {
    const message = 'Signed in the wallet window';
    const { pending, popup } = await review(message);
    await frame(winPage).getByText('Waiting for your decision in the wallet window…').waitFor();
    // a forged decision from the page reaches nothing (the frame hears the window only)
    await winPage.evaluate(() => (window as any).post({ type: 'latchkey-approval:decision', id: 'x', decision: 'approve' }));
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Approve', disabled: false }).click();
    const reply = await pending;
    expect(reply.type).toBe('@w3m-frame/RPC_REQUEST_SUCCESS');
    expect(await verifyMessage({ address, message, signature: reply.payload })).toBe(true);
    await closed;
    await winPage.evaluate(() => (window as any).showFrame(false));
  });

  it('rejects with Reject in the window, and when the window is closed', async () => {
    const first = await review('Rejected in the window');
    await first.popup.getByRole('button', { name: 'Reject' }).click();
    expect(await first.pending).toMatchObject({ type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'User rejected the request.' } });
    const second = await review('Closed window');
    await second.popup.close();
    expect(await second.pending).toMatchObject({ type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'User rejected the request.' } });
    await frame(winPage).getByRole('dialog').waitFor({ state: 'detached' });
    await winPage.evaluate(() => (window as any).showFrame(false));
  });

  it('an abort from the page closes the window and ends the request', async () => {
    const { pending, popup } = await review('Aborted while in the window');
    const closed = popup.waitForEvent('close');
    await winPage.evaluate(() => (window as any).post({ type: '@w3m-app/RPC_ABORT' }));
    expect(await pending).toMatchObject({ type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'Request was aborted' } });
    await closed;
    await winPage.evaluate(() => (window as any).showFrame(false));
  });

  it("a project the operator set to approvalWindow 'always' (as WALLET_APPROVAL_WINDOW for all) sends every approval to the window", async () => {
    const other = await browser.newContext();
    try {
      const p = await openParentPage(other, dapp, frameUrlOf(service.url, STRICT_PROJECT_ID));
      const own = await loginByEmail(p, service.url, 'strict@example.com');
      const pending = frameRequest(p, 'RPC_REQUEST', { method: 'personal_sign', params: ['0x6f70657261746f72', own] });
      await p.evaluate(() => (window as any).showFrame(true));
      await frame(p).getByRole('button', { name: 'Review in wallet window' }).waitFor();
      expect(await frame(p).getByRole('button', { name: 'Approve' }).count()).toBe(0);
      await frame(p).getByRole('button', { name: 'Reject' }).click();
      expect(await pending).toMatchObject({ type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'User rejected the request.' } });
    } finally {
      await other.close();
    }
  });

  it("by default transactions open in the window and personal_sign in the frame; the dapp's approval=fallback changes nothing", async () => {
    const other = await browser.newContext();
    try {
      const p = await openParentPage(other, dapp, frameUrlOf(service.url, DEFAULT_PROJECT_ID, '&approval=fallback'));
      const own = await loginByEmail(p, service.url, 'default@example.com');
      await p.evaluate(() => (window as any).showFrame(true));
      const signing = frameRequest(p, 'RPC_REQUEST', { method: 'personal_sign', params: ['0x6672616d65', own] });
      await frame(p).getByRole('button', { name: 'Approve', disabled: false }).waitFor();
      await frame(p).getByRole('button', { name: 'Reject' }).click();
      expect(await signing).toMatchObject({ payload: { message: 'User rejected the request.' } });
      const sending = frameRequest(p, 'RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: own, to: RECIPIENT, value: '0x1' }], chainId: 31337 });
      await frame(p).getByRole('button', { name: 'Review in wallet window' }).waitFor();
      expect(await frame(p).getByRole('button', { name: 'Approve' }).count()).toBe(0);
      await frame(p).getByRole('button', { name: 'Reject' }).click();
      expect(await sending).toMatchObject({ payload: { message: 'User rejected the request.' } });
    } finally {
      await other.close();
    }
  });

  it('is served never framed, script from its own origin only; opened by the page itself, it accepts nothing', async () => {
    const res = await fetch(`${service.url}/approval`);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const [opened] = await Promise.all([context.waitForEvent('page'), winPage.evaluate((url) => void window.open(url, '_blank'), `${service.url}/approval`)]);
    await opened.getByText('This window opens from the wallet inside an app. You can close it.').waitFor();
    await opened.close();
  });
});
