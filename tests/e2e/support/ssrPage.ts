/**
 * The server-rendered page (tests/e2e/support/ssr-page) against the packed tarball: the tarball
 * unpacked into a fresh folder's node_modules with React linked from this repository's install,
 * a client bundle (browser, development React: its hydration warnings are console errors) and a
 * server bundle (Node, CommonJS, everything bundled) built with esbuild.
 * React 18 is the repository's own; React 19 is the one Next.js bundles (next/dist/compiled),
 * whose development build the Next.js example's production build (`next start`) never runs:
 * React 19 reports attribute mismatches as warnings in development only.
 */
import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { REPO_ROOT } from '../../support/artifacts';
import { installTarball } from '../../support/tarball';
import { startServerProcess, type ServerProcess } from './nextApp';
import type { PageChain } from './ssr-page/App';

const SOURCES = join(__dirname, 'ssr-page');
const REACT_18 = ['react', 'react-dom', 'scheduler', 'loose-envify', 'js-tokens'];
const NEXT = join(REPO_ROOT, 'node_modules/next');

/** Builds the page with React `major` into a fresh folder; returns the folder. */
export async function buildSsrPage(major: 18 | 19 = 18): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `lk-ssr-page-${major}-`));
  if (major === 18) {
    await installTarball(dir, REACT_18);
  } else {
    await installTarball(dir);
    // react and react-dom are Next's copies, which require each other as next/dist/compiled/*
    // (one React: the links resolve to the same files)
    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    for (const [name, target] of [['react', join(NEXT, 'dist/compiled/react')], ['react-dom', join(NEXT, 'dist/compiled/react-dom')], ['next', NEXT]] as const) {
      symlinkSync(target, join(dir, 'node_modules', name), 'dir');
    }
  }
  // the sources copied into the folder, so that `latchkey` and `react` resolve to its node_modules (the tarball, React 18)
  cpSync(SOURCES, join(dir, 'src'), { recursive: true });
  const common = { bundle: true, absWorkingDir: dir, jsx: 'automatic', logLevel: 'error', define: { 'process.env.NODE_ENV': '"development"' } } as const;
  await Promise.all([
    esbuild.build({ ...common, entryPoints: ['src/client.tsx'], outdir: 'public', format: 'esm', splitting: true, platform: 'browser', target: 'es2022' }),
    esbuild.build({ ...common, entryPoints: ['src/server.tsx'], outfile: 'server.cjs', format: 'cjs', platform: 'node', target: 'node20' }),
  ]);
  return dir;
}

export function startSsrPage(dir: string, port: number, chains: readonly PageChain[]): Promise<ServerProcess> {
  return startServerProcess([join(dir, 'server.cjs'), String(port), JSON.stringify(chains), join(dir, 'public')], {
    cwd: dir,
    port,
    env: { ...process.env },
    ready: /listening/,
  });
}
