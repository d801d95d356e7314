/**
 * The jest runtime of this repository (scripts/test/shared-compile-runtime.cjs) compiles a module
 * once per worker and still gives every test file its own instance of it. A throwaway project of
 * plain CommonJS files runs under jest in one process (--runInBand: one worker's life).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = join(__dirname, '..', '..');
const RUNTIME = join(__dirname, 'shared-compile-runtime.cjs');

interface JestJson {
  testResults: { name: string; status: string; message: string }[];
}

let dir: string;
let results: Map<string, { status: string; message: string }>;
let stats: { compiles: Record<string, number>; reads: Record<string, number> };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lk-runtime-'));
  const files: Record<string, string> = {
    'counter.js': 'let n = 0;\nexports.next = () => ++n;\nexports.global = () => globalThis;\n',
    // a package: read once by the worker, still a fresh instance per file
    'node_modules/dep/index.js': "module.exports = { state: [] };\n",
    'node_modules/dep/package.json': '{ "name": "dep", "main": "index.js" }',
    // files jest's own compile reports: ESM syntax in a CommonJS file, a syntax error
    'esm.js': 'export const x = 1;\n',
    'broken.js': 'const = 1;\n',
    ...Object.fromEntries(['a', 'b'].map((name) => [`${name}.test.js`, [
      "const counter = require('./counter');",
      "const dep = require('dep');",
      "test('a fresh instance, in this file\\'s context', () => {",
      '  expect(dep.state).toEqual([]);',
      "  dep.state.push('used');",
      '  expect(counter.next()).toBe(1);',
      '  expect(counter.next()).toBe(2);',
      '  expect(counter.global()).toBe(globalThis);',
      '});',
    ].join('\n')])),
    'reset.test.js': [
      "test('resetModules gives a fresh instance', () => {",
      "  const first = require('./counter');",
      '  first.next();',
      '  jest.resetModules();',
      "  const second = require('./counter');",
      '  expect(second).not.toBe(first);',
      '  expect(second.next()).toBe(1);',
      '});',
    ].join('\n'),
    'lines.test.js': [
      "test('stack lines and columns are the source\\'s', () => {",
      "  const error = new Error('here');",
      '  expect(error.stack).toMatch(/lines\\.test\\.js:2:17\\)/);',
      '});',
    ].join('\n'),
    'esm.test.js': "test('loads', () => { require('./esm'); });\n",
    'broken.test.js': "test('loads', () => { require('./broken'); });\n",
    'jest.config.json': JSON.stringify({ rootDir: dir, runtime: RUNTIME, testEnvironment: 'node', transform: {} }),
  };
  mkdirSync(join(dir, 'node_modules/dep'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const json = join(dir, 'result.json');
  const statsFile = join(dir, 'stats.jsonl');
  spawnSync(process.execPath, [join(REPO, 'node_modules/jest/bin/jest.js'), '--config', join(dir, 'jest.config.json'), '--runInBand', '--ci', '--json', '--outputFile', json], {
    cwd: REPO,
    env: { ...process.env, LATCHKEY_JEST_COMPILE_STATS: statsFile },
    encoding: 'utf8',
  });
  const run = JSON.parse(readFileSync(json, 'utf8')) as JestJson;
  results = new Map(run.testResults.map((r) => [r.name.slice(dir.length + 1), r]));
  const lines = readFileSync(statsFile, 'utf8').trim().split('\n');
  expect(lines).toHaveLength(1); // one process
  stats = JSON.parse(lines[0]!) as typeof stats;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('gives each test file, and each resetModules, a fresh instance of a module', () => {
  for (const name of ['a.test.js', 'b.test.js', 'reset.test.js']) expect([name, results.get(name)?.status, results.get(name)?.message]).toEqual([name, 'passed', '']);
});

it('compiles a module once for the files that load it, and reads a package file once', () => {
  expect(stats.compiles[join(dir, 'counter.js')]).toBe(1);
  expect(stats.compiles[join(dir, 'node_modules/dep/index.js')]).toBe(1);
  expect(stats.reads[join(dir, 'node_modules/dep/index.js')]).toBe(1);
});

it('keeps stack lines and columns as in the source', () => {
  expect(results.get('lines.test.js')?.status).toBe('passed');
});

it("leaves a file jest cannot compile to jest's own errors", () => {
  expect(results.get('esm.test.js')?.status).toBe('failed');
  expect(results.get('esm.test.js')?.message).toContain('Must use import to load ES Module');
  expect(results.get('broken.test.js')?.status).toBe('failed');
  expect(results.get('broken.test.js')?.message).toContain('SyntaxError');
});
