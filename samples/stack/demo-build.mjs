// The demo build: samples/demo/main.tsx, or its fallback page when the demo does not build.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { formatBuildErrors } from '../../scripts/build/browserBundle.mjs';
import { buildOptions } from './build-options.mjs';
import { DEMO_DIR } from './paths.mjs';

/**
 * Builds samples/demo/main.tsx into `outdir` (a fresh temp dir by default).
 * When the demo does not build (e.g. a part of the library is missing), builds
 * samples/demo/fallback.ts instead — a page that still installs the dev wallet
 * and shows the build errors — and reports the errors.
 * @returns {Promise<{ outdir: string, ok: boolean, errors: string[], metafile?: object }>}
 */
export async function buildDemo({ outdir } = {}) {
  const dir = outdir ?? (await mkdtemp(join(tmpdir(), 'latchkey-demo-')));
  try {
    const result = await esbuild.build(buildOptions(dir, join(DEMO_DIR, 'main.tsx')));
    return { outdir: dir, ok: true, errors: [], metafile: result.metafile };
  } catch (err) {
    const errors = formatBuildErrors(err);
    try {
      await esbuild.build(buildOptions(dir, join(DEMO_DIR, 'fallback.ts')));
    } catch (fallbackErr) {
      if (!outdir) await rm(dir, { recursive: true, force: true });
      throw new Error(`the demo and its fallback page failed to build:\n  ${[...errors, ...formatBuildErrors(fallbackErr)].join('\n  ')}`);
    }
    return { outdir: dir, ok: false, errors };
  }
}
