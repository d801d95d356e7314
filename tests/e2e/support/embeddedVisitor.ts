/**
 * An embedded-wallet visitor of the demo in Chromium: a fresh browser context on the demo page, the
 * modal, and the e-mail login with the code from the stack's dev mailbox (what a person does).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { latestCode } from '../../../samples/wallet-service/testing/service';
import type { TestStack } from '../../support/stack';

/** The wallet frame the embedded-wallet plugin inserts into the page. */
export const WALLET_FRAME = 'iframe[data-latchkey-wallet-frame]';

export const dialog = (p: Page) => p.getByRole('dialog');

/** A new context on the demo page, once the kernel is up; page errors are printed. */
export async function openDemo(browser: Browser, stack: TestStack): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.warn(`page error: ${err.message}`));
  await page.goto(stack.demoUrl);
  await page.waitForFunction(() => Boolean((window as any).__latchkey));
  return { context, page };
}

/**
 * Opens a wallet feature of the Account view by its name: its button in the row, or, when
 * plugins add more than the row holds (the embedded wallet's "Settings" is the sixth), the
 * "More" menu's item.
 */
export async function openFeature(p: Page, name: string): Promise<void> {
  const group = dialog(p).getByRole('group', { name: 'Wallet features' });
  await group.waitFor();
  const button = group.getByRole('button', { name, exact: true });
  if (await button.count()) return button.click();
  await group.getByRole('button', { name: 'More', exact: true }).click();
  await dialog(p).getByRole('menuitem', { name, exact: true }).click();
}

export async function openModal(p: Page): Promise<void> {
  await p.getByRole('button', { name: /Connect Wallet|0x/ }).first().click();
  await dialog(p).waitFor();
}

/** The e-mail login through the modal; resolves once the demo shows the account connected, with the ms from the code typed to connected. */
export async function loginByEmail(p: Page, stack: TestStack, email: string): Promise<number> {
  await openModal(p);
  await dialog(p).getByRole('textbox', { name: 'Email' }).fill(email);
  const sentAfter = Date.now() - 1000;
  await dialog(p).getByRole('button', { name: 'Continue' }).click();
  const field = dialog(p).getByRole('textbox', { name: /code/ });
  await field.waitFor({ timeout: 20_000 });
  const code = await latestCode(stack.walletServiceUrl, email, sentAfter);
  const t = performance.now();
  await field.fill(code);
  await p.getByTestId('account-status').getByText('connected', { exact: true }).waitFor({ timeout: 20_000 });
  return performance.now() - t;
}
