// Debian's Chromium through playwright-core, for the benchmark (the .mjs counterpart of tests/support/chromium.ts).
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The same flags as the test harness (tests/support/chromium-args.json). */
export const CHROMIUM_ARGS = JSON.parse(readFileSync(new URL('../../tests/support/chromium-args.json', import.meta.url), 'utf8'));

/** Headless Chromium with a fresh profile (playwright creates and removes a temp user-data dir per launch). */
export async function launchBrowser(extraArgs = []) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
  }
  return chromium.launch({ headless: true, executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}
