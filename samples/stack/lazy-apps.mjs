// The sample apps beside the demo (the wagmi dapp), built on their first request rather than at the stack's start.
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { formatBuildErrors } from '../../scripts/build/browserBundle.mjs';
import { buildOptions } from './build-options.mjs';
import { REPO_ROOT } from './paths.mjs';

/**
 * Sample apps beside the demo, built on their first request (a stack start pays nothing for
 * them): /<name>/ serves the app's index.html, which loads /build/<name>/main.js.
 * - wagmi: samples/wagmi-app, a wagmi dapp on the Latchkey connector (latchkey/wagmi).
 */
export const LAZY_APPS = { wagmi: join(REPO_ROOT, 'samples', 'wagmi-app') };

/** Builds each lazy app once per server; concurrent requests share the build. */
export function lazyAppBuilder(outdir) {
  const builds = new Map();
  return (name) => {
    let build = builds.get(name);
    if (!build) {
      build = esbuild
        .build(buildOptions(join(outdir, name), join(LAZY_APPS[name], 'main.tsx')))
        .then(() => [], (err) => formatBuildErrors(err));
      builds.set(name, build);
    }
    return build;
  };
}
