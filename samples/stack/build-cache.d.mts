// Types of build-cache.mjs (plain JS, so that the stack's servers run without a loader).
import type { BuildOptions } from 'esbuild';

/**
 * Runs `esbuild.build({ ...options, write: false, metafile: true })`, or returns the outputs of the
 * same build made earlier when none of its inputs changed (kept under `<absWorkingDir>/.cache/esbuild`).
 */
export function cachedBuild(
  options: BuildOptions & { absWorkingDir: string },
  cache: { name: string },
): Promise<{ outputFiles: { path: string; contents: Uint8Array }[]; reused: boolean }>;
