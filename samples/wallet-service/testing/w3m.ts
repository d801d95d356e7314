/** Validates messages against @reown/appkit-wallet's W3mFrameSchema (in a child process: the package is ESM-only). */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export interface Recorded {
  readonly dir: 'app' | 'frame';
  readonly msg: unknown;
}

export function validateW3m(items: readonly Recorded[]): Array<{ ok: boolean; error?: string }> {
  const res = spawnSync(process.execPath, [join(__dirname, 'w3m-validate.mjs')], {
    input: JSON.stringify(items),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    cwd: join(__dirname, '..', '..', '..'),
  });
  if (res.status !== 0) throw new Error(`w3m-validate failed: ${res.stderr}`);
  return JSON.parse(res.stdout);
}
