/**
 * Every first-party plugin the package exports (`./plugins/<name>` in package.json) has a README
 * next to its source that names its import path, every option it owns (the manifest's
 * `options.keys`, passed to createKernel) and every view it contributes, and gives its size. A
 * new option or view without documentation fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PluginManifest } from 'latchkey';

const ROOT = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { source?: string }> };

const entries = Object.entries(pkg.exports)
  .filter(([path]) => /^\.\/plugins\/[a-z-]+$/.test(path))
  .map(([path, conditions]) => ({ importPath: `latchkey${path.slice(1)}`, source: join(ROOT, conditions.source!) }));

it('finds the first-party plugin entries', () => {
  expect(entries.length).toBeGreaterThanOrEqual(14);
});

describe.each(entries.map((e) => [e.importPath, e] as const))('%s', (importPath, { source }) => {
  const readme = join(dirname(source), 'README.md');

  it('has a README that names its import path and its size', () => {
    expect(existsSync(readme)).toBe(true);
    const text = readFileSync(readme, 'utf8');
    expect(text).toContain(importPath);
    expect(text).toMatch(/\d+(\.\d+)? KiB/);
  });

  it('documents every option it owns and every view it contributes', async () => {
    const mod = (await import(source)) as Record<string, unknown>;
    const factories = Object.entries(mod).filter(([name, value]) => /Plugin$/.test(name) && typeof value === 'function');
    expect(factories.length).toBeGreaterThan(0);
    const text = readFileSync(readme, 'utf8');
    for (const [name, factory] of factories) {
      expect(text).toContain(name);
      const manifest = (factory as () => PluginManifest)();
      for (const key of manifest.options?.keys ?? []) expect([name, key, text.includes(`\`${key}\``)]).toEqual([name, key, true]);
      for (const view of manifest.contributes?.views ?? []) expect([name, view.id, text.includes(view.id)]).toEqual([name, view.id, true]);
    }
  });
});
