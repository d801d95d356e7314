#!/usr/bin/env node
// The plugin's build, as any plugin package has one:
//   node build.mjs          dist/: ESM, code-split (the manifest small, the module and the view
//                           in chunks loaded on first use), latchkey/react/inversify external;
//                           .d.ts by tsc
//   node build.mjs --tests  dist-test/: test/*.test.ts bundled for `node --test`
//   node build.mjs --example  example/dist/: the example host page, everything bundled
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';

const require = createRequire(import.meta.url);
const external = ['latchkey', 'latchkey/*', 'react', 'react/*', 'react-dom', 'react-dom/*', 'inversify'];
const tests = process.argv.includes('--tests');
const example = process.argv.includes('--example');

if (example) {
  rmSync('example/dist', { recursive: true, force: true });
  await esbuild.build({
    entryPoints: ['example/main.tsx'],
    outdir: 'example/dist',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
} else if (tests) {
  rmSync('dist-test', { recursive: true, force: true });
  await esbuild.build({
    entryPoints: readdirSync('test').filter((f) => f.endsWith('.test.ts')).map((f) => `test/${f}`),
    outdir: 'dist-test',
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    external: [...external, 'viem', 'viem/*'],
    logLevel: 'warning',
  });
} else {
  rmSync('dist', { recursive: true, force: true });
  await esbuild.build({
    entryPoints: ['src/index.ts'],
    outdir: 'dist',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    jsx: 'automatic',
    chunkNames: 'chunks/[name]-[hash]',
    minifySyntax: true,
    external,
    logLevel: 'warning',
  });
  const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', '.'], { stdio: 'inherit' });
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
}
