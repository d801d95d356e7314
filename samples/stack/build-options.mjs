// The esbuild options the stack's browser apps are built with (the demo, the sample wallet, the
// lazy sample apps): the repository's browser bundle (scripts/build/browserBundle.mjs) from source.
import { BROWSER_BUNDLE } from '../../scripts/build/browserBundle.mjs';
import { latchkeySourcePlugin } from '../../scripts/build/source-resolution.cjs';
import { REPO_ROOT } from './paths.mjs';

/** esbuild options shared by the demo build and its fallback (and the sample wallet and the lazy apps). */
export function buildOptions(outdir, entry) {
  return {
    entryPoints: [{ in: entry, out: 'main' }],
    plugins: [latchkeySourcePlugin()],
    ...BROWSER_BUNDLE,
    outdir,
    sourcemap: 'linked',
    absWorkingDir: REPO_ROOT,
  };
}
