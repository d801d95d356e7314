import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Repository root (tests run with the repo as jest's rootDir). */
export const REPO_ROOT = resolve(__dirname, '../..');
export const ARTIFACTS_DIR = join(REPO_ROOT, 'artifacts');

/** Writes a test artifact (screenshot, trace, report) under artifacts/ (gitignored); returns its path. */
export function saveArtifact(name: string, data: Buffer | Uint8Array | string): string {
  if (name.includes('..')) throw new Error(`saveArtifact: invalid name ${name}`);
  const file = join(ARTIFACTS_DIR, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, data);
  return file;
}
