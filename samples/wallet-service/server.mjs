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
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTs } from '../stack/load-ts.mjs';
import { isMain, runServer } from '../shared/launcher.mjs';

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

if (isMain(import.meta.url)) {
  await runServer({
    name: 'wallet-service',
    marker: 'LATCHKEY_WALLET',
    start: () => startWalletService(),
    ready: ({ url, port, oidcIssuer, frameUrl, database, frameJsBytes, frameJsGzipBytes }) => ({ url, port, oidcIssuer, frameUrl, database, frameJsBytes, frameJsGzipBytes, pid: process.pid }),
  });
}
