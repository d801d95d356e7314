/**
 * The published artefacts: builds dist/ with esbuild.mjs, then imports every
 * `exports` entry in a plain Node child process (no DOM; one process for all, each import
 * checked for DOM globals first), both by file URL and through the package's own exports map, and checks the size report, that
 * the kernel's static-import closure pulls in no React, that the entries reaching React are
 * client boundaries ("use client"), and that the CDN build
 * bundles React once, for the element entry and the plugins' views.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync, constants } from 'node:zlib';
import { builtDist } from '../tests/support/tarball';
import { gzipSize } from './size/closure.mjs';

const ROOT = resolve(__dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

type Target = string | { source?: string; types?: string; import?: string; default?: string };
interface ReportFile { build: string; file: string; bytes: number; gzip: number; entryPoint?: string }
interface Closure { entry: string; bytes: number; gzip: number; files: string[]; externals: string[] }
interface Report {
  files: ReportFile[];
  summary: { kernel: Record<string, Closure> | null; entries: Record<string, Record<string, Closure>> };
}
interface Metafile {
  outputs: Record<string, { entryPoint?: string; inputs: Record<string, unknown>; imports: { path: string; kind: string; external?: boolean }[] }>;
}

/** Every public subpath whose TypeScript source exists now (so it must be built). */
const entries = Object.entries(pkg.exports as Record<string, Target>)
  .filter(([subpath]) => subpath !== './package.json')
  .map(([subpath, t]) => ({
    subpath,
    source: typeof t === 'object' ? t.source?.replace(/^\.\//, '') : undefined,
    types: typeof t === 'object' ? t.types : undefined,
    out: typeof t === 'object' ? (t.import ?? t.default) : t,
  }))
  .filter((e) => e.source && existsSync(join(ROOT, e.source)));

const specifier = (subpath: string) => `${pkg.name}${subpath.slice(1)}`;

/** Runs `code` as an ES module in a fresh Node process from the repo root. */
function runNode(code: string) {
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // no jest/ts hooks: plain Node
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** Static import specifiers of an emitted ESM file (import/export … from "x", import "x"). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*$\s{},]*?\bfrom\s*)?["']([^"']+)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) out.push(m[1]);
  return out;
}

const REACT_IMPORT = /\bfrom\s*["']react(?:-dom)?(?:\/[^"']*)?["']|\bimport\s*\(?\s*["']react(?:-dom)?(?:\/[^"']*)?["']|require\(\s*["']react/;

let buildOutput = '';
/** Per entry: the names it exports in plain Node, or why its import failed. */
let imported: Record<string, { names?: string[]; error?: string }> = {};

beforeAll(async () => {
  // the run's one build of dist/ (the packed tarball is made from it too)
  buildOutput = await builtDist();
  // Every entry imported in one plain Node process (one process per entry cost ~1 s of CPU each):
  // before each import no DOM global exists (an entry that made one would fail the next), and the
  // file URL and the package name must give the same module.
  const list = entries.map((e) => ({ subpath: e.subpath, url: pathToFileURL(join(ROOT, e.out!)).href, name: specifier(e.subpath), out: e.out }));
  const code = [
    `const list = ${JSON.stringify(list)};`,
    `const result = {};`,
    `for (const e of list) {`,
    `  try {`,
    `    if (typeof window !== 'undefined' || typeof document !== 'undefined') throw new Error('DOM globals present');`,
    `    const a = await import(e.url);`,
    `    const b = await import(e.name);`,
    `    if (a !== b) throw new Error('exports map resolves to a different module than ' + e.out);`,
    `    result[e.subpath] = { names: Object.keys(a) };`,
    `  } catch (err) {`,
    `    result[e.subpath] = { error: String(err && err.stack || err) };`,
    `  }`,
    `}`,
    `console.log(JSON.stringify(result));`,
  ].join('\n');
  const r = runNode(code);
  if (r.status !== 0) throw new Error(`the import run failed (status ${r.status}, signal ${r.signal}):\n${r.stderr}`);
  imported = JSON.parse(r.stdout.trim().split('\n').pop()!);
}, 300_000);

describe('build', () => {
  it('has the kernel entry among the exports and prints the size table', () => {
    expect(entries.map((e) => e.subpath)).toEqual(expect.arrayContaining(['.', './kernel']));
    expect(buildOutput).toMatch(/file\s+bytes\s+gzip KiB/);
    expect(buildOutput).toContain('dist/esm/kernel.js');
  });

  it('rejects contradictory flags with a non-zero exit', () => {
    const r = spawnSync(process.execPath, ['esbuild.mjs', '--lib-only', '--cdn-only'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).not.toBe(0);
  });
});

describe.each(entries)('exports entry $subpath', ({ subpath, out, types }) => {
  it('is built where package.json points', () => {
    expect(out).toMatch(/^\.\/dist\/esm\/.+\.js$/);
    expect(existsSync(join(ROOT, out!))).toBe(true);
  });

  it('has its declarations where the types condition points', () => {
    expect(types).toMatch(/^\.\/dist\/types\/.+\.d\.ts$/);
    const text = readFileSync(join(ROOT, types!), 'utf8');
    // relative specifiers name their file, as node16 resolution requires
    expect(text).not.toMatch(/from\s*['"]\.{1,2}\/(?:[^'"]*\/)?[^'"./]+['"]/);
  });

  it('imports in plain Node with no DOM, by file URL and by package name', () => {
    const result = imported[subpath];
    if (result?.error) throw new Error(`import of ${out} failed:\n${result.error}`);
    expect(result?.names?.length).toBeGreaterThan(0);
  });
});

describe('dist/size-report.json', () => {
  let report: Report;
  beforeAll(() => {
    report = JSON.parse(readFileSync(join(ROOT, 'dist/size-report.json'), 'utf8'));
  });

  it('lists every emitted .js file with its real byte and gzip -9 sizes', () => {
    expect(report.files.length).toBeGreaterThan(0);
    for (const f of report.files) {
      expect(Number.isInteger(f.bytes) && f.bytes > 0).toBe(true);
      expect(Number.isInteger(f.gzip) && f.gzip > 0).toBe(true);
      const data = readFileSync(join(ROOT, f.file));
      expect(f.bytes).toBe(data.length);
      // the gzip figure is taken with chunk hashes replaced by fixed stand-ins (so it does not
      // depend on the build folder): within a couple of bytes per chunk name of the file's own gzip
      expect(f.gzip).toBe(gzipSize(data));
      const names = new Set(data.toString('latin1').match(/-[A-Z2-7]{8}\.js/g) ?? []).size;
      const off = Math.abs(f.gzip - gzipSync(data, { level: constants.Z_BEST_COMPRESSION }).length);
      if (off > 3 + 2 * names) throw new Error(`${f.file}: reported gzip ${f.gzip} is ${off} B off its own gzip (${names} chunk names)`);
    }
    for (const e of entries) {
      expect(report.files.map((f) => f.file)).toContain(e.out!.replace(/^\.\//, ''));
    }
  });

  it("gives the kernel entry's static-import closure, matching the emitted import statements", () => {
    const k = report.summary.kernel?.esm;
    expect(k).toBeDefined();
    expect(k!.entry).toBe('dist/esm/kernel.js');
    // Follow relative static imports in the emitted files ourselves.
    const seen = new Set<string>();
    const queue = [k!.entry];
    while (queue.length) {
      const file = queue.shift()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const spec of staticImports(readFileSync(join(ROOT, file), 'utf8'))) {
        if (spec.startsWith('.')) queue.push(join(file, '..', spec).split('\\').join('/'));
      }
    }
    expect([...k!.files].sort()).toEqual([...seen].sort());
    const gz = report.files.filter((f) => seen.has(f.file)).reduce((n, f) => n + f.gzip, 0);
    expect(k!.gzip).toBe(gz);
  });

  it('the kernel closure imports no React, in the library and the CDN build', () => {
    for (const build of ['esm', 'cdn']) {
      const k = report.summary.kernel?.[build];
      expect(k).toBeDefined();
      expect(k!.externals.filter((x) => /^react(-dom)?(\/|$)/.test(x))).toEqual([]);
      for (const file of k!.files) {
        expect(readFileSync(join(ROOT, file), 'utf8')).not.toMatch(REACT_IMPORT);
      }
    }
  });
});

describe('client boundaries (React Server Components)', () => {
  it('start the entries that reach React with "use client", and only those (no chunk, no server-safe entry)', () => {
    const report = JSON.parse(readFileSync(join(ROOT, 'dist/size-report.json'), 'utf8')) as Report;
    const client: string[] = [];
    for (const e of entries) {
      const closure = report.summary.entries[e.subpath]!.esm!;
      const reachesReact = closure.externals.some((x) => /^react(-dom)?(\/|$)/.test(x));
      const code = readFileSync(join(ROOT, e.out!), 'utf8');
      expect([e.subpath, code.startsWith('"use client";\n')]).toEqual([e.subpath, reachesReact]);
      if (reachesReact) client.push(e.subpath);
    }
    expect(client).toEqual(expect.arrayContaining(['./react', './element', './ui']));
    expect(client).not.toContain('.');
    const chunks = report.files.filter((f) => f.build === 'esm' && f.file.startsWith('dist/esm/chunks/'));
    expect(chunks.length).toBeGreaterThan(0);
    for (const f of chunks) expect(readFileSync(join(ROOT, f.file), 'utf8')).not.toMatch(/^["']use client["']/);
  });
});

describe('CDN build', () => {
  let meta: Metafile;
  let report: Report;
  beforeAll(() => {
    meta = JSON.parse(readFileSync(join(ROOT, 'dist/cdn/metafile.json'), 'utf8'));
    report = JSON.parse(readFileSync(join(ROOT, 'dist/size-report.json'), 'utf8'));
  });

  it('bundles every module once (one copy of the kernel, inversify, rxjs for all plugins)', () => {
    const where = new Map<string, string[]>();
    for (const [out, o] of Object.entries(meta.outputs)) {
      if (!out.endsWith('.js')) continue;
      for (const input of Object.keys(o.inputs)) where.set(input, [...(where.get(input) ?? []), out]);
    }
    expect(where.get('kernel/store.ts')).toHaveLength(1);
    expect([...where].filter(([, outs]) => outs.length > 1)).toEqual([]);
  });

  it("makes each plugin bundle import the kernel's chunks instead of its own kernel", () => {
    const kernel = report.summary.kernel?.cdn;
    expect(kernel).toBeDefined();
    for (const e of entries.filter((x) => x.subpath.startsWith('./plugins/'))) {
      const c = report.summary.entries[e.subpath]?.cdn;
      expect(c).toBeDefined();
      const withKernelCode = c!.files.filter((f) => Object.keys(meta.outputs[f].inputs).some((i) => i.startsWith('kernel/')));
      for (const f of withKernelCode) expect(kernel!.files).toContain(f);
      expect(c!.files).not.toContain(kernel!.entry);
    }
  });

  it("bundles React, once, where no kernel file reaches it; leaves only the host's wagmi external", () => {
    const ext = new Set<string>();
    for (const o of Object.values(meta.outputs)) for (const i of o.imports) if (i.external) ext.add(i.path);
    for (const x of ext) expect(x).toMatch(/^@wagmi\/core(\/|$)/);
    const withReact = (f: string) => Object.keys(meta.outputs[f]?.inputs ?? {}).some((i) => /node_modules\/react(-dom)?\//.test(i));
    const reactFiles = Object.keys(meta.outputs).filter((f) => f.endsWith('.js') && withReact(f));
    expect(reactFiles.length).toBeGreaterThan(0);
    for (const f of report.summary.kernel!.cdn!.files) expect(withReact(f)).toBe(false);
    // the element entry's static closure holds React (a page needs nothing else)
    const element = report.summary.entries['./element']?.cdn;
    expect(element).toBeDefined();
    expect(element!.entry).toBe('dist/cdn/element.js');
    expect(element!.files.some(withReact)).toBe(true);
  });

  it("gives each plugin bundle the element's kernel chunks (the kernel loads once on an element page)", () => {
    const element = report.summary.entries['./element']!.cdn!;
    let withKernel = 0;
    for (const e of entries.filter((x) => x.subpath.startsWith('./plugins/'))) {
      const c = report.summary.entries[e.subpath]!.cdn!;
      // a manifest that only imports the kernel's types (its start code imports the rest) has none
      const kernelFiles = c.files.filter((f) => Object.keys(meta.outputs[f].inputs).some((i) => i.startsWith('kernel/')));
      if (kernelFiles.length > 0) withKernel++;
      for (const f of kernelFiles) expect(element.files).toContain(f);
    }
    expect(withKernel).toBeGreaterThan(0);
  });
});

describe('dist/latchkey.css (latchkey/styles.css)', () => {
  it('holds the rules the UI adopts at run time, in order, and the exports map resolves to it', () => {
    const { BASE_CSS } = require('../ui/shell/css/base') as typeof import('../ui/shell/css/base');
    const { MODAL_CSS } = require('../ui/shell/css/modal') as typeof import('../ui/shell/css/modal');
    const css = readFileSync(join(ROOT, 'dist/latchkey.css'), 'utf8');
    expect(css.replace(/^\/\*[^]*?\*\/\n/, '')).toBe(BASE_CSS + MODAL_CSS);
    expect(pkg.exports['./styles.css']).toBe('./dist/latchkey.css');
    const r = runNode(`console.log(import.meta.resolve('latchkey/styles.css'))`);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(pathToFileURL(join(ROOT, 'dist/latchkey.css')).href);
  });
});

describe('what the React entry leaves to later chunks', () => {
  it("neither the modal's rules nor the chain marks are in its static closure (they load with the modal and the network views)", () => {
    const report = JSON.parse(readFileSync(join(ROOT, 'dist/size-report.json'), 'utf8')) as Report;
    for (const build of ['esm', 'cdn']) {
      const closure = report.summary.entries['./react']![build]!;
      const code = closure.files.map((f) => readFileSync(join(ROOT, f), 'utf8')).join('\n');
      expect(code).toContain('lk-hostbtn'); // the base sheet is there
      expect(code).not.toContain('.lk-overlay{'); // the modal's rules are not
      expect(code).not.toContain('627EEA'); // nor the chain marks
      const all = report.files.filter((f) => f.build === build).map((f) => readFileSync(join(ROOT, f.file), 'utf8'));
      expect(all.some((c) => c.includes('.lk-overlay{'))).toBe(true);
      expect(all.some((c) => c.includes('627EEA'))).toBe(true);
    }
  });

  it('the icon set and the brand marks (ui/icons) load with the views that draw them: no entry carries them but latchkey/ui/icons and latchkey/ui/tokens', () => {
    const report = JSON.parse(readFileSync(join(ROOT, 'dist/size-report.json'), 'utf8')) as Report;
    for (const build of ['esm', 'cdn']) {
      const metafile = JSON.parse(readFileSync(join(ROOT, `dist/${build}/metafile.json`), 'utf8')) as Metafile;
      const carrying: string[] = [];
      for (const [subpath, closures] of Object.entries(report.summary.entries)) {
        const closure = closures[build];
        if (!closure) continue;
        const inputs = closure.files.flatMap((f) => Object.keys(metafile.outputs[f]?.inputs ?? {}));
        if (inputs.some((i) => i.startsWith('ui/icons/'))) carrying.push(subpath);
      }
      expect(carrying.sort()).toEqual(['./ui/icons', './ui/tokens']);
      // and they are built: later chunks hold the set and the social, on-ramp and token marks
      const built = report.files.filter((f) => f.build === build).flatMap((f) => Object.keys(metafile.outputs[f.file]?.inputs ?? {}));
      for (const file of ['ui/icons/set.tsx', 'ui/icons/social.ts', 'ui/icons/onramp.ts', 'ui/icons/tokens.ts']) expect(built).toContain(file);
    }
  });
});
