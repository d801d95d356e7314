// The esbuild options the stack's browser apps are built with (the demo, the sample wallet, the
// lazy sample apps), and the one-line-per-error text a failed build is reported as.
import { latchkeySourcePlugin } from '../../scripts/build/source-resolution.cjs';
import { REPO_ROOT } from './paths.mjs';

/** esbuild options shared by the demo build and its fallback (and the sample wallet and the lazy apps). */
export function buildOptions(outdir, entry) {
  return {
    entryPoints: [{ in: entry, out: 'main' }],
    plugins: [latchkeySourcePlugin()],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: REPO_ROOT,
  };
}

export function formatBuildErrors(err) {
  if (err && Array.isArray(err.errors) && err.errors.length) {
    return err.errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ${e.text}` : e.text));
  }
  return [String(err?.message ?? err)];
}
