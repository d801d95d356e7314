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
import { isMain, runServer } from '../shared/launcher.mjs';
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

if (isMain(import.meta.url)) {
  await runServer({
    name: 'data-service',
    marker: 'LATCHKEY_DATA',
    async start() {
      const mod = await loadDataService();
      const options = mod.optionsFromEnv(process.env);
      if (!options.databaseUrl && !options.pgliteDir) options.pgliteDir = DEFAULT_PGLITE_DIR;
      return mod.startDataService({ cacheDir: DATA_CACHE_DIR, ...options });
    },
    ready: (service) => ({ url: service.url, port: service.port }),
  });
}
