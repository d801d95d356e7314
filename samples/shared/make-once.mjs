// Something made once for every process that needs it at the same time (a compiled contract set,
// a bundled CLI): on a fresh clone a test run starts several stacks and test files together, and
// each would make the same file. The first takes a lock folder and makes it; the others wait until
// they can read it. A lock older than `staleMs` belongs to a process that died while making, and is
// taken over.
import { mkdir, rm, stat } from 'node:fs/promises';

/**
 * `ready()` reads the thing (`undefined` while it is not there); `make()` makes it. Resolves with
 * what was read or made, and whether this call made it.
 * @template T
 * @param {string} lock a folder path (created and removed here; its parent must exist)
 * @param {() => Promise<T | undefined>} ready
 * @param {() => Promise<T>} make
 * @param {{ staleMs?: number, pollMs?: number }} [options]
 * @returns {Promise<{ value: T, made: boolean }>}
 */
export async function makeOnce(lock, ready, make, { staleMs = 120_000, pollMs = 200 } = {}) {
  for (;;) {
    const found = await ready();
    if (found !== undefined) return { value: found, made: false };
    try {
      await mkdir(lock);
    } catch (err) {
      if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'EEXIST') throw err;
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > staleMs) await rm(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, pollMs));
      continue;
    }
    try {
      // the lock's last holder may have made it just before letting go
      const made = await ready();
      if (made !== undefined) return { value: made, made: false };
      return { value: await make(), made: true };
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}
