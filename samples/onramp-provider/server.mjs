#!/usr/bin/env node
// The local payment provider, runnable on its own:
//
//   ONRAMP_FUNDER_KEY=0x… node samples/onramp-provider/server.mjs [--json]
//
// Configuration comes from environment variables (README.md has the table): ONRAMP_PORT (8793),
// ONRAMP_CHAINS, ONRAMP_FUNDER_KEY (required), ONRAMP_DATA_URL + ONRAMP_DATA_SECRET, ONRAMP_REDIRECT_ORIGINS, …
// --json prints one machine-readable line `LATCHKEY_ONRAMP {"url":…,"port":…,"funder":…}` once listening.
//
// The provider is TypeScript (src/); this launcher bundles it with esbuild (see ../stack/load-ts.mjs).
import { isMain, runServer } from '../shared/launcher.mjs';
import { loadTs } from '../stack/load-ts.mjs';

/** The provider module (src/index.ts), bundled and imported. */
export function loadOnrampProvider() {
  return loadTs('samples/onramp-provider/src/index.ts');
}

/**
 * Starts the provider in this process.
 * @param {import('./src/config').OnrampProviderOptions} [options]
 * @param {Record<string, string | undefined>} [env]
 */
export async function startOnrampProvider(options = {}, env = process.env) {
  const mod = await loadOnrampProvider();
  return mod.startOnrampProvider(options, env);
}

if (isMain(import.meta.url)) {
  await runServer({
    name: 'onramp',
    marker: 'LATCHKEY_ONRAMP',
    start: () => startOnrampProvider({ log: process.env.ONRAMP_LOG !== '0' }),
    ready: (provider) => ({ url: provider.url, port: provider.port, funder: provider.funder }),
  });
}
