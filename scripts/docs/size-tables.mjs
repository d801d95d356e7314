#!/usr/bin/env node
// The size tables of the READMEs, generated from scripts/size/budgets.json so that they cannot
// drift from the limits `npm test` holds the package to (scripts/size/budgets.int.test.ts):
// - each plugin folder's README: per `./plugins/<name>` export whose source is in the folder, the
//   manifest's entry growth, the first-use code and the CDN bundle;
// - the repository's README: the host entries and the CDN element.
// Each table sits between the markers below. `node scripts/docs/size-tables.mjs` lists the README
// whose table differs from the budgets (exit 1); `--write` rewrites them.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BEGIN = '<!-- size-table: generated from scripts/size/budgets.json by `node scripts/docs/size-tables.mjs --write`; do not edit -->';
export const END = '<!-- /size-table -->';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** @param {number} bytes */
const size = (bytes) => `${bytes} B (${(bytes / 1024).toFixed(2)} KiB)`;
/** @param {{ limit: number, measured: number, target?: number }} b @param {boolean} [withTarget] */
const cells = (b, withTarget = false) => [size(b.measured), size(b.limit), ...(withTarget ? [b.target === undefined ? '—' : size(b.target)] : [])];
/** @param {string[]} head @param {string[][]} rows */
const table = (head, rows) =>
  [`| ${head.join(' | ')} |`, `| --- |${head.slice(1).map(() => ' ---: |').join('')}`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

const INTRO =
  'Gzip sizes (level 9) of the packed package, as `scripts/size/budgets.int.test.ts` measures them in `npm test`: host bundles built with esbuild, minified, React external; a plugin adds to a host that registers `evmPlugin()` (evm: to one with no plugin); translation chunks (one per non-English locale, loaded only for such a visitor) are not counted. "Recorded" is the figure when the limit was last set (the reasons are in the budgets file); a larger figure fails the test.';

/**
 * The `./plugins/<name>` exports whose source is in each plugin folder.
 * @param {{ exports: Record<string, string | { source?: string }> }} pkg
 * @returns {Map<string, string[]>} folder -> plugin names
 */
export function pluginsByFolder(pkg) {
  /** @type {Map<string, string[]>} */
  const map = new Map();
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    const name = /^\.\/plugins\/([a-z0-9-]+)$/.exec(subpath)?.[1];
    const folder = typeof target === 'object' ? /^\.\/plugins\/([a-z0-9-]+)\//.exec(target.source ?? '')?.[1] : undefined;
    if (!name || !folder) continue;
    map.set(folder, [...(map.get(folder) ?? []), name]);
  }
  return map;
}

/**
 * The generated block (markers included) of one plugin folder's README, or undefined when none of
 * its plugins has a budget.
 * @param {any} budgets @param {string[]} names
 */
export function pluginBlock(budgets, names) {
  /** @type {string[][]} */
  const rows = [];
  for (const name of names) {
    const manifest = budgets.manifest[name];
    const lazy = budgets.lazy[name];
    const cdn = budgets.cdn.plugins[name];
    if (manifest) rows.push([`\`latchkey/plugins/${name}\`: entry growth (the manifest and what it runs at start)`, ...cells(manifest)]);
    if (lazy) rows.push([`\`latchkey/plugins/${name}\`: first use (the code loaded when it is first needed)`, ...cells(lazy)]);
    if (cdn) rows.push([`CDN: \`dist/cdn/plugins/${name}.js\` and the chunks it adds to the element's page`, ...cells(cdn)]);
  }
  if (rows.length === 0) return undefined;
  return [BEGIN, INTRO, '', table(['', 'recorded', 'limit'], rows), END].join('\n');
}

/** The generated block of the repository's README: the host entries and the CDN element. @param {any} budgets */
export function hostsBlock(budgets) {
  /** @param {string} name react+evm, react+<plugin> (with evm), react+all */
  const plugins = (name) => {
    const plugin = name.split('+')[1];
    return plugin === 'all' ? 'every first-party plugin' : plugin === 'evm' ? '`evmPlugin()`' : `\`evmPlugin()\` and \`${plugin}Plugin()\``;
  };
  const rows = Object.entries(budgets.hosts).map(([name, b]) => [`host entry: \`latchkey/react\` with ${plugins(name)}`, ...cells(b, true)]);
  rows.push(['CDN: `dist/cdn/element.js` and its static imports (React included)', ...cells(budgets.cdn.element, true)]);
  return [BEGIN, INTRO, '', table(['', 'recorded', 'limit', 'target'], rows), END].join('\n');
}

/**
 * Every README with a generated table: file -> its text with the table as the budgets give it.
 * @param {string} [root]
 * @returns {{ file: string, current: string, wanted: string }[]}
 */
export function sizeTables(root = ROOT) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const budgets = JSON.parse(readFileSync(join(root, 'scripts/size/budgets.json'), 'utf8'));
  const out = [];
  const blocks = [['README.md', hostsBlock(budgets)]];
  for (const [folder, names] of pluginsByFolder(pkg)) {
    const block = pluginBlock(budgets, names);
    if (block) blocks.push([`plugins/${folder}/README.md`, block]);
  }
  for (const [file, block] of blocks) {
    const current = readFileSync(join(root, file), 'utf8');
    out.push({ file, current, wanted: replaceBlock(current, block, file) });
  }
  return out;
}

/** @param {string} text @param {string} block @param {string} file */
export function replaceBlock(text, block, file) {
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < start || text.indexOf(BEGIN, start + 1) >= 0) {
    throw new Error(`${file}: no size table (or more than one): put a line with ${BEGIN} and one with ${END} where it goes`);
  }
  return text.slice(0, start) + block + text.slice(end + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const write = process.argv.includes('--write');
  let stale = 0;
  for (const { file, current, wanted } of sizeTables()) {
    if (current === wanted) continue;
    stale++;
    if (write) writeFileSync(join(ROOT, file), wanted);
    console.log(`${write ? 'wrote' : 'stale'}: ${file}`);
  }
  if (stale && !write) {
    console.log('run `node scripts/docs/size-tables.mjs --write`');
    process.exit(1);
  }
}
