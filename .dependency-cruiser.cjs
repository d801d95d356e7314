/**
 * The house rules on imports, checked by `npm test` (scripts/checks/rules.int.test.ts):
 *   npx depcruise kernel plugins ui samples tests scripts --config .dependency-cruiser.cjs
 *
 * - no import cycles anywhere;
 * - kernel/ is headless: no React, no ui/, no plugins/;
 * - a plugin imports only the kernel's and ui's public entries and its own files (tests may
 *   also use the kernel's and ui's test kits), never another plugin;
 * - ui/ reaches the kernel through its public entries only;
 * - kernel/, plugins/ and ui/ never import samples/ (the demo and the local stack are not
 *   shipped; test kits that need the relay live in tests/).
 */
const PUBLIC_KERNEL = '^kernel/(index\\.ts|errors/index\\.ts|networks\\.ts|directory/index\\.ts|encoding/index\\.ts|eip155/index\\.ts|signIn\\.ts)$';
const TEST_FILE = '\\.(test|int\\.test|e2e\\.test|dom\\.test)\\.tsx?$|/testing/|/fixtures/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle: modules that need each other load in an order that depends on who imports first.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'kernel-headless',
      comment: 'kernel/ must not import React, the UI or a plugin (it runs on servers and in headless hosts).',
      severity: 'error',
      from: { path: '^kernel/' },
      to: { path: ['^ui/', '^plugins/', '(^|/)node_modules/(react|react-dom)/'] },
    },
    {
      name: 'plugin-public-kernel-only',
      comment: 'A plugin imports the kernel only through its public entries (kernel/index.ts, errors, networks, directory, encoding, eip155, signin).',
      severity: 'error',
      from: { path: '^plugins/', pathNot: TEST_FILE },
      to: { path: '^kernel/', pathNot: PUBLIC_KERNEL },
    },
    {
      name: 'plugin-test-kits',
      comment: "A plugin's tests may use the kernel's and ui's test kits besides the public entries.",
      severity: 'error',
      from: { path: ['^plugins/.+\\.(test|dom\\.test)\\.tsx?$', '^plugins/[^/]+/testing/'] },
      to: { path: '^kernel/', pathNot: [PUBLIC_KERNEL, '^kernel/testing/', '^kernel/services/[A-Za-z]+\\.ts$'] },
    },
    {
      name: 'plugin-public-ui-only',
      comment: 'A plugin imports ui/ only through its public entries: ui/index.ts (its primitives), ui/qr/index.ts (the QR code), ui/icons/index.ts (the icon set and brand marks) and ui/tokens/index.ts (the token chooser).',
      severity: 'error',
      from: { path: '^plugins/', pathNot: TEST_FILE },
      to: { path: '^ui/', pathNot: '^ui/(index|qr/index|icons/index|tokens/index)\\.ts$' },
    },
    {
      name: 'plugin-no-other-plugin',
      comment: "A plugin never imports another plugin's files.",
      severity: 'error',
      from: { path: '^plugins/([^/]+)/' },
      to: { path: '^plugins/', pathNot: '^plugins/$1/' },
    },
    {
      name: 'ui-public-kernel-only',
      comment: 'ui/ reaches the kernel through its public entries (tests may use the kernel test kit).',
      severity: 'error',
      from: { path: '^ui/', pathNot: TEST_FILE },
      to: { path: '^kernel/', pathNot: PUBLIC_KERNEL },
    },
    {
      name: 'ui-no-plugin',
      comment: 'ui/ names no plugin: plugins contribute to it, not the other way round.',
      severity: 'error',
      from: { path: '^ui/' },
      to: { path: '^plugins/' },
    },
    {
      name: 'shipped-code-no-samples',
      comment: 'kernel/, plugins/ and ui/ (tests included) never import samples/: it is not shipped.',
      severity: 'error',
      from: { path: '^(kernel|plugins|ui)/' },
      to: { path: '^samples/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|artifacts)/|^tests/fixtures/import-rules/' },
    tsPreCompilationDeps: true,
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
    // Our code imports the package by its name ('latchkey', 'latchkey/ui', …); the aliases there resolve it to the sources.
    webpackConfig: { fileName: require('node:path').join(__dirname, 'scripts/build/depcruise.resolve.cjs') },
  },
};
