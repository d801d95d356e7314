import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { cacheKey, compileContracts, readSources } from './compile';

describe('contract compilation cache', () => {
  it('keys by sources and compiler version, not by file order', () => {
    const k = cacheKey({ 'A.sol': 'a', 'B.sol': 'b' }, '0.8.37');
    expect(cacheKey({ 'B.sol': 'b', 'A.sol': 'a' }, '0.8.37')).toBe(k);
    expect(cacheKey({ 'A.sol': 'a ', 'B.sol': 'b' }, '0.8.37')).not.toBe(k);
    expect(cacheKey({ 'A.sol': 'a', 'B.sol': 'b' }, '0.8.38')).not.toBe(k);
  });

  it('reads the repository contracts', async () => {
    expect(Object.keys(await readSources(__dirname))).toEqual(['DevSmartAccount.sol', 'LatchkeyDevKeys.sol', 'LatchkeyDevToken.sol']);
  });

  it('serves a second compile of the same sources from the cache file, and recompiles on a change', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lk-solc-'));
    try {
      const src = join(dir, 'src');
      const cache = join(dir, 'cache');
      mkdirSync(src);
      const text = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract Tiny { uint256 public x = 1; }\n';
      writeFileSync(join(src, 'Tiny.sol'), text);
      const first = await compileContracts({ sourcesDir: src, cacheDir: cache });
      expect(first.cached).toBe(false);
      expect(first.contracts.Tiny!.bytecode).toMatch(/^0x[0-9a-f]+$/);
      const second = await compileContracts({ sourcesDir: src, cacheDir: cache });
      expect(second.cached).toBe(true);
      expect(second.contracts).toEqual(first.contracts);
      expect(JSON.parse(readFileSync(second.cacheFile, 'utf8')).Tiny.abi).toEqual(first.contracts.Tiny!.abi);
      writeFileSync(join(src, 'Tiny.sol'), text.replace('= 1', '= 2'));
      const third = await compileContracts({ sourcesDir: src, cacheDir: cache });
      expect(third.cached).toBe(false);
      expect(third.cacheFile).not.toBe(first.cacheFile);
      writeFileSync(join(src, 'Tiny.sol'), 'contract Broken {');
      await expect(compileContracts({ sourcesDir: src, cacheDir: cache })).rejects.toThrow('solc failed');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('compiles once when two callers miss the cache together: the second reads what the first wrote', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lk-solc-'));
    try {
      const src = join(dir, 'src');
      mkdirSync(src);
      writeFileSync(join(src, 'Tiny.sol'), '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract Tiny { uint256 public x = 3; }\n');
      const options = { sourcesDir: src, cacheDir: join(dir, 'cache') };
      const both = await Promise.all([compileContracts(options), compileContracts(options)]);
      expect(both.map((r) => r.cached).sort()).toEqual([false, true]);
      expect(both[0]!.contracts).toEqual(both[1]!.contracts);
      expect(readdirSync(options.cacheDir)).toEqual([basename(both[0]!.cacheFile)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
