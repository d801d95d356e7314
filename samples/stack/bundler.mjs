// The stack's ERC-4337 parts on chain 31337: the EntryPoint v0.8 and the SimpleAccountFactory from the
// published @account-abstraction/contracts artifacts (samples/contracts/accountAbstraction.ts, at their
// public addresses), and a real bundler, Pimlico's Alto (@pimlico/alto), as a child process.
//
// Alto's CLI loads ~3 s of modules (OpenTelemetry, Sentry, …) before it does anything; bundled into one
// file with esbuild it starts in under a second. The bundle is made once per Alto and esbuild version
// into .cache/alto/ (~5 s) and reused. The bundler's keys (executor, utility, deployer) are fresh each
// start and funded with anvil_setBalance: no dev account of anvil is used, so their nonces stay as the
// other parts expect them. Alto runs with safe mode off (anvil has no JavaScript tracer for the
// ERC-7562 checks); it still simulates every user operation against the EntryPoint.
import { createRequire } from 'node:module';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { isPortTaken } from './anvil.mjs';
import { loadTs, REPO_ROOT } from './load-ts.mjs';
import { nodeRpc } from './rpc.mjs';
import { runChild, waitUntilAnswering } from '../shared/child.mjs';
import { makeOnce } from '../shared/make-once.mjs';

const require = createRequire(import.meta.url);
const CACHE_DIR = join(REPO_ROOT, '.cache', 'alto');
/**
 * Where the EntryPoint v0.8 and the SimpleAccountFactory land (their public addresses; the deploy,
 * samples/contracts/accountAbstraction.ts, computes them from the artifacts and startBundler checks they match).
 * Parts that start beside the bundler (the wallet service) are told them up front.
 */
export const STACK_ENTRY_POINT = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108';
export const STACK_ACCOUNT_FACTORY = '0x13E9ed32155810FDbd067D4522C492D6f68E5944';

/** What each of the bundler's keys gets at start (wei): 1000 ETH. */
const KEY_FUNDING = 10n ** 21n;

/**
 * The path of Alto's CLI bundled into one ESM file (made on first use, then reused).
 * @returns {Promise<{ file: string, cached: boolean, ms: number }>}
 */
export async function altoBundle() {
  const t0 = Date.now();
  // the package exports only '.', which is esm/index.js
  const altoDir = join(dirname(require.resolve('@pimlico/alto')), '..');
  const { version } = JSON.parse(await readFile(join(altoDir, 'package.json'), 'utf8'));
  const esbuild = await import('esbuild');
  const file = join(CACHE_DIR, `alto-${version}-esbuild-${esbuild.version}.mjs`);
  await mkdir(CACHE_DIR, { recursive: true });
  // concurrent stacks (a fresh clone's run): one bundles, the others wait for its file
  const { made } = await makeOnce(`${file}.lock`, () => stat(file).then(() => file, () => undefined), () => bundleAlto(altoDir, file));
  return { file, cached: !made, ms: Date.now() - t0 };
}

/** @param {string} altoDir @param {string} file */
async function bundleAlto(altoDir, file) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [join(altoDir, 'esm/cli/alto.js')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    // CommonJS dependencies call require(); a few read __dirname / __filename
    banner: {
      js: [
        "import { createRequire as __altoRequire } from 'node:module';",
        "import { fileURLToPath as __altoPath } from 'node:url';",
        'const require = __altoRequire(import.meta.url);',
        'const __filename = __altoPath(import.meta.url);',
        "const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
      ].join('\n'),
    },
  });
  // written then renamed: a reader never sees half a file
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, result.outputFiles[0].contents);
  await rename(tmp, file);
  return file;
}

/**
 * Deploys the EntryPoint and the factory on the chain at `rpcUrl` and starts Alto on
 * 127.0.0.1:port against them. Resolves once the bundler answers `eth_supportedEntryPoints`. Alto needs
 * ~2 s on an idle machine (module load, then four deployments of its simulation contracts, each awaited);
 * on this 2-core machine shared with other work it took up to ~40 s while the rest of the stack started,
 * hence the 90 s limit (a start that fails for slowness fails the whole stack).
 * @param {{ rpcUrl: string, chainId: number, port: number, log?: boolean | ((line: string) => void), timeoutMs?: number }} opts
 * @returns {Promise<{ url: string, port: number, chainId: number, entryPoint: string, factory: string, executor: string, deployMs: number, bundleMs: number, bundleCached: boolean, readyMs: number, stop(): Promise<void> }>}
 */
export async function startBundler({ rpcUrl, chainId, port, log = false, timeoutMs = 90_000 }) {
  const t0 = Date.now();
  if (await isPortTaken(port)) {
    throw new Error(`bundler: port ${port} on 127.0.0.1 is already in use (another bundler?). Stop it or set BUNDLER_PORT to another port.`);
  }
  const logLine = typeof log === 'function' ? log : log ? (line) => console.log(`[bundler] ${line}`) : null;
  const keys = { executor: generatePrivateKey(), utility: generatePrivateKey(), deployer: generatePrivateKey() };
  const accounts = Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, privateKeyToAccount(v)]));
  const rpc = (method, params) => nodeRpc(rpcUrl, method, params, { timeoutMs: 5000, nameMethod: true });
  await Promise.all(Object.values(accounts).map((a) => rpc('anvil_setBalance', [a.address, `0x${KEY_FUNDING.toString(16)}`])));
  const [{ deployAccountAbstraction }, bundle] = await Promise.all([loadTs('samples/contracts/accountAbstraction.ts'), altoBundle()]);
  const deployed = await deployAccountAbstraction({ rpcUrl, chainId, from: accounts.deployer, resolveFrom: REPO_ROOT });
  if (deployed.entryPoint !== STACK_ENTRY_POINT || deployed.factory !== STACK_ACCOUNT_FACTORY) {
    throw new Error(`bundler: the EntryPoint and factory landed at ${deployed.entryPoint} / ${deployed.factory}, not at ${STACK_ENTRY_POINT} / ${STACK_ACCOUNT_FACTORY}`);
  }

  const args = [
    bundle.file,
    '--entrypoints', deployed.entryPoint,
    '--executor-private-keys', keys.executor,
    '--utility-private-key', keys.utility,
    '--rpc-url', rpcUrl,
    '--port', String(port),
    '--safe-mode', 'false',
    '--enable-cors', 'true',
    '--refilling-wallets', 'false',
    '--utility-wallet-monitor', 'false',
    // anvil mines each transaction at once: look for receipts often. Bundling runs every 100 ms
    // (Alto's default): at 10 ms its idle loop cost 1.5 s of CPU a minute per stack, 0.6 s at 100
    '--block-time', '100',
    '--min-bundle-interval', '100',
    '--json',
    '--log-level', logLine ? 'info' : 'warn',
  ];
  // a clean environment: Alto reads ALTO_* variables and a .env file of its working directory
  const run = runChild(process.execPath, args, { cwd: CACHE_DIR, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] }, (text) => {
    if (logLine) for (const line of text.split('\n')) if (line.trim()) logLine(line);
  });
  const url = `http://127.0.0.1:${port}/rpc`;
  await waitUntilAnswering(run, {
    name: `bundler (alto) on port ${port}`,
    question: 'eth_supportedEntryPoints',
    timeoutMs,
    probe: async () => {
      const entryPoints = await nodeRpc(url, 'eth_supportedEntryPoints', [], { timeoutMs: 1000 });
      if (!entryPoints.some((e) => e.toLowerCase() === deployed.entryPoint.toLowerCase())) {
        return `bundler on port ${port} serves ${entryPoints.join(', ')}, not ${deployed.entryPoint} (port taken by another bundler?)`;
      }
    },
  });
  return {
    url,
    port,
    chainId,
    entryPoint: deployed.entryPoint,
    factory: deployed.factory,
    executor: accounts.executor.address,
    deployMs: deployed.ms,
    bundleMs: bundle.ms,
    bundleCached: bundle.cached,
    readyMs: Date.now() - t0,
    stop: run.stop,
  };
}
