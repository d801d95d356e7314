#!/usr/bin/env node
// `npm run next-app` (at the repository's root): the Next.js example as a user installs it.
//  1. packs latchkey (`npm pack`: builds dist/, writes dist/latchkey-<version>.tgz);
//  2. installs the example's dependencies (next, react 19 and that tarball) into samples/next-app;
//  3. `next build`, then `next start` on http://127.0.0.1:3000 (NEXT_APP_PORT).
// The page reads the local stack's /config.json (LATCHKEY_CONFIG_URL, default
// http://127.0.0.1:5173/config.json): run `npm start` in another terminal first.
//   --dev   `next dev` instead of build + start
import { spawnSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const port = process.env.NEXT_APP_PORT || '3000';
const dev = process.argv.includes('--dev');

function run(cmd, args, cwd) {
  console.log(`[next-app] ${cmd} ${args.join(' ')}  (in ${cwd})`);
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
run(npm, ['pack', '--pack-destination', 'dist'], root);
// a fresh copy of the tarball just packed (npm would keep the installed one of the same version)
rmSync(join(here, 'node_modules', 'latchkey'), { recursive: true, force: true });
run(npm, ['install', '--no-audit', '--no-fund', '--no-package-lock'], here);
console.log(`[next-app] latchkey ${version} installed from dist/latchkey-${version}.tgz`);
const next = join(here, 'node_modules', 'next', 'dist', 'bin', 'next');
if (!dev) run(process.execPath, [next, 'build'], here);
const child = spawn(process.execPath, [next, dev ? 'dev' : 'start', '--port', port, '--hostname', '127.0.0.1'], {
  cwd: here,
  stdio: 'inherit',
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
