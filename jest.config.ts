/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const transform: Config['transform'] = {
  // .mjs: the plain-JS servers' modules (samples/shared, samples/relay); .cjs: PGlite's CommonJS build, whose dynamic import() calls must become require() under jest
  '^.+\\.((t|j)sx?|cjs|mjs)$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true, decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: false, react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};
// ESM-only packages that must be transformed for jest's CommonJS mode. Packages that ship a
// CommonJS build (viem, ox, abitype, inversify) load it as they are: transforming them cost a
// fresh clone's cold cache about 70 % more CPU in the files that use them (plugins/evm and
// kernel/eip155: 15.8 s against 9.1 s warm; 10.1 s cold without).
const transformIgnorePatterns = ['/node_modules/(?!(\\.pnpm|@noble|@scure|@electric-sql|micro-packed|jose)/)'];
/**
 * `latchkey` and `latchkey/…` resolve to the sources, from package.json's exports (their
 * `source` condition): code in this repository can import the package by its name, as a
 * third-party plugin does (TypeScript resolves the same names by package self-reference).
 */
const pkg = JSON.parse(readFileSync(join(__dirname, 'package.json'), 'utf8')) as { exports: Record<string, { source?: string } | string> };
const moduleNameMapper: Record<string, string> = {};
for (const [subpath, target] of Object.entries(pkg.exports)) {
  if (typeof target !== 'object' || !target.source) continue;
  const name = subpath === '.' ? 'latchkey' : `latchkey/${subpath.slice(2)}`;
  moduleNameMapper[`^${name.replace(/[/.]/g, '\\$&')}$`] = `<rootDir>/${target.source.slice(2)}`;
}

/**
 * jest's runtime with each module compiled once per worker, not once per test file
 * (scripts/test/shared-compile-runtime.cjs); LATCHKEY_JEST_SHARED_COMPILE=0 runs jest's own, to compare.
 */
const runtime = process.env.LATCHKEY_JEST_SHARED_COMPILE === '0' ? {} : { runtime: '<rootDir>/scripts/test/shared-compile-runtime.cjs' };
const common = { transform, transformIgnorePatterns, moduleNameMapper, moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'], ...runtime };

/**
 * Three projects:
 * - unit: fast tests, fakes allowed (`*.test.ts(x)`), jsdom for `.tsx`/`*.dom.test.ts`;
 * - int: tests against real local parts in Node (HTTP servers, anvil, relay): `*.int.test.ts`;
 * - e2e: the demo stack in Debian's Chromium: `*.e2e.test.ts`.
 */
const config: Config = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{kernel,plugins,ui,samples,scripts}/**/*.test.ts'],
      // the third-party sample runs its own node:test suite (tests/e2e/third-party-plugin.e2e.test.ts)
      testPathIgnorePatterns: ['\\.int\\.test\\.ts$', '\\.e2e\\.test\\.ts$', '\\.dom\\.test\\.ts$', '/samples/third-party-plugin/'],
    },
    {
      ...common,
      displayName: 'dom',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/{kernel,plugins,ui,tests}/**/*.test.tsx', '<rootDir>/{kernel,plugins,ui,tests}/**/*.dom.test.ts'],
    },
    {
      ...common,
      displayName: 'int',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.int.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/samples/third-party-plugin/'],
    },
    {
      ...common,
      displayName: 'e2e',
      // node, waiting for the worker's shared stack first (tests/support/e2eEnvironment.ts)
      testEnvironment: '<rootDir>/tests/support/e2eEnvironment.ts',
      setupFilesAfterEnv: ['<rootDir>/tests/support/e2eTimeout.ts'],
      testMatch: ['<rootDir>/**/*.e2e.test.ts'],
      // the run's shared stacks, one per worker (tests/support/sharedStacks.ts)
      globalSetup: '<rootDir>/tests/support/e2eGlobalSetup.ts',
      globalTeardown: '<rootDir>/tests/support/e2eGlobalTeardown.ts',
      testPathIgnorePatterns: ['/node_modules/', '/samples/third-party-plugin/'],
    },
  ],
};

export default config;
