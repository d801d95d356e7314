// Types of server.mjs for TypeScript callers (the repository's tsconfig has no allowJs).
import type { DataService, DataServiceOptions } from './src/index';

export type { DataService, DataServiceOptions };
/** <repo>/.cache/data-service: the PGlite template and the default PGlite folder live here. */
export declare const DATA_CACHE_DIR: string;
/** <repo>/.cache/data-service/pglite: the standalone server's default database folder. */
export declare const DEFAULT_PGLITE_DIR: string;
/** The service module (src/index.ts), bundled with esbuild and imported. */
export declare function loadDataService(): Promise<typeof import('./src/index')>;
/** Starts the service in this process (caches under DATA_CACHE_DIR). */
export declare function startDataService(options?: DataServiceOptions): Promise<DataService>;
