// Where the local stack's pieces live on disk: the repository, the demo, the sample mobile wallet
// and the dev wallets' accounts.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const DEMO_DIR = resolve(here, '../demo');
export const WALLET_DIR = resolve(here, '../mobile-wallet');
export const REPO_ROOT = resolve(here, '../..');
/** The dev wallets' accounts (samples/dev-wallet/accounts.json), whose Solana addresses the stack funds. */
export const DEV_ACCOUNTS_FILE = resolve(here, '../dev-wallet/accounts.json');
