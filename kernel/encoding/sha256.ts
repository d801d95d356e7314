/**
 * SHA-256 from @noble/hashes (audited; the same release viem uses, so a host bundles it once).
 * Only bytes are hashed (noble would also take a string, as UTF-8: here that is a caller's
 * mistake). What the library refuses surfaces as a HashError.
 */
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { abytes, aexists } from '@noble/hashes/utils.js';
import { HashError, libraryFailure } from './errors';

function guarded<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    throw new HashError(...libraryFailure(err));
  }
}

/** The SHA-256 digest (32 bytes) of `data`; HashError 'Uint8Array expected' for anything but bytes. */
export function sha256(data: Uint8Array): Uint8Array {
  return guarded(() => {
    abytes(data);
    return nobleSha256(data);
  });
}

/** A SHA-256 fed in parts (e.g. a tagged hash: the tag's digest twice, then the message). */
export interface Sha256Hasher {
  update(data: Uint8Array): Sha256Hasher;
  /** The digest, once (after it: HashError 'Hash#digest() has already been called'). */
  digest(): Uint8Array;
  /** Wipes the state (e.g. after hashing a secret); any later call: HashError 'Hash instance has been destroyed'. */
  destroy(): void;
}

export function createSha256(): Sha256Hasher {
  const state = nobleSha256.create();
  // noble 1.x's SHA-256 zeroes its state on destroy() yet stays usable (2.x refuses): the flag is
  // kept here and checked with noble's own assertion, as 2.x does
  const life = { destroyed: false, finished: false };
  const hasher: Sha256Hasher = {
    update: (data) =>
      guarded(() => {
        aexists(life);
        abytes(data);
        state.update(data);
        return hasher;
      }),
    digest: () =>
      guarded(() => {
        aexists(life);
        return state.digest();
      }),
    destroy: () => {
      state.destroy();
      life.destroyed = true;
    },
  };
  return hasher;
}
