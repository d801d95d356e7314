/**
 * Test support: a dapp page (testing/pages.ts's parent.html) that drives the wallet frame by
 * postMessage, as AppKit's client, or a hostile page, would: open it, send requests, log in.
 */
import type { BrowserContext, Page } from 'playwright-core';
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
