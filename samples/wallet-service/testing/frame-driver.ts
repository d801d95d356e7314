/**
 * Test support: a dapp page (testing/pages.ts's parent.html) that drives the wallet frame by
 * postMessage, as AppKit's client, or a hostile page, would: open it, send requests, log in.
 */
import type { BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { latestCode } from './service';

export interface Reply {
  type: string;
  payload?: any;
  ms: number;
}

/** The frame's URL for `projectId` on chain 31337; `extra` adds query parameters (`&approval=window`). */
export const frameUrlOf = (serviceUrl: string, projectId: string, extra = '') =>
  `${serviceUrl}/frame?projectId=${projectId}&chainId=31337&version=4&enableLogger=false${extra}`;

/** parent.html on `origin`, embedding `frameUrl`, once the frame said READY. */
export async function openParentPage(context: BrowserContext, origin: string, frameUrl: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (err) => console.warn(`page error on ${origin}: ${err.message}`));
  await page.goto(`${origin}/parent.html?frame=${encodeURIComponent(frameUrl)}`);
  await page.evaluate(() => (window as any).waitFor('@w3m-frame/READY'));
  return page;
}

export function frameRequest(page: Page, name: string, payload?: unknown, timeoutMs?: number): Promise<Reply> {
  return page.evaluate(([n, p, t]) => (window as any).request(n, p, t), [name, payload, timeoutMs] as const);
}

export async function frameOk(page: Page, name: string, payload?: unknown): Promise<Reply> {
  const r = await frameRequest(page, name, payload);
  if (r.type !== `@w3m-frame/${name}_SUCCESS`) throw new Error(`${name}: ${r.type} ${JSON.stringify(r.payload)}`);
  return r;
}

/** Logs in with an e-mail code from the dev mailbox; resolves to the wallet's address. */
export async function loginByEmail(page: Page, serviceUrl: string, email: string): Promise<`0x${string}`> {
  const start = await frameOk(page, 'CONNECT_EMAIL', { email });
  if (start.payload?.action !== 'VERIFY_OTP') throw new Error(`CONNECT_EMAIL: ${JSON.stringify(start.payload)}`);
  await frameOk(page, 'CONNECT_OTP', { otp: await latestCode(serviceUrl, email) });
  return (await frameOk(page, 'GET_USER', { chainId: 31337 })).payload.address;
}

/**
 * The approval the visitor is looking at: the frame's card, or the wallet window's when the frame
 * sends the decision there ("Review in wallet window", frame/policy.ts decides which). The helpers
 * below act as the visitor does: they read the card, scroll its details to the end, wait for Approve
 * to turn on and click it; they never reach into the frame's state.
 */
export interface Approval {
  /** Where the decision is taken. */
  readonly in: 'frame' | 'window';
  /** The dialog the visitor reads (in the frame, or in the wallet window). */
  readonly card: Locator;
  /** The wallet window, when the decision is taken there. */
  readonly window?: Page;
  /** The frame's own card (the short one with "Review in wallet window" when `in` is 'window'). */
  readonly frameCard: Locator;
}

export const REVIEW_BUTTON = 'Review in wallet window';

/**
 * Waits for the approval `frame` shows; when its card sends the decision to the wallet window, clicks
 * "Review in wallet window" and waits for the window's card. `context` is the browser context the
 * window opens in (the dapp page's).
 */
export async function openApproval(frame: FrameLocator, context: BrowserContext): Promise<Approval> {
  const frameCard = frame.getByRole('dialog');
  const second = frameCard.getByRole('button', { name: /^(Approve|Review in wallet window)$/ });
  await second.waitFor();
  if ((await second.textContent()) !== REVIEW_BUTTON) return { in: 'frame', card: frameCard, frameCard };
  const [win] = await Promise.all([context.waitForEvent('page'), frameCard.getByRole('button', { name: REVIEW_BUTTON }).click()]);
  const card = win.getByRole('dialog');
  await card.getByRole('button', { name: 'Approve' }).waitFor();
  return { in: 'window', card, window: win, frameCard };
}

/** The card's text as the visitor reads it (details folded behind "Raw data" or "Fee details" are opened first when `unfold`). */
export async function approvalText(a: Approval, unfold = false): Promise<string> {
  // one at a time: the locator is live, so each open one drops out of it
  const folded = a.card.locator('details:not([open]) > summary');
  if (unfold) while ((await folded.count()) > 0) await folded.first().click();
  return a.card.innerText();
}

/** Scrolls the details to their end as a visitor does with the keyboard (the details box takes focus), when they are longer than their box. */
export async function scrollToEnd(a: Approval): Promise<void> {
  const details = a.card.locator('.details');
  const longer = await details.evaluate((e) => e.scrollHeight > e.clientHeight + 1);
  if (longer) await details.press('End');
}

/** Scrolls to the end, waits for Approve to turn on, clicks it; in the wallet window, waits for the window to close. */
export async function approve(a: Approval): Promise<void> {
  await scrollToEnd(a);
  const closed = a.window?.waitForEvent('close');
  await a.card.getByRole('button', { name: 'Approve', disabled: false }).click();
  await closed;
}

/** Clicks Reject (in the wallet window when the decision is taken there); the approval closes. */
export async function reject(a: Approval): Promise<void> {
  const closed = a.window?.waitForEvent('close');
  await a.card.getByRole('button', { name: 'Reject' }).click();
  await closed;
  await a.frameCard.waitFor({ state: 'detached' });
}
