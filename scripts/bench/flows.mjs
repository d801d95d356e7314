// The pages' own flows after the modal opened, driven in Chromium: AllWallets with the 5,000-wallet
// directory, and WalletConnect's pairing view and QR code.
import { DIRECTORY_SIZE } from './settings.mjs';

/** Waits for a watched time of the current flow: ms after the click, or null when it did not come within `timeout`. */
async function flowTime(tab, key, timeout) {
  await tab.waitForFunction((k) => window.__bench.flow[k] !== null, key, { timeout }).catch(() => {});
  const f = await tab.evaluate(() => window.__bench.flow);
  return f[key] === null ? null : f[key] - f.clickAt;
}

/** The frame (1 = the first after the click) in which a watched thing of the current flow was first visible. */
const flowFrame = (tab, key) => tab.evaluate((k) => window.__bench.flow[`${k}Frame`] ?? null, key);

/** Opens the modal and waits for the Connect view's wallet list (the announced Bench Wallet). */
async function openConnect(tab) {
  await tab.getByRole('button', { name: 'Connect Wallet' }).first().click();
  await tab.getByRole('dialog').getByRole('button', { name: /Bench Wallet/ }).first().waitFor({ timeout: 10_000 });
}

/**
 * AllWallets with the 5,000-wallet remote directory. Cold: the first click fetches the
 * directory (first row, first directory row, all of it in the list). Warm: the modal closed
 * and opened again, the directory in memory, a second click (first row of the 5,000).
 */
export async function allWalletsFlow(tab) {
  const allWallets = () => tab.getByRole('dialog').getByRole('button', { name: /^All Wallets/ }).first();
  await tab.evaluate((n) => window.__bench.armFlow('allWallets', n), DIRECTORY_SIZE);
  await allWallets().click();
  const rowMs = await flowTime(tab, 'rowAt', 10_000);
  const rowFrame = await flowFrame(tab, 'rowAt');
  const directoryRowMs = await flowTime(tab, 'directoryRowAt', 20_000);
  const fullMs = await flowTime(tab, 'fullAt', 30_000);
  await tab.keyboard.press('Escape');
  await tab.waitForFunction(() => !document.querySelector('[role="dialog"]') || ![...document.querySelectorAll('[role="dialog"]')].some((d) => d.getBoundingClientRect().width > 0), null, { timeout: 5000 }).catch(() => {});
  await tab.waitForTimeout(300);
  await openConnect(tab);
  await tab.waitForTimeout(300);
  await tab.evaluate((n) => window.__bench.armFlow('allWallets', n), DIRECTORY_SIZE);
  await allWallets().click();
  const warmRowMs = await flowTime(tab, 'rowAt', 10_000);
  const warmRowFrame = await flowFrame(tab, 'rowAt');
  const warmFullMs = await flowTime(tab, 'fullAt', 10_000);
  return { rowMs, rowFrame, directoryRowMs, fullMs, warmRowMs, warmRowFrame, warmFullMs };
}

/**
 * WalletConnect on a warm page: the modal has been open for a while (a visitor reads the list
 * for a second), then the WalletConnect entry is clicked. Times to the pairing view's first
 * paint and to its QR code with the pairing URI.
 */
export async function walletConnectFlow(tab) {
  await tab.waitForTimeout(1000);
  await tab.evaluate(() => window.__bench.armFlow('walletConnect'));
  await tab.getByRole('dialog').getByRole('button', { name: /WalletConnect/ }).first().click();
  const viewMs = await flowTime(tab, 'viewAt', 10_000);
  const viewFrame = await flowFrame(tab, 'viewAt');
  const uriMs = await flowTime(tab, 'uriAt', 15_000);
  const uriFrame = await flowFrame(tab, 'uriAt');
  return { viewMs, viewFrame, uriMs, uriFrame };
}
