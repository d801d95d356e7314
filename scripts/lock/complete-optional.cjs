#!/usr/bin/env node
// Completes package-lock.json with the other platforms' optional binaries.
//
// npm writes a lock entry only for packages whose manifest it could fetch. The registry
// these machines reach lacks some platform binaries (e.g. @foundry-rs/anvil-darwin-amd64),
// so a lock written here misses them, and `npm ci` on a fresh clone then refuses the lock
// ("Missing: … from lock file"). For every optional dependency the lock names but does not
// list, this adds an entry with the version asked for and the os / cpu / libc read off the
// package name (`-darwin-arm64`, `-linux-x64-gnu`, `-win32-ia32-msvc`, …), so npm knows the
// package is for another platform and skips it, as it does for the entries it wrote itself.
//
//   node scripts/lock/complete-optional.cjs           fix the lock in place
//   node scripts/lock/complete-optional.cjs --check   exit 1 (and list them) if entries are missing
// CommonJS so that jest (CommonJS mode) can require it too.
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..', '..');
const LOCK = join(ROOT, 'package-lock.json');

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = { amd64: 'x64', x64: 'x64', x86_64: 'x64', arm64: 'arm64', aarch64: 'arm64', ia32: 'ia32', x86: 'ia32', arm: 'arm', ppc64: 'ppc64', s390x: 's390x', riscv64: 'riscv64', loong64: 'loong64', mips64el: 'mips64el' };

/** os, cpu and libc of a platform binary package, from its name; undefined when the name says no platform. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpuPart = parts.find((p) => p in CPU);
  if (!os || !cpuPart) return undefined;
  const out = { os: [os], cpu: [CPU[cpuPart]] };
  if (os === 'linux') {
    if (parts.some((p) => p.startsWith('musl'))) out.libc = ['musl'];
    else if (parts.some((p) => p.startsWith('gnu'))) out.libc = ['glibc'];
  }
  return out;
}

/** Entries to add: [lockPath, entry] for every optional dependency the lock names but lacks. */
function missingOptional(lock) {
  const pkgs = lock.packages ?? {};
  const add = [];
  for (const [path, entry] of Object.entries(pkgs)) {
    for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
      // Node's lookup: the dependent's own node_modules, then each parent's, up to the root.
      const candidates = [];
      let base = path;
      for (;;) {
        candidates.push(`${base ? `${base}/` : ''}node_modules/${dep}`);
        if (!base) break;
        const i = base.lastIndexOf('/node_modules/');
        base = i < 0 ? '' : base.slice(0, i);
      }
      if (candidates.some((c) => pkgs[c])) continue;
      const platform = platformOf(dep);
      const version = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range) ? range : undefined;
      if (!platform || !version) continue; // not a platform binary with a pinned version: leave it to npm
      const at = `node_modules/${dep}`;
      if (add.some(([p]) => p === at)) continue;
      add.push([at, { version, license: entry.license, optional: true, ...platform }]);
    }
  }
  return add;
}

module.exports = { platformOf, missingOptional };

if (require.main === module) {
  const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
  const add = missingOptional(lock);
  if (process.argv.includes('--check')) {
    if (add.length) {
      console.error(`package-lock.json lacks ${add.length} optional platform packages (run node scripts/lock/complete-optional.cjs):`);
      for (const [p] of add) console.error(`  ${p}`);
      process.exit(1);
    }
    process.exit(0);
  }
  for (const [path, entry] of add) lock.packages[path] = Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined));
  // npm keeps packages sorted by path.
  const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  lock.packages = sorted;
  writeFileSync(LOCK, JSON.stringify(lock, null, 2) + '\n');
  console.log(`package-lock.json: added ${add.length} optional platform package entr${add.length === 1 ? 'y' : 'ies'}`);
}
