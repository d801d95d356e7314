// Resolves 'latchkey' and 'latchkey/…' to this repository's TypeScript sources, for every
// esbuild build that bundles our code (the library, the demo, test scenarios). Our plugins
// import the package by its name, exactly as a third-party plugin does; the `source`
// condition of each package.json export names the file. CommonJS, so that jest (CommonJS
// mode) can load it as well as the .mjs build scripts.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..', '..');

/** 'latchkey' / 'latchkey/ui' / … → absolute source path, from package.json exports. */
function latchkeySources(root = ROOT) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const map = new Map();
  for (const [subpath, target] of Object.entries(pkg.exports || {})) {
    if (typeof target !== 'object' || !target || !target.source) continue;
    map.set(subpath === '.' ? 'latchkey' : `latchkey/${subpath.slice(2)}`, join(root, target.source));
  }
  return map;
}

/** esbuild plugin: the package's own name resolves to its sources. */
function latchkeySourcePlugin(root = ROOT) {
  const sources = latchkeySources(root);
  return {
    name: 'latchkey-source',
    setup(b) {
      b.onResolve({ filter: /^latchkey(\/|$)/ }, (args) => {
        const path = sources.get(args.path);
        return path ? { path } : { errors: [{ text: `latchkey has no export '${args.path}'` }] };
      });
    },
  };
}

module.exports = { latchkeySources, latchkeySourcePlugin };
