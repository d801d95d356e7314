#!/usr/bin/env node
// `node scripts/bench/transport.mjs`: figures for the HTTP and fallback transports against the
// misbehaving local server (kernel/transport/testing/transportBench.ts): memory with a 200 MiB body,
// a fallback over hung nodes, Retry-After handling, answers with the wrong id. Prints, asserts nothing.
// Takes about 10 to 20 s; needs no network beyond 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(join(tmpdir(), 'latchkey-transport-bench-'));
try {
  const outfile = join(dir, 'bench.mjs');
  await esbuild.build({
    entryPoints: [join(ROOT, 'kernel/transport/testing/transportBench.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
    absWorkingDir: ROOT,
    tsconfig: join(ROOT, 'tsconfig.json'),
  });
  const run = spawnSync(process.execPath, ['--expose-gc', outfile], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
