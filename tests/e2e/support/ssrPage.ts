/**
 * The React 18 server-rendered page (tests/e2e/support/ssr-page) against the packed tarball: the
 * tarball unpacked into a fresh folder's node_modules with React 18 linked from this repository's
 * install, a client bundle (browser, development React: its hydration warnings are console errors)
 * and a server bundle (Node, CommonJS, everything bundled) built with esbuild.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { installTarball } from '../../support/tarball';
import { startServerProcess, type ServerProcess } from './nextApp';
import type { PageChain } from './ssr-page/App';

const SOURCES = join(__dirname, 'ssr-page');
const REACT = ['react', 'react-dom', 'scheduler', 'loose-envify', 'js-tokens'];

/** Builds the page into a fresh folder; returns the folder. */
export async function buildSsrPage(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'lk-ssr-page-'));
  await installTarball(dir, REACT);
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
