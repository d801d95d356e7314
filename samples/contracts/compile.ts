/**
 * Compiles the dev-stack contracts (samples/contracts/*.sol) with solc-js from npm, with an on-disk
 * cache keyed by the sources, the compiler version and the settings: a restart with unchanged
 * sources reads one JSON file and never loads the compiler (~1.5 s saved). Processes that miss
 * the cache together compile once (a lock; the others wait for its file).
 *
 * No `import.meta` / `__dirname` here: this module runs both in jest (CommonJS) and in the
 * esbuild ESM bundle, so callers pass the folders.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Abi, Hex } from 'viem';
import { makeOnce } from '../shared/make-once.mjs';

export interface CompiledContract {
  readonly abi: Abi;
  readonly bytecode: Hex;
}

export type CompiledContracts = Readonly<Record<string, CompiledContract>>;

export interface CompileOptions {
  /** Folder holding the .sol files (every one is compiled). */
  readonly sourcesDir: string;
  /** Folder for the cache files; created when missing. */
  readonly cacheDir: string;
}

export interface CompileResult {
  readonly contracts: CompiledContracts;
  /** True when read from the cache (the compiler was not loaded). */
  readonly cached: boolean;
  readonly ms: number;
  readonly cacheFile: string;
}

/** Settings passed to solc; part of the cache key. `cancun` runs on anvil's default hardfork. */
export const SOLC_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const;

export class ContractCompileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractCompileError';
  }
}

/**
 * Loads `id` with a CommonJS `require` resolving from `dir`, else from the working directory
 * (works from jest's CommonJS and from ESM, where there is no `require`).
 */
function requireFrom(dir: string, id: string): unknown {
  let first: unknown;
  for (const base of [dir, process.cwd()]) {
    try {
      return createRequire(join(base, 'noop.js'))(id);
    } catch (err) {
      first ??= err;
    }
  }
  throw new ContractCompileError(`cannot load ${id} (is solc installed?): ${(first as Error)?.message ?? first}`);
}

/** The installed solc-js version (part of the key), read without loading the 8 MB compiler. */
function solcPackageVersion(dir: string): string {
  const pkg = requireFrom(dir, 'solc/package.json') as { version?: string };
  return pkg.version ?? 'unknown';
}

/** Reads every .sol file of `dir`, sorted by name. */
export async function readSources(dir: string): Promise<Record<string, string>> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sol')).sort();
  if (files.length === 0) throw new ContractCompileError(`no .sol files in ${dir}`);
  const out: Record<string, string> = {};
  for (const f of files) out[f] = await readFile(join(dir, f), 'utf8');
  return out;
}

export function cacheKey(sources: Record<string, string>, compilerVersion: string): string {
  const h = createHash('sha256');
  h.update(compilerVersion).update('\0').update(JSON.stringify(SOLC_SETTINGS));
  for (const [name, text] of Object.entries(sources).sort(([a], [b]) => (a < b ? -1 : 1))) {
    h.update('\0').update(name).update('\0').update(text);
  }
  return h.digest('hex').slice(0, 32);
}

export async function compileContracts(options: CompileOptions): Promise<CompileResult> {
  const started = Date.now();
  const sources = await readSources(options.sourcesDir);
  const key = cacheKey(sources, solcPackageVersion(options.sourcesDir));
  const cacheFile = join(options.cacheDir, `contracts-${key}.json`);
  const cached = async () => {
    try {
      return parseCache(await readFile(cacheFile, 'utf8'));
    } catch {
      return undefined; // missing or unreadable cache: compile
    }
  };
  await mkdir(options.cacheDir, { recursive: true });
  // one compiler per cache file: a fresh clone's run starts several stacks at once (~6 s of CPU each)
  const { value: contracts, made } = await makeOnce(`${cacheFile}.lock`, cached, async () => {
    const compiled = runSolc(sources, options.sourcesDir);
    // write then rename: a concurrent reader never sees half a file
    const tmp = `${cacheFile}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, JSON.stringify(compiled));
    await rename(tmp, cacheFile);
    return compiled;
  });
  return { contracts, cached: !made, ms: Date.now() - started, cacheFile };
}

function parseCache(text: string): CompiledContracts {
  const data = JSON.parse(text) as Record<string, { abi?: unknown; bytecode?: unknown }>;
  const out: Record<string, CompiledContract> = {};
  for (const [name, c] of Object.entries(data)) {
    if (!Array.isArray(c.abi) || typeof c.bytecode !== 'string' || !/^0x[0-9a-f]+$/i.test(c.bytecode)) {
      throw new Error(`bad cache entry ${name}`);
    }
    out[name] = { abi: c.abi as Abi, bytecode: c.bytecode as Hex };
  }
  if (Object.keys(out).length === 0) throw new Error('empty cache');
  return out;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage?: string; message: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

function runSolc(sources: Record<string, string>, dir: string): CompiledContracts {
  const mod = requireFrom(dir, 'solc') as { compile?: (input: string) => string };
  const compile = mod.compile?.bind(mod);
  if (typeof compile !== 'function') throw new ContractCompileError('solc-js did not load (no compile function)');
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: SOLC_SETTINGS,
  };
  const output = JSON.parse(compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) {
    throw new ContractCompileError(`solc failed:\n${errors.map((e) => e.formattedMessage ?? e.message).join('\n')}`);
  }
  const out: Record<string, CompiledContract> = {};
  for (const file of Object.values(output.contracts ?? {})) {
    for (const [name, c] of Object.entries(file)) {
      if (!c.evm.bytecode.object) continue; // interfaces
      out[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` as Hex };
    }
  }
  return out;
}
