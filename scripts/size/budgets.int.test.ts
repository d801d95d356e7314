/**
 * Size budgets (scripts/size/budgets.json) against the package as a host installs it: the packed
 * tarball, unpacked, measured by scripts/size/hosts.mjs (host entries built with esbuild, React
 * external) and, for the CDN build, by scripts/size/cdn.mjs (dist/cdn's files as a page fetches
 * them). Fails when a figure passes its limit, and when a first-party plugin has no budget
 * (a new plugin states its cost). Prints every figure beside its limit and target.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packedTarball } from '../../tests/support/tarball';

interface Budget {
  limit: number;
  measured: number;
  target?: number;
}
interface Budgets {
  hosts: Record<string, Budget>;
  manifest: Record<string, Budget>;
  lazy: Record<string, Budget>;
  cdn: { element: Budget; plugins: Record<string, Budget> };
}
interface CdnFigures {
  element: { gzip: number; files: string[] };
  plugins: Record<string, { gzip: number; files: string[] }>;
}
interface Figures {
  hosts: Record<string, { eager: number; total: number }>;
  plugins: Record<string, { manifest: number; lazy: number }>;
}

const budgets = JSON.parse(readFileSync(join(__dirname, 'budgets.json'), 'utf8')) as Budgets;
const kib = (n: number) => `${(n / 1024).toFixed(2)} KiB`;
let figures: Figures;
let cdn: CdnFigures;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'latchkey-budgets-'));
  execFileSync('tar', ['-xzf', await packedTarball(), '-C', dir]);
  // a child process: the script is ESM and its esbuild runs outside jest's module system
  const json = join(dir, 'figures.json');
  const table = execFileSync(process.execPath, [join(__dirname, 'hosts.mjs'), '--package', join(dir, 'package'), '--json', json], { encoding: 'utf8' });
  figures = JSON.parse(readFileSync(json, 'utf8')) as Figures;
  const measureCdn = `import { measureCdn } from ${JSON.stringify(pathToFileURL(join(__dirname, 'cdn.mjs')).href)}; process.stdout.write(JSON.stringify(measureCdn(process.argv[1])));`;
  cdn = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', measureCdn, join(dir, 'package')], { encoding: 'utf8' })) as CdnFigures;
  const rows: string[] = [];
  const row = (what: string, value: number, b: Budget | undefined) =>
    rows.push(`${what.padEnd(28)} ${kib(value).padStart(11)}  limit ${b ? kib(b.limit) : '—'}${b?.target !== undefined ? `, target ${kib(b.target)}${value > b.target ? ' (not met)' : ''}` : ''}`);
  for (const [name, b] of Object.entries(budgets.hosts)) row(`entry ${name}`, figures.hosts[name]?.eager ?? NaN, b);
  for (const [name, p] of Object.entries(figures.plugins)) {
    row(`manifest ${name}`, p.manifest, budgets.manifest[name]);
    row(`lazy ${name}`, p.lazy, budgets.lazy[name]);
  }
  row('cdn element.js', cdn.element.gzip, budgets.cdn.element);
  for (const [name, p] of Object.entries(cdn.plugins)) row(`cdn plugins/${name}.js`, p.gzip, budgets.cdn.plugins[name]);
  console.log(`${table}\nbudgets (scripts/size/budgets.json):\n${rows.join('\n')}`);
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('every first-party plugin has a manifest and a lazy-chunk budget', () => {
  const plugins = Object.keys(figures.plugins).sort();
  expect(plugins).toContain('evm');
  expect(plugins.filter((p) => !budgets.manifest[p])).toEqual([]);
  expect(plugins.filter((p) => !budgets.lazy[p])).toEqual([]);
});

it.each(Object.keys(budgets.hosts))('host entry %s stays within its limit', (name) => {
  const figure = figures.hosts[name];
  expect(figure).toBeDefined();
  expect(figure!.eager).toBeLessThanOrEqual(budgets.hosts[name]!.limit);
});

it.each(Object.keys(budgets.manifest))("plugin %s's manifest (entry growth) stays within its limit", (name) => {
  expect(figures.plugins[name]).toBeDefined();
  expect(figures.plugins[name]!.manifest).toBeLessThanOrEqual(budgets.manifest[name]!.limit);
});

it.each(Object.keys(budgets.lazy))("plugin %s's first-use code stays within its limit", (name) => {
  expect(figures.plugins[name]).toBeDefined();
  expect(figures.plugins[name]!.lazy).toBeLessThanOrEqual(budgets.lazy[name]!.limit);
});

describe('the CDN build (dist/cdn)', () => {
  it("measures the closure the build's metafile gives (dist/size-report.json, from scripts/size/closure.mjs)", () => {
    const report = JSON.parse(readFileSync(join(dir, 'package/dist/size-report.json'), 'utf8')) as {
      summary: { entries: Record<string, { cdn?: { files: string[]; gzip: number } }> };
    };
    const element = report.summary.entries['./element']!.cdn!;
    expect([...cdn.element.files].sort()).toEqual([...element.files].sort());
    expect(cdn.element.gzip).toBe(element.gzip);
    expect(cdn.element.files.length).toBeGreaterThan(1);
  });

  it('every plugin bundle has a budget', () => {
    expect(Object.keys(cdn.plugins)).toContain('evm');
    expect(Object.keys(cdn.plugins).filter((p) => !budgets.cdn.plugins[p])).toEqual([]);
  });

  it('element.js and its static imports stay within their limit', () => {
    expect(cdn.element.gzip).toBeLessThanOrEqual(budgets.cdn.element.limit);
  });

  it.each(Object.keys(budgets.cdn.plugins))('plugins/%s.js adds no more than its limit to the page', (name) => {
    expect(cdn.plugins[name]).toBeDefined();
    expect(cdn.plugins[name]!.gzip).toBeLessThanOrEqual(budgets.cdn.plugins[name]!.limit);
  });
});
