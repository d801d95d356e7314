/**
 * Runs a WalletConnect test scenario in a child Node process (the WalletConnect
 * clients keep a process alive for seconds after cleanup) and returns the JSON
 * it prints on the line starting with `marker `.
 *
 * The local stack's servers (the .mjs files under samples/) are imported from their own files, not bundled:
 * each ends with `if (isMain(import.meta.url))`, which inside a bundle run as the program would be
 * true and start a second, standalone server on the default port (a CI run failed on that: two
 * scenarios at once, the second found 8787 taken).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { latchkeySourcePlugin } from '../../scripts/build/source-resolution.cjs';
import { REPO_ROOT } from './artifacts';

export async function runScenario<T>(entry: string, marker: string, timeoutMs = 50_000): Promise<{ result: T; output: string }> {
  // Inside node_modules so the bundle's bare imports resolve to the repository's packages.
  const outdir = join(REPO_ROOT, 'node_modules/.cache/latchkey-walletconnect-int');
  mkdirSync(outdir, { recursive: true });
  // one file per process: node_modules may be shared by another checkout running the same scenario
  const outfile = join(outdir, `${entry.split('/').pop()!.replace(/\.ts$/, '')}-${process.pid}.mjs`);
  const built = await build({
    entryPoints: [entry],
    metafile: true,
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // 'latchkey' itself (our plugins import the package by name) is bundled from the sources.
    plugins: [latchkeySourcePlugin(REPO_ROOT), samplesStayFiles],
    jsx: 'automatic',
    logLevel: 'silent',
    absWorkingDir: REPO_ROOT,
  });
  const bundled = Object.keys(built.metafile.inputs).filter((f) => /^samples\/.*\.mjs$/.test(f));
  if (bundled.length) throw new Error(`a sample server was bundled into the scenario: ${bundled.join(', ')}`);
  let output = '';
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [outfile], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  rmSync(outfile, { force: true });
  const line = output.split('\n').find((l) => l.startsWith(`${marker} `));
  if (!line) throw new Error(`the scenario printed no result (exit ${code}):\n${output.slice(-4000)}`);
  return { result: JSON.parse(line.slice(marker.length + 1)) as T, output };
}

/** The repository's plain-JS servers (the .mjs files under samples/) stay files, imported by their URL. */
const samplesStayFiles: Plugin = {
  name: 'samples-stay-files',
  setup(b) {
    b.onResolve({ filter: /\.mjs$/ }, (args) => {
      if (!args.path.startsWith('.')) return undefined;
      const file = join(args.resolveDir, args.path);
      if (!file.startsWith(join(REPO_ROOT, 'samples') + '/')) return undefined;
      return { path: pathToFileURL(file).href, external: true };
    });
  },
};
