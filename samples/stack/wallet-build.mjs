// The sample mobile wallet's build (samples/mobile-wallet), served by the stack at /wallet/.
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { formatBuildErrors } from '../../scripts/build/browserBundle.mjs';
import { buildOptions } from './build-options.mjs';
import { WALLET_DIR } from './paths.mjs';

/**
 * Builds samples/mobile-wallet/main.tsx into `<outdir>/wallet/` (served as /build/wallet/main.js).
 * A failure does not stop the stack: /wallet/ then shows the errors.
 * @returns {Promise<{ ok: boolean, errors: string[] }>}
 */
export async function buildWallet({ outdir }) {
  try {
    await esbuild.build(buildOptions(join(outdir, 'wallet'), join(WALLET_DIR, 'main.tsx')));
    return { ok: true, errors: [] };
  } catch (err) {
    return { ok: false, errors: formatBuildErrors(err) };
  }
}
