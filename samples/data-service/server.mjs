#!/usr/bin/env node
// The Latchkey data service, runnable on its own:
//
//   node samples/data-service/server.mjs [--json]
//
// Configuration comes from environment variables (README.md has the table): DATA_PORT (8791),
// DATA_CHAINS (31337=http://127.0.0.1:8545,1=http://127.0.0.1:8546), DATABASE_URL (PostgreSQL;
// otherwise PGlite in DATA_PGLITE_DIR, default .cache/data-service/pglite), DATA_PROJECT_IDS, …
// --json prints one machine-readable line `LATCHKEY_DATA {"url":…,"port":…}` once listening.
//
// The service is TypeScript (src/); this launcher bundles it with esbuild (see ../stack/load-ts.mjs).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadTs, REPO_ROOT } from '../stack/load-ts.mjs';

/** Where caches (PGlite template) and the default PGlite folder live. */
export const DATA_CACHE_DIR = join(REPO_ROOT, '.cache', 'data-service');
export const DEFAULT_PGLITE_DIR = join(DATA_CACHE_DIR, 'pglite');

/** The service module (src/index.ts), bundled and imported. */
export function loadDataService() {
  return loadTs('samples/data-service/src/index.ts');
}

/**
 * Starts the service in this process.
 * @param {import('./server.d.mts').DataServiceOptions} [options]
 */
export async function startDataService(options = {}) {
  const mod = await loadDataService();
  return mod.startDataService({ cacheDir: DATA_CACHE_DIR, ...options });
}

async function main() {
  const mod = await loadDataService();
  const options = mod.optionsFromEnv(process.env);
  if (!options.databaseUrl && !options.pgliteDir) options.pgliteDir = DEFAULT_PGLITE_DIR;
  let service;
  try {
    service = await mod.startDataService({ cacheDir: DATA_CACHE_DIR, ...options });
  } catch (err) {
    console.error(`[data-service] could not start: ${err?.message ?? err}`);
    process.exit(1);
  }
  if (process.argv.includes('--json')) console.log(`LATCHKEY_DATA ${JSON.stringify({ url: service.url, port: service.port })}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return process.exit(130);
    stopping = true;
    await service.stop().catch((err) => console.error(`[data-service] stop: ${err?.message ?? err}`));
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
