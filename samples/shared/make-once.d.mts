// Types of make-once.mjs for TypeScript callers (the repository's tsconfig has no allowJs).

/**
 * Makes something once for every process that needs it at the same time: `ready()` reads it
 * (`undefined` while it is not there), `make()` makes it under the lock folder `lock`; the others
 * wait until they can read it. A lock older than `staleMs` (default 2 min) is taken over.
 */
export declare function makeOnce<T>(
  lock: string,
  ready: () => Promise<T | undefined>,
  make: () => Promise<T>,
  options?: { staleMs?: number; pollMs?: number },
): Promise<{ value: T; made: boolean }>;
