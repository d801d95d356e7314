/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const transform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': [
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
// ESM-only packages that must be transformed for jest's CommonJS mode.
const transformIgnorePatterns = ['/node_modules/(?!(\\.pnpm|@noble|@scure|micro-packed|inversify|@inversifyjs|viem|ox|abitype)/)'];
const common = { transform, transformIgnorePatterns, moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'] };

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
      testPathIgnorePatterns: ['\\.int\\.test\\.ts$', '\\.e2e\\.test\\.ts$', '\\.dom\\.test\\.ts$'],
    },
    {
      ...common,
      displayName: 'dom',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/{kernel,plugins,ui}/**/*.test.tsx', '<rootDir>/{kernel,plugins,ui}/**/*.dom.test.ts'],
    },
    {
      ...common,
      displayName: 'int',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.int.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.e2e.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
    },
  ],
};

export default config;
