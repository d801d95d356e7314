/**
 * What the deploy scripts share: their error (one class, a subclass per script for its name) and
 * reading the compiled artifacts that npm packages publish (abi + creation bytecode), which the
 * exchange, ENS and ERC-4337 deploys use instead of recompiling.
 *
 * No `import.meta` / `__dirname` here: these modules run both in jest (CommonJS) and in the
 * esbuild ESM bundle of the stack, so callers pass the folder the packages resolve from.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Abi, Hex } from 'viem';

/** A compiled contract: its ABI and creation bytecode. */
export interface Artifact {
  readonly abi: Abi;
  readonly bytecode: Hex;
}

/** A deploy script's failure; each script's subclass carries its own name (`EnsDeployError`, …). */
export class DeployError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The package a module path is in: `@scope/name` or `name`. */
function packageOf(path: string): string {
  const parts = path.split('/');
  return parts.slice(0, path.startsWith('@') ? 2 : 1).join('/');
}

/**
 * Reads each artifact of `paths` (name → module path of a JSON artifact) as `resolveFrom` (default:
 * the working directory) resolves it. Bytecode with or without its 0x (truffle writes both) comes
 * back with it. A missing package, or an artifact without abi or bytecode, throws a `Failure`.
 */
export function loadArtifacts<K extends string>(
  paths: Readonly<Record<K, string>>,
  Failure: new (message: string, options?: { cause?: unknown }) => DeployError,
  resolveFrom: string = process.cwd(),
): Record<K, Artifact> {
  const load = createRequire(join(resolveFrom, 'noop.js'));
  const out = {} as Record<K, Artifact>;
  for (const [name, path] of Object.entries(paths) as [K, string][]) {
    let raw: { abi?: unknown; bytecode?: unknown };
    try {
      raw = load(path) as typeof raw;
    } catch (cause) {
      throw new Failure(`cannot load ${path} (is ${packageOf(path)} installed?)`, { cause });
    }
    const hex = typeof raw.bytecode === 'string' ? raw.bytecode.replace(/^0x/, '') : '';
    if (!Array.isArray(raw.abi) || !/^[0-9a-f]+$/i.test(hex)) throw new Failure(`${path} has no abi or bytecode`);
    out[name] = { abi: raw.abi as Abi, bytecode: `0x${hex}` };
  }
  return out;
}
