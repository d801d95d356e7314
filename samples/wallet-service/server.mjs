#!/usr/bin/env node
// The Latchkey wallet service (embedded-wallet frame page, auth API, dev mailbox).
//
//   node samples/wallet-service/server.mjs [--json]
//
// Configuration is by environment variables (see README.md), e.g.
//   WALLET_DEV=1 WALLET_PROJECTS='[{"projectId":"demo","origins":["http://127.0.0.1:5173"]}]' \
//   WALLET_CHAINS='[{"chainId":31337,"rpcUrl":"http://127.0.0.1:8545"}]' node samples/wallet-service/server.mjs
// --json prints one machine-readable line `LATCHKEY_WALLET {"url":…}` once listening.
//
// The service is TypeScript (src/); this launcher bundles it with esbuild (see ../stack/load-ts.mjs),
// as the other TypeScript servers' launchers do. Dependencies stay in node_modules.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTs } from '../stack/load-ts.mjs';

const here = dirname(fileURLToPath(import.meta.url));

let loaded;
/** Bundles src/ once per process and imports it. */
function load() {
  loaded ??= loadTs('samples/wallet-service/src/service.ts');
  return loaded;
}

/**
 * Starts the wallet service. Options override env (same names as the JSON config file, see README).
 * @param {import('./server.d.mts').WalletServiceOptions & { env?: NodeJS.ProcessEnv, logger?: (line: string) => void }} [options]
 * @returns {Promise<import('./server.d.mts').RunningWalletService>}
 */
export async function startWalletService(options = {}) {
  const mod = await load();
  return mod.startWalletService({ ...options, rootDir: here });
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const json = process.argv.includes('--json');
  let service;
  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    try {
      await service?.stop();
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  try {
    service = await startWalletService();
  } catch (err) {
    console.error(`[wallet-service] could not start: ${err?.message ?? err}`);
    process.exit(1);
  }
  if (json) {
    const { url, port, oidcIssuer, frameUrl, database, frameJsBytes, frameJsGzipBytes } = service;
    console.log(`LATCHKEY_WALLET ${JSON.stringify({ url, port, oidcIssuer, frameUrl, database, frameJsBytes, frameJsGzipBytes, pid: process.pid })}`);
  }
}
