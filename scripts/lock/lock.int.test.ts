/**
 * The lock file installs with `npm ci` on a fresh clone: it agrees with package.json and
 * names every platform's optional binaries (npm ci refuses a lock that lacks them).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const { missingOptional, platformOf } = require('./complete-optional.cjs') as {
  missingOptional(lock: unknown): [string, Record<string, unknown>][];
  platformOf(name: string): Record<string, string[]> | undefined;
};

const ROOT = join(__dirname, '..', '..');

it('reads the platform off a binary package name', () => {
  expect(platformOf('@foundry-rs/anvil-darwin-amd64')).toEqual({ os: ['darwin'], cpu: ['x64'] });
  expect(platformOf('@swc/core-linux-arm-gnueabihf')).toEqual({ os: ['linux'], cpu: ['arm'], libc: ['glibc'] });
  expect(platformOf('litesvm-linux-arm64-musl')).toEqual({ os: ['linux'], cpu: ['arm64'], libc: ['musl'] });
  expect(platformOf('@swc/core-win32-ia32-msvc')).toEqual({ os: ['win32'], cpu: ['ia32'] });
  expect(platformOf('react')).toBeUndefined();
});

it('finds an optional platform binary the lock lacks, and nothing in the committed lock', () => {
  const lock = {
    packages: {
      '': { devDependencies: { tool: '1.0.0' } },
      'node_modules/tool': { version: '1.0.0', optionalDependencies: { 'tool-darwin-arm64': '1.0.0', 'tool-linux-x64': '1.0.0' } },
      'node_modules/tool-linux-x64': { version: '1.0.0', optional: true },
    },
  };
  expect(missingOptional(lock)).toEqual([
    ['node_modules/tool-darwin-arm64', { version: '1.0.0', license: undefined, optional: true, os: ['darwin'], cpu: ['arm64'] }],
  ]);
  expect(missingOptional(JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')))).toEqual([]);
});

it('`npm ci` accepts package.json and the lock as a fresh clone has them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lk-lock-'));
  try {
    copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
    copyFileSync(join(ROOT, 'package-lock.json'), join(dir, 'package-lock.json'));
    const res = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(`${res.stderr}`.match(/npm error .*/g) ?? []).toEqual([]);
    expect(res.status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 70_000);

it('the lock records the same dependency ranges as package.json', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const root = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')).packages[''];
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
    expect([field, root[field] ?? {}]).toEqual([field, pkg[field] ?? {}]);
  }
});
