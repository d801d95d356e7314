#!/usr/bin/env node
// API reference from the public entries: one TypeDoc module per package.json `exports` subpath
// (its `source`), written to docs/api/ (HTML; not committed, not shipped). `npm run docs`.
// Exits non-zero on any TypeDoc warning, so an undocumented-link or broken reference fails.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Application } from 'typedoc';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const entryPoints = [
  ...new Set(Object.values(pkg.exports).flatMap((t) => (typeof t === 'object' && t && typeof t.source === 'string' ? [t.source] : []))),
];
const out = process.argv.includes('--out') ? process.argv[process.argv.indexOf('--out') + 1] : join(ROOT, 'docs', 'api');

const app = await Application.bootstrapWithPlugins({
  entryPoints: entryPoints.map((p) => join(ROOT, p)),
  tsconfig: join(ROOT, 'tsconfig.build.json'),
  name: `${pkg.name} ${pkg.version}`,
  readme: 'none',
  excludePrivate: true,
  disableSources: true,
  excludeInternal: true,
  // the type-check is npm test's own (scripts/checks/rules.int.test.ts); here it would only double the time
  skipErrorChecking: true,
  treatWarningsAsErrors: true,
  validation: { notExported: false, invalidLink: true, notDocumented: false },
  logLevel: 'Warn',
});
const project = await app.convert();
if (!project) process.exit(1);
// the checks of `validation` (links that resolve to nothing or to what the docs leave out): the
// CLI runs them, the API only when asked
app.validate(project);
await app.generateDocs(project, out);
if (app.logger.hasErrors() || app.logger.hasWarnings()) process.exit(1);
console.log(`docs: ${entryPoints.length} entries → ${out}`);
