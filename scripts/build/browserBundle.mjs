// The esbuild options every browser app here is built with (the local stack's demo, sample wallet
// and lazy sample apps; the bench's pages): one ES2022 module bundle split in chunks, React's
// production build, minified, with a metafile; and a failed build's errors, one line each.

/** esbuild options shared by samples/stack/build-options.mjs and scripts/bench/build.mjs (each adds its entries, plugins and outdir). */
export const BROWSER_BUNDLE = {
  bundle: true,
  splitting: true,
  format: /** @type {const} */ ('esm'),
  platform: /** @type {const} */ ('browser'),
  target: 'es2022',
  jsx: /** @type {const} */ ('automatic'),
  define: { 'process.env.NODE_ENV': '"production"' },
  minify: true,
  metafile: true,
  logLevel: /** @type {const} */ ('silent'),
};

/** A failed esbuild build's errors as `file:line:column: text` lines (the error's message when it has none). */
export function formatBuildErrors(err) {
  if (err && Array.isArray(err.errors) && err.errors.length) {
    return err.errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ${e.text}` : e.text));
  }
  return [String(err?.message ?? err)];
}
