/**
 * Size budgets (scripts/size/budgets.json) against the package as a host installs it: the packed
 * tarball, unpacked, measured by scripts/size/hosts.mjs (host entries built with esbuild, React
 * external). Fails when a figure passes its limit, and when a first-party plugin has no budget
 * (a new plugin states its cost). Prints every figure beside its limit and target.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
}
interface Figures {
  hosts: Record<string, { eager: number; total: number }>;
  plugins: Record<string, { manifest: number; lazy: number }>;
}

const budgets = JSON.parse(readFileSync(join(__dirname, 'budgets.json'), 'utf8')) as Budgets;
const kib = (n: number) => `${(n / 1024).toFixed(2)} KiB`;
let figures: Figures;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'latchkey-budgets-'));
  execFileSync('tar', ['-xzf', await packedTarball(), '-C', dir]);
  // a child process: the script is ESM and its esbuild runs outside jest's module system
  const json = join(dir, 'figures.json');
  const table = execFileSync(process.execPath, [join(__dirname, 'hosts.mjs'), '--package', join(dir, 'package'), '--json', json], { encoding: 'utf8' });
  figures = JSON.parse(readFileSync(json, 'utf8')) as Figures;
  const rows: string[] = [];
  const row = (what: string, value: number, b: Budget | undefined) =>
    rows.push(`${what.padEnd(28)} ${kib(value).padStart(11)}  limit ${b ? kib(b.limit) : '—'}${b?.target !== undefined ? `, target ${kib(b.target)}${value > b.target ? ' (not met)' : ''}` : ''}`);
  for (const [name, b] of Object.entries(budgets.hosts)) row(`entry ${name}`, figures.hosts[name]?.eager ?? NaN, b);
  for (const [name, p] of Object.entries(figures.plugins)) {
    row(`manifest ${name}`, p.manifest, budgets.manifest[name]);
    row(`lazy ${name}`, p.lazy, budgets.lazy[name]);
  }
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
