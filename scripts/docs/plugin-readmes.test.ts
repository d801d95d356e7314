/**
 * Every folder under plugins/ that is a package entry (it has an index.ts, or package.json's
 * `exports` point into it) has a README next to its source that names each of its import paths
 * (from package.json `exports`) and gives its size. For each kernel plugin factory it exports (a
 * function named `…Plugin`, called here with no config), the README names the factory, every
 * kernel option the manifest owns (`options.keys`, in backticks) and every view, Account tab,
 * wallet-feature button and connect method it contributes. A new option or view without
 * documentation fails here.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { PluginManifest } from 'latchkey';

const ROOT = join(__dirname, '..', '..');
const PLUGINS = join(ROOT, 'plugins');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { source?: string }>;
};

interface Entry {
  readonly importPath: string;
  readonly source: string;
}

/** package.json's exports whose TypeScript source is in plugins/<folder>/. */
function entriesOf(folder: string): Entry[] {
  return Object.entries(pkg.exports).flatMap(([path, conditions]) => {
    const source = typeof conditions === 'object' ? conditions.source : undefined;
    if (!source?.startsWith(`./plugins/${folder}/`)) return [];
    return [{ importPath: `latchkey${path.slice(1)}`, source: join(ROOT, source) }];
  });
}

const folders = readdirSync(PLUGINS)
  .filter((name) => statSync(join(PLUGINS, name)).isDirectory())
  .filter((name) => existsSync(join(PLUGINS, name, 'index.ts')) || entriesOf(name).length > 0)
  .sort();

it('finds the plugin folders, each a package entry', () => {
  expect(folders).toEqual(expect.arrayContaining(['evm', 'walletconnect', 'embedded-wallet', 'send', 'solana', 'bitcoin', 'wagmi']));
  // a folder with an index.ts that package.json does not export cannot be imported by anyone
  expect(folders.filter((f) => entriesOf(f).length === 0)).toEqual([]);
});

/** The ids a manifest contributes that a reader looks for: views, Account tabs, buttons, connect methods. */
function contributedIds(manifest: PluginManifest): string[] {
  const c = manifest.contributes ?? {};
  return [
    ...(c.views ?? []).map((v) => v.id),
    ...(c.accountTabs ?? []).map((t) => t.id),
    ...(c.walletFeatures ?? []).map((f) => f.id),
    ...(c.connectMethods ?? []).map((m) => m.id),
  ];
}

describe.each(folders)('plugins/%s', (folder) => {
  const readme = join(PLUGINS, folder, 'README.md');
  const entries = entriesOf(folder);
  const text = () => readFileSync(readme, 'utf8');

  it('has a README that names its import paths and its size', () => {
    expect(existsSync(readme)).toBe(true);
    for (const { importPath } of entries) expect([importPath, text().includes(importPath)]).toEqual([importPath, true]);
    expect(text()).toMatch(/\d+(\.\d+)? KiB/);
  });

  // `latchkey/plugins/<name>` entries are kernel plugins; latchkey/wagmi is a wagmi connector (and its
  // @wagmi/core peer is ESM-only, which this CommonJS test runtime cannot import); a deeper subpath
  // (latchkey/plugins/embedded-wallet/protocol) is a library of the plugin, documented in its README
  const plugins = entries.filter((e) => /^latchkey\/plugins\/[a-z0-9-]+$/.test(e.importPath));
  if (plugins.length === 0) return;
  it.each(plugins.map((e) => [e.importPath, e] as const))('documents what %s owns and contributes', async (_importPath, { source }) => {
    const mod = (await import(source)) as Record<string, unknown>;
    const factories = Object.entries(mod).filter(([name, value]) => /Plugin$/.test(name) && typeof value === 'function');
    expect(factories.length).toBeGreaterThan(0);
    for (const [name, factory] of factories) {
      expect([name, text().includes(name)]).toEqual([name, true]);
      const manifest = (factory as () => PluginManifest)();
      expect(typeof manifest.id).toBe('string');
      const missing = [
        ...(manifest.options?.keys ?? []).filter((key) => !text().includes(`\`${key}\``)).map((key) => `option ${key}`),
        ...contributedIds(manifest).filter((id) => !text().includes(`\`${id}\``)).map((id) => `contribution ${id}`),
      ];
      expect([name, missing]).toEqual([name, []]);
    }
  });
});
