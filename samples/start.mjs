#!/usr/bin/env node
// `npm start`: installs dependencies when needed, starts two anvil chains, a local Solana chain, the
// local WalletConnect relay, the embedded-wallet service (dev mailbox, local OpenID provider), the data
// service (dev contracts deployed on chain 31337), the local payment provider (on-ramp checkout), the ERC-4337 parts (EntryPoint, account factory, the
// Alto bundler) and the demo server (which also serves the sample mobile wallet at /wallet/), prints every URL, and stops all of it on Ctrl-C.
//   --no-install   never run `npm install`
//   --json         also print one machine-readable line: `LATCHKEY_STACK {...}` (used by tests)
// Env (each port's default: samples/shared/ports.mjs, the table of STACK.md):
//      PORT (demo), ANVIL_PORT_1 (chain 31337), ANVIL_PORT_2 (chain 1),
//      SOLANA_PORT (Solana JSON-RPC; its WebSocket on the next port),
//      RELAY_PORT (relay), RELAY_LOG=1 (print the relay's per-method log),
//      WALLET_PORT (wallet service), WALLET_OIDC_PORT (local OpenID provider),
//      WALLET_DATA_DIR (wallet service's database folder, default .cache/wallet-service; `:memory:` for none),
//      WALLET_LOG=1 (print the wallet service's log).
//      DATA_PORT (data service), DATA_LOG=1 (its log), DATA_PGLITE_DIR (its PGlite folder,
//      default .cache/data-service/pglite; 'memory' or 'temp' for a throwaway one), DATABASE_URL (PostgreSQL instead).
//      ONRAMP_PORT (local payment provider), ONRAMP_LOG=1 (its log of payments).
//      BUNDLER_PORT (the ERC-4337 bundler, Alto), BUNDLER_LOG=1 (its log).
//      NEXT_APP_PORT (where the Next.js example runs: the wallet and data services allow its origin).
//      WALLET_RESEND_INTERVAL (the wallet service's resend window, s), DEMO_BUILD_DIR (a build shared by
//      several stacks), LATCHKEY_STACK_PARENT_PID (tests: the stack stops when that process is gone).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, utimesSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));

/** Why `npm install` is needed, or undefined when node_modules is up to date. */
function installReason() {
  const nodeModules = join(root, 'node_modules');
  const marker = join(nodeModules, '.package-lock.json');
  if (!existsSync(nodeModules)) return 'node_modules is missing';
  if (!existsSync(marker)) return 'node_modules/.package-lock.json is missing';
  if (statSync(join(root, 'package.json')).mtimeMs > statSync(marker).mtimeMs) return 'package.json changed since the last install';
  return undefined;
}

if (!args.has('--no-install')) {
  const reason = installReason();
  if (reason) {
    console.log(`[latchkey] ${reason}: running npm install…`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const res = spawnSync(npm, ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
    if (res.status !== 0) {
      console.error(`[latchkey] npm install failed (${res.error?.message ?? `exit code ${res.status}`}).`);
      process.exit(1);
    }
    // npm leaves the marker untouched when nothing changed; mark this install as current.
    const marker = join(root, 'node_modules', '.package-lock.json');
    if (existsSync(marker)) utimesSync(marker, new Date(), new Date());
  }
}

// Imported only now: serve.mjs needs esbuild from node_modules.
const { startStack } = await import('./stack/serve.mjs');

let stack;
let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\n[latchkey] stopping…');
  try {
    await stack?.stop();
  } finally {
    process.exit(code);
  }
}
process.on('SIGINT', () => (stopping ? process.exit(130) : void shutdown(0)));
process.on('SIGTERM', () => void shutdown(0));

// A stack started for a test run stops with it, even when the run was killed.
const parent = Number(process.env.LATCHKEY_STACK_PARENT_PID);
if (Number.isInteger(parent) && parent > 0) {
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      void shutdown(0);
    }
  }, 1000).unref();
}

try {
  stack = await startStack({ quiet: true });
} catch (err) {
  console.error(`[latchkey] could not start the stack: ${err?.message ?? err}`);
  process.exit(1);
}
if (stopping) await shutdown(0);

const [anvil, mainnet] = stack.chains;
console.log(
  [
    '',
    'Latchkey demo is running:',
    `  Demo dapp                ${stack.demoUrl}`,
    `  Sample mobile wallet     ${stack.walletUrl}${stack.walletBuildOk ? '' : '  (did not build: open it to see why)'}`,
    `  wagmi sample app         ${stack.wagmiUrl}  (built on first visit)`,
    `  WalletConnect relay      ${stack.relayUrl}`,
    `  Embedded-wallet service  ${stack.walletServiceUrl}`,
    `  Dev mailbox (codes)      ${stack.devMailboxUrl}`,
    `  OpenID provider (social) ${stack.oidcIssuer}`,
    `  Data service             ${stack.dataServiceUrl}  (${stack.tokens.map((t) => `${t.symbol} ${t.address}`).join(', ')}; ${stack.nfts.map((n) => `${n.name} ${n.address}`).join(', ')})`,
    `  Uniswap V2 (chain ${stack.exchange.chainId})   router ${stack.exchange.router}, factory ${stack.exchange.factory}, WETH ${stack.exchange.weth}`,
    `  ENS (chain ${stack.ens.chainId})         registry ${stack.ens.registry}; ${stack.ens.names.map((n) => `${n.name} ${n.address}`).join(', ')} (deployed in ${stack.ensDeployMs} ms)`,
    `  Local on-ramp (checkout) ${stack.onrampUrl}  (pays from ${stack.onrampFunder})`,
    `  ERC-4337 bundler (Alto) ${stack.bundler.url}  (chain ${stack.bundler.chainId}: EntryPoint ${stack.bundler.entryPoint}, SimpleAccountFactory ${stack.bundler.factory})`,
    `  Anvil (chain ${anvil.chainId})     ${anvil.rpcUrl}`,
    `  Ethereum local (chain ${mainnet.chainId}) ${mainnet.rpcUrl}`,
    `  Solana local (litesvm)   ${stack.solana.rpcUrl}  WebSocket ${stack.solana.wsUrl}  (${stack.solana.caipNetworkId})`,
    `  Config for the page      ${stack.configUrl}`,
    '',
    stack.buildOk
      ? 'Open the demo and connect the "Latchkey Dev Wallet" (EVM and Solana), the "Solana Dev Wallet" or the "Bitcoin Dev Wallet".'
      : 'WARNING: the demo did not build; a fallback page is served.',
    'To pair over WalletConnect by hand: in the demo choose WalletConnect, "Copy link", and paste it into the sample wallet.',
    'Press Ctrl-C to stop.',
    '',
  ].join('\n'),
);
if (args.has('--json')) {
  const { stop: _stop, ...info } = stack;
  console.log(`LATCHKEY_STACK ${JSON.stringify(info)}`);
}
