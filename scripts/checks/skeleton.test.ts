/**
 * The plugin skeleton (plugins/README.md), checked for every folder under plugins/: the plugin list
 * comes from the folders, never from a hand-kept table, so a new plugin is held to the same rules
 * the day it is added. The template fixture (tests/fixtures/contacts-plugin, a plugin written as a
 * third party writes one) is held to the rules that apply to a third-party plugin.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LOCALES } from '../../ui/i18n/locale';

const ROOT = join(__dirname, '..', '..');
const PLUGINS = join(ROOT, 'plugins');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { source?: string }> };
const budgets = JSON.parse(readFileSync(join(ROOT, 'scripts/size/budgets.json'), 'utf8')) as Record<string, Record<string, unknown>>;

/** Folders that are not plugins a host registers, with the reason. */
const NOT_REGISTERED: Readonly<Record<string, string>> = {
  wagmi: 'a bridge for hosts that use wagmi (latchkey/wagmi), not a plugin a kernel loads',
};

/** Titles that stay as they are in every language. */
const PRODUCT_NAMES = new Set(['WalletConnect']);

const folders = readdirSync(PLUGINS).filter((n) => statSync(join(PLUGINS, n)).isDirectory());
/** The template fixture: a third-party plugin, its manifest in index.ts. */
const FIXTURE = join(ROOT, 'tests/fixtures/contacts-plugin');
/**
 * Each plugin folder's plugin entries: the `./plugins/<name>` exports whose source is in the folder.
 * A library subpath of a plugin (`./plugins/<name>/<part>`, the embedded wallet's frame protocol) is
 * not a plugin a host registers: its code is measured with the plugin that imports it.
 */
const entriesOf = (folder: string) =>
  Object.entries(pkg.exports)
    .filter(([key, v]) => /^\.\/plugins\/[a-z0-9-]+$/.test(key) && v.source?.startsWith(`./plugins/${folder}/`))
    .map(([key, v]) => ({ id: key.slice('./plugins/'.length), source: join(ROOT, v.source!) }));

const TEST_OR_KIT = /\.(test|int\.test|e2e\.test|dom\.test)\.tsx?$|\/testing\//;
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(n) && !TEST_OR_KIT.test(p) ? [p] : [];
  });
}

/** The object literals of an array property (`walletFeatures: [ {...}, {...} ]`) in a manifest's text. */
function slotEntries(text: string, property: string): string[] {
  const out: string[] = [];
  for (let at = text.indexOf(`${property}: [`); at >= 0; at = text.indexOf(`${property}: [`, at + 1)) {
    let depth = 0;
    let start = -1;
    for (let i = text.indexOf('[', at) + 1; i < text.length; i++) {
      const c = text[i];
      if (c === '{' && depth++ === 0) start = i;
      else if (c === '}' && --depth === 0) out.push(text.slice(start, i + 1));
      else if (c === ']' && depth === 0) break;
    }
  }
  return out;
}

interface Target {
  readonly dir: string;
  /** The manifests: a first-party plugin's package entries, the fixture's index.ts. */
  readonly entries: readonly { readonly id: string; readonly source: string }[];
  /** undefined for the fixture; the folder's name under plugins/ for a first-party plugin. */
  readonly folder?: string;
}
const targets: [string, Target][] = [
  ...folders.map((folder): [string, Target] => [`plugin folder ${folder}`, { dir: join(PLUGINS, folder), entries: entriesOf(folder), folder }]),
  ['template fixture tests/fixtures/contacts-plugin', { dir: FIXTURE, entries: [{ id: 'contacts', source: join(FIXTURE, 'index.ts') }] }],
];

it('finds the plugins from the folders, and the template fixture', () => {
  expect(folders.length).toBeGreaterThanOrEqual(14);
  expect(existsSync(join(FIXTURE, 'index.ts'))).toBe(true);
});

describe.each(targets)('%s', (_, { dir, entries, folder }) => {
  const has = (p: string) => existsSync(join(dir, p));

  it('has a README', () => {
    expect(has('README.md')).toBe(true);
  });

  // The package rules (a latchkey/plugins/* entry, its size budgets) are about what latchkey ships:
  // the fixture is a third party's plugin, published (if ever) in a package of its own, so they
  // do not apply to it.
  it('is reachable by a latchkey/plugins/* entry (or says why not)', () => {
    if (folder === undefined) return;
    if (NOT_REGISTERED[folder]) return expect(entries).toEqual([]);
    expect(entries.length).toBeGreaterThan(0);
  });

  it('has a size budget for each entry: the manifest and its first-use code', () => {
    if (folder === undefined) return;
    for (const { id } of entries) {
      expect([id, 'manifest', Object.keys(budgets.manifest ?? {}).includes(id)]).toEqual([id, 'manifest', true]);
      expect([id, 'lazy', Object.keys(budgets.lazy ?? {}).includes(id)]).toEqual([id, 'lazy', true]);
    }
  });

  it('with views: its texts in a catalogue (messages.ts) with a file for every locale', () => {
    if (!has('views')) return;
    expect(has('messages.ts')).toBe(true);
    const locales = readdirSync(join(dir, 'locales')).map((f) => f.replace(/\.ts$/, '')).sort();
    if (folder !== undefined) return expect(locales).toEqual([...LOCALES].sort());
    // a third party ships the languages it has: English (inline), the others each a file that
    // messages.ts loads, every one a locale of LOCALES
    expect(locales).toContain('en');
    expect(locales.filter((l) => !(LOCALES as readonly string[]).includes(l))).toEqual([]);
    const loaded = [...readFileSync(join(dir, 'messages.ts'), 'utf8').matchAll(/import\('\.\/locales\/([\w-]+)'\)/g)].map((m) => m[1]!).sort();
    expect(loaded).toEqual(locales.filter((l) => l !== 'en'));
  });

  it('translates the titles and labels its manifest declares (labels.ts), product names aside', () => {
    for (const { source } of entries) {
      const text = readFileSync(source, 'utf8');
      const words = [...text.matchAll(/\b(?:title|label): '([^']+)'/g)].map((m) => m[1]!).filter((w) => !PRODUCT_NAMES.has(w));
      if (words.length === 0) continue;
      // the manifest, or the plugin's shared manifest builder (embedded-wallet's shared.ts), loads labels.ts
      const loadsLabels = sources(dir).some((f) => /translations: \(\) => import\('\.\/labels'\)/.test(readFileSync(f, 'utf8')));
      expect([relative(ROOT, source), loadsLabels]).toEqual([relative(ROOT, source), true]);
      const labels = readFileSync(join(dir, 'labels.ts'), 'utf8');
      for (const w of words) expect([w, labels.includes(`${/^[A-Za-z_$][\w$]*$/.test(w) ? w : `'${w}'`}:`)]).toEqual([w, true]);
    }
  });

  it('throws only LatchkeyErrors (typed, with a code), never a bare subclass of Error', () => {
    const bare = sources(dir).filter((f) => /\bextends Error\b/.test(readFileSync(f, 'utf8'))).map((f) => relative(ROOT, f));
    expect(bare).toEqual([]);
  });

  it('builds its services from deps in module.ts, never with inversify decorators', () => {
    const decorated = sources(dir).filter((f) => /@inject(able)?\(/.test(readFileSync(f, 'utf8'))).map((f) => relative(ROOT, f));
    expect(decorated).toEqual([]);
  });

  it('declares each DI token once, and lazy code reaches di.ts only through types.ts', () => {
    // the same Symbol.for key in two files is a copy (plugins/README.md: tokens live in di.ts)
    const declared = sources(dir).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/Symbol\.for\('([^']+)'\)/g)].map((m) => [m[1]!, relative(dir, f)] as const));
    const copies = declared.filter(([key], i) => declared.findIndex(([k]) => k === key) !== i);
    expect(copies).toEqual([]);
    // the build keeps di.ts with the manifest and gives types.ts a copy (scripts/build/chunking.mjs):
    // any other importer would share the file between the entry and the lazy chunks
    const manifestFiles = new Set(entries.flatMap(({ source }) => [source, ...[...readFileSync(source, 'utf8').matchAll(/^import .* from '\.\/([\w-]+)';$/gm)].map((m) => join(dir, `${m[1]}.ts`))]));
    const importers = sources(dir).filter((f) => /from '(\.\.?\/)+di'/.test(readFileSync(f, 'utf8')));
    const stray = importers.filter((f) => !manifestFiles.has(f) && f !== join(dir, 'types.ts')).map((f) => relative(ROOT, f));
    expect(stray).toEqual([]);
  });

  it('gives every wallet-feature button and account tab a feature flag', () => {
    for (const { source } of entries) {
      const text = readFileSync(source, 'utf8');
      for (const slot of ['walletFeatures', 'accountTabs']) {
        const unflagged = slotEntries(text, slot).filter((e) => !/\bflag:/.test(e));
        expect([relative(ROOT, source), slot, unflagged]).toEqual([relative(ROOT, source), slot, []]);
      }
    }
  });
});

describe('the skeleton check itself', () => {
  it('reads the entries of a slot, nested objects included', () => {
    const text = "contributes: { walletFeatures: [{ id: 'a', flag: 'a' }, { id: 'b', icon: { d: 'x' } }], views: [] }";
    expect(slotEntries(text, 'walletFeatures')).toEqual(["{ id: 'a', flag: 'a' }", "{ id: 'b', icon: { d: 'x' } }"]);
  });
});
