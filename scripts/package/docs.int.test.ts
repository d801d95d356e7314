/**
 * The API reference builds from the public entries with no TypeDoc warning (a broken {@link}
 * or a conflicting comment fails it), one module per exports source, and documents the
 * kernel's entry points.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

it('builds the API reference: a module per public entry, no warning', () => {
  const out = mkdtempSync(join(tmpdir(), 'lk-docs-'));
  try {
    const r = spawnSync(process.execPath, ['scripts/build/docs.mjs', '--out', out], { cwd: ROOT, encoding: 'utf8', timeout: 170_000 });
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/warning|error/i);
    expect(r.status).toBe(0);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { source?: string } | string> };
    const sources = new Set(Object.values(pkg.exports).flatMap((t) => (typeof t === 'object' && t.source ? [t.source] : [])));
    expect(readdirSync(join(out, 'modules')).filter((f) => f.endsWith('.html'))).toHaveLength(sources.size);
    expect(existsSync(join(out, 'functions', 'kernel.createKernel.html'))).toBe(true);
    expect(readFileSync(join(out, 'functions', 'kernel.createKernel.html'), 'utf8')).toContain('createKernel');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 180_000);
