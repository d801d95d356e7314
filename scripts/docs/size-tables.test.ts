/**
 * The READMEs' size tables are the budgets file's figures (scripts/docs/size-tables.mjs): a limit
 * or a recorded figure changed in scripts/size/budgets.json without `--write` fails here, as does a
 * plugin with a budget whose README has no table.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BEGIN, END, pluginBlock, pluginsByFolder, replaceBlock, sizeTables } from './size-tables.mjs';

const ROOT = join(__dirname, '..', '..');
const budgets = JSON.parse(readFileSync(join(ROOT, 'scripts/size/budgets.json'), 'utf8'));

it('every size table in the READMEs is what the budgets give (else: node scripts/docs/size-tables.mjs --write)', () => {
  const tables = sizeTables(ROOT);
  expect(tables.map((t) => t.file)).toEqual(expect.arrayContaining(['README.md', 'plugins/evm/README.md', 'plugins/embedded-wallet/README.md']));
  expect(tables.filter((t) => t.current !== t.wanted).map((t) => t.file)).toEqual([]);
});

it('gives each plugin with a budget a row per figure, under the folder its source is in', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const folders = pluginsByFolder(pkg);
  expect(folders.get('embedded-wallet')).toEqual(['email', 'socials']);
  const block = pluginBlock(budgets, ['send'])!;
  expect(block.startsWith(BEGIN) && block.endsWith(END)).toBe(true);
  expect(block).toContain(`| \`latchkey/plugins/send\`: entry growth (the manifest and what it runs at start) | ${budgets.manifest.send.measured} B`);
  // a changed limit changes the table
  const raised = structuredClone(budgets);
  raised.lazy.send.limit += 100;
  expect(pluginBlock(raised, ['send'])).not.toBe(block);
  expect(pluginBlock(budgets, ['no-such-plugin'])).toBeUndefined();
});

it('refuses a README without its markers, or with two tables', () => {
  expect(() => replaceBlock('# x\n', 'table', 'plugins/x/README.md')).toThrow('plugins/x/README.md: no size table');
  expect(() => replaceBlock(`${BEGIN}\n${END}\n${BEGIN}\n${END}\n`, 'table', 'README.md')).toThrow('or more than one');
  expect(replaceBlock(`a\n${BEGIN}\nold\n${END}\nb`, 'new', 'README.md')).toBe('a\nnew\nb');
});
