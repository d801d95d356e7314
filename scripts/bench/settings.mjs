// The bench's pages (what each is and how it is measured), its budgets and issue 14's goals, and the units it prints in.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(here, '../..');
export const KiB = 1024;
export const MiB = 1024 * 1024;
export const FRAME_MS = 1000 / 60;
export const BUDGET = { jsKiB: 60, clickExtraMs: 33.4, heapRatio: 2, embeddedExtraKiB: 1 };
/**
 * Issue 24's goals, printed with PASS or FAIL (not asserted): the open is smooth (click → fully shown within the
 * entrance animation plus a frame of the plain page's, no frame over 50 ms, ≥ 50 frames a second, no layout shift of
 * the card after its first frame), ≤ 30 ms of script for the open, ≤ 3 requests after the click on an idle page, heap
 * ≤ 1.5× plain with evm + WalletConnect and ≤ 2× with every plugin, the button usable ≤ 1.25× the plain page's time.
 * Kept from issue 14: AllWallets' first rows by the second frame after the click, the pairing URI in the WalletConnect
 * view's first frame.
 */
export const GOAL = {
  entranceMs: 150,
  longestFrameMs: 50,
  fps: 50,
  layoutShifts: 0,
  scriptOpenMs: 30,
  requests: 3,
  heapRatioWc: 1.5,
  heapRatioAll: 2,
  readyRatio: 1.25,
  listExtraMs: 2 * FRAME_MS,
  allWalletsFrames: 2,
};

export const PAGES = {
  plain: { title: 'plain React', entry: 'plain.tsx' },
  latchkey: { title: 'Latchkey', entry: 'latchkey.tsx' },
  // The Latchkey page on a hostile or noisy page: 3,000 EIP-6963 providers announce themselves.
  noisy: { title: 'Latchkey, 3,000 wallets announced', script: 'latchkey', snippet: 'noisy' },
  // The Latchkey page with the embedded wallet's email and socials plugins registered too.
  embedded: { title: 'Latchkey + email + socials', entry: 'latchkey-embedded.tsx' },
  // Every first-party plugin registered (generated: see allPluginsPage in build.mjs).
  all: { title: 'Latchkey, every plugin', generated: true },
  // A remote wallet directory of DIRECTORY_SIZE wallets (served by server.mjs): click → AllWallets' first rows.
  directory: { title: 'Latchkey, 5,000 directory wallets', entry: 'latchkey-directory.tsx', flow: 'allWallets' },
  // EVM + WalletConnect over the local relay: click → pairing view painted, click → pairing URI shown.
  walletconnect: { title: 'Latchkey + WalletConnect', entry: 'latchkey-walletconnect.tsx', flow: 'walletConnect' },
};
/** Wallets in the bench server's remote directory (GET /directory/getWallets). */
export const DIRECTORY_SIZE = 5000;
