// Builds the demo dapp and the sample mobile wallet with esbuild and serves them on 127.0.0.1,
// next to two local anvil chains, a local Solana chain (litesvm), the local WalletConnect relay, the
// embedded-wallet service (with its dev mailbox and the local OpenID provider that stands in for the
// social logins), the data service and the local payment provider (on-ramp checkout).
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { latchkeySourcePlugin } from '../../scripts/build/source-resolution.cjs';
import { startRelay } from '../relay/server.mjs';
import { startWalletService } from '../wallet-service/server.mjs';
import { startSolana } from '../solana/server.mjs';
import { startAnvil } from './anvil.mjs';
import { DEFAULT_DATA_PORT, startStackDataService } from './data.mjs';
import { DEFAULT_ONRAMP_PORT, startStackOnramp } from './onramp.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const DEMO_DIR = resolve(here, '../demo');
export const WALLET_DIR = resolve(here, '../mobile-wallet');
export const REPO_ROOT = resolve(here, '../..');

/** The two chains of the local stack: ids, names and default ports. */
export const STACK_CHAINS = [
  { chainId: 31337, name: 'Anvil', defaultPort: 8545, env: 'ANVIL_PORT_1' },
  { chainId: 1, name: 'Ethereum (local)', defaultPort: 8546, env: 'ANVIL_PORT_2' },
];

/** The local WalletConnect relay's default port (env RELAY_PORT). */
export const DEFAULT_RELAY_PORT = 8787;

/** The embedded-wallet service's default port (env WALLET_PORT) and its local OpenID provider's (env WALLET_OIDC_PORT). */
export const DEFAULT_WALLET_PORT = 8790;
/** Where the Next.js example (samples/next-app) runs by default (env NEXT_APP_PORT): the wallet and data services allow its origin. */
export const DEFAULT_NEXT_APP_PORT = 3000;
export const DEFAULT_OIDC_PORT = 8792;
/** The projectId the demo uses; the stack's wallet service allows it on the demo's origins. */
export const DEMO_PROJECT_ID = 'latchkey-demo';

/** The local Solana chain's default HTTP port (env SOLANA_PORT); its WebSocket listens on the next port. */
export const DEFAULT_SOLANA_PORT = 8899;

/** What each dev wallet's Solana account gets at start (lamports): 100 SOL. */
export const DEV_WALLET_SOLANA_FUNDING = 100_000_000_000n;
const DEV_ACCOUNTS_FILE = resolve(here, '../dev-wallet/accounts.json');

/**
 * Funds the Solana accounts of the dev wallets (samples/dev-wallet/accounts.json) from the
 * chain's faucet. Resolves with the addresses funded.
 * @param {{ airdrop(address: string, lamports: bigint): Promise<string> }} solana
 */
export async function fundDevWallets(solana) {
  const accounts = JSON.parse(await readFile(DEV_ACCOUNTS_FILE, 'utf8'));
  const addresses = (accounts.solana ?? []).map((a) => a.address);
  for (const address of addresses) await solana.airdrop(address, DEV_WALLET_SOLANA_FUNDING);
  return addresses;
}

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** esbuild options shared by the demo build and its fallback. */
function buildOptions(outdir, entry) {
  return {
    entryPoints: [{ in: entry, out: 'main' }],
    plugins: [latchkeySourcePlugin()],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: REPO_ROOT,
  };
}

/**
 * Builds samples/demo/main.tsx into `outdir` (a fresh temp dir by default).
 * When the demo does not build (e.g. a part of the library is missing), builds
 * samples/demo/fallback.ts instead — a page that still installs the dev wallet
 * and shows the build errors — and reports the errors.
 * @returns {Promise<{ outdir: string, ok: boolean, errors: string[], metafile?: object }>}
 */
export async function buildDemo({ outdir } = {}) {
  const dir = outdir ?? (await mkdtemp(join(tmpdir(), 'latchkey-demo-')));
  try {
    const result = await esbuild.build(buildOptions(dir, join(DEMO_DIR, 'main.tsx')));
    return { outdir: dir, ok: true, errors: [], metafile: result.metafile };
  } catch (err) {
    const errors = formatBuildErrors(err);
    try {
      await esbuild.build(buildOptions(dir, join(DEMO_DIR, 'fallback.ts')));
    } catch (fallbackErr) {
      if (!outdir) await rm(dir, { recursive: true, force: true });
      throw new Error(`the demo and its fallback page failed to build:\n  ${[...errors, ...formatBuildErrors(fallbackErr)].join('\n  ')}`);
    }
    return { outdir: dir, ok: false, errors };
  }
}

/**
 * Builds samples/mobile-wallet/main.tsx into `<outdir>/wallet/` (served as /build/wallet/main.js).
 * A failure does not stop the stack: /wallet/ then shows the errors.
 * @returns {Promise<{ ok: boolean, errors: string[] }>}
 */
export async function buildWallet({ outdir }) {
  try {
    await esbuild.build(buildOptions(join(outdir, 'wallet'), join(WALLET_DIR, 'main.tsx')));
    return { ok: true, errors: [] };
  } catch (err) {
    return { ok: false, errors: formatBuildErrors(err) };
  }
}

/**
 * The demo and the sample wallet built once into `dir` for several stacks (a test run starts one
 * per worker): the first stack builds under a lock and records the outcome in `dir/build.json`;
 * the others wait for it and serve the same files. Nobody deletes `dir` but its owner.
 * @param {string} dir
 * @returns {Promise<{ demo: { outdir: string, ok: boolean, errors: string[] }, wallet: { ok: boolean, errors: string[] } }>}
 */
async function sharedBuild(dir) {
  const record = join(dir, 'build.json');
  const lock = `${dir}.lock`;
  const read = async () => JSON.parse(await readFile(record, 'utf8').catch(() => 'null'));
  for (const started = Date.now(); ; ) {
    const done = await read();
    if (done) return { demo: { outdir: dir, ok: done.ok, errors: done.errors }, wallet: done.wallet };
    const owner = await mkdir(lock).then(() => true, () => false);
    if (owner) {
      try {
        if (await read()) continue;
        const demo = await buildDemo({ outdir: dir });
        const wallet = await buildWallet({ outdir: dir });
        await writeFile(`${record}.tmp`, JSON.stringify({ ok: demo.ok, errors: demo.errors, wallet }));
        await rename(`${record}.tmp`, record);
        return { demo, wallet };
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
    }
    if (Date.now() - started > 300_000) throw new Error(`DEMO_BUILD_DIR: ${lock} held for 5 minutes`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Sample apps beside the demo, built on their first request (a stack start pays nothing for
 * them): /<name>/ serves the app's index.html, which loads /build/<name>/main.js.
 * - wagmi: samples/wagmi-app, a wagmi dapp on the Latchkey connector (latchkey/wagmi).
 */
const LAZY_APPS = { wagmi: join(REPO_ROOT, 'samples', 'wagmi-app') };

/** Builds each lazy app once per server; concurrent requests share the build. */
function lazyAppBuilder(outdir) {
  const builds = new Map();
  return (name) => {
    let build = builds.get(name);
    if (!build) {
      build = esbuild
        .build(buildOptions(join(outdir, name), join(LAZY_APPS[name], 'main.tsx')))
        .then(() => [], (err) => formatBuildErrors(err));
      builds.set(name, build);
    }
    return build;
  };
}

/**
 * The sample wallet page's Content-Security-Policy: it may connect only to its own origin,
 * the relay and the chains' RPC. Any other host (WalletConnect's hosted Verify and analytics
 * endpoints) is refused by the browser at once, so nothing waits on a network timeout.
 * @param {{ relayUrl?: string, rpcUrls: string[] }} p
 */
export function walletCsp({ relayUrl, rpcUrls }) {
  const sources = [relayUrl, ...rpcUrls].filter(Boolean).map((u) => {
    const url = new URL(u);
    return `${url.protocol}//${url.host}`;
  });
  return [
    `connect-src 'self' ${[...new Set(sources)].join(' ')}`,
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The strict Content-Security-Policy the demo is served with at `/?csp=strict`: no inline
 * script or style of any kind ('unsafe-inline' and nonces absent), images from the page,
 * `data:`, `blob:` and the data service (token icons), and network access only to the page, the chains' RPC (EVM and Solana),
 * the relay and the data service; frames only from the embedded-wallet service (the email
 * and socials plugins' frame). The end-to-end CSP test
 * (tests/e2e/csp.e2e.test.ts) checks that the modal is styled and a wallet connects under it.
 * @param {{ relayUrl?: string, rpcUrls: string[], dataServiceUrl?: string, walletServiceUrl?: string }} p
 */
export function strictDemoCsp({ relayUrl, rpcUrls, dataServiceUrl, walletServiceUrl }) {
  const sources = [relayUrl, ...rpcUrls, dataServiceUrl].filter(Boolean).map((u) => {
    const url = new URL(u);
    return `${url.protocol}//${url.host}`;
  });
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    // token icons come from the blockchain API (the data service)
    `img-src 'self' data: blob:${dataServiceUrl ? ` ${new URL(dataServiceUrl).origin}` : ''}`,
    `connect-src 'self' ${[...new Set(sources)].join(' ')}`,
    ...(walletServiceUrl ? [`frame-src ${new URL(walletServiceUrl).origin}`] : []),
  ].join('; ');
}

function formatBuildErrors(err) {
  if (err && Array.isArray(err.errors) && err.errors.length) {
    return err.errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ${e.text}` : e.text));
  }
  return [String(err?.message ?? err)];
}

/**
 * Serves index.html (at `/?csp=strict` with {@link strictDemoCsp}), /demo.css, /config.json,
 * the build output (under /build/) and, when `wallet` is given, the sample wallet page at
 * /wallet/ (with its CSP; or its build errors).
 * @param {{ port: number, outdir: string, config: object, host?: string, wallet?: { errors: string[], csp: string } }} opts
 * @returns {Promise<{ url: string, port: number, close(): Promise<void> }>}
 */
export async function startServer({ port, outdir, config, host = '127.0.0.1', wallet }) {
  const root = resolve(outdir);
  const buildApp = lazyAppBuilder(root);
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = decodeURIComponent(url.pathname);
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      if (path === '/' || path === '/index.html') {
        const html = await readFile(join(DEMO_DIR, 'index.html'));
        const csp = url.searchParams.get('csp');
        if (csp !== null && csp !== 'strict') {
          return send(res, req, 400, 'text/plain; charset=utf-8', Buffer.from("csp: the only policy is 'strict' (/?csp=strict)"));
        }
        const rpcUrls = [...(config.chains ?? []).map((c) => c.rpcUrl), config.solana?.rpcUrl].filter(Boolean);
        const policy = strictDemoCsp({
          relayUrl: config.relayUrl,
          rpcUrls,
          dataServiceUrl: config.dataServiceUrl,
          walletServiceUrl: config.walletServiceUrl,
        });
        const strict = csp === 'strict' ? { 'content-security-policy': policy } : {};
        return send(res, req, 200, CONTENT_TYPES['.html'], html, strict);
      }
      if (path === '/demo.css') {
        return send(res, req, 200, CONTENT_TYPES['.css'], await readFile(join(DEMO_DIR, 'demo.css')));
      }
      if (wallet && path === '/wallet') {
        // keep the query: /wallet?uri=wc:… is a deep link too
        res.writeHead(308, { location: `/wallet/${url.search}` }).end();
        return;
      }
      if (wallet && (path === '/wallet/' || path === '/wallet/index.html')) {
        if (wallet.errors.length) {
          const list = wallet.errors.map((e) => `<li>${escapeHtml(e)}</li>`).join('');
          const page = `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sample wallet: build failed</title><h1>The sample wallet did not build</h1><ul>${list}</ul>`;
          return send(res, req, 503, CONTENT_TYPES['.html'], Buffer.from(page));
        }
        const html = await readFile(join(WALLET_DIR, 'index.html'));
        return send(res, req, 200, CONTENT_TYPES['.html'], html, { 'content-security-policy': wallet.csp });
      }
      const app = /^\/([a-z]+)\/?(?:index\.html)?$/.exec(path)?.[1];
      if (app && Object.hasOwn(LAZY_APPS, app)) {
        if (!path.endsWith('/') && !path.endsWith('.html')) {
          res.writeHead(308, { location: `/${app}/${url.search}` }).end();
          return;
        }
        const errors = await buildApp(app);
        if (errors.length) {
          const list = errors.map((e) => `<li>${escapeHtml(e)}</li>`).join('');
          const page = `<!doctype html><meta charset="utf-8"><title>Sample app: build failed</title><h1>The ${app} sample did not build</h1><ul>${list}</ul>`;
          return send(res, req, 503, CONTENT_TYPES['.html'], Buffer.from(page));
        }
        return send(res, req, 200, CONTENT_TYPES['.html'], await readFile(join(LAZY_APPS[app], 'index.html')));
      }
      if (path === '/config.json') {
        return send(res, req, 200, CONTENT_TYPES['.json'], Buffer.from(JSON.stringify(config)));
      }
      if (path === '/favicon.ico') {
        res.writeHead(204).end();
        return;
      }
      if (path.startsWith('/build/')) {
        const file = resolve(root, normalize(path.slice('/build/'.length)));
        if (relative(root, file).startsWith('..') || !file.startsWith(root + sep)) {
          return send(res, req, 403, 'text/plain', Buffer.from('Forbidden'));
        }
        const info = await stat(file).catch(() => undefined);
        if (info?.isFile()) {
          const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
          return send(res, req, 200, type, await readFile(file));
        }
      }
      send(res, req, 404, 'text/plain; charset=utf-8', Buffer.from('Not found'));
    } catch (err) {
      send(res, req, 500, 'text/plain; charset=utf-8', Buffer.from(String(err?.message ?? err)));
    }
  });
  await new Promise((resolvePromise, reject) => {
    const onError = (err) => {
      server.off('listening', onListening);
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`demo server: port ${port} on ${host} is already in use. Stop what uses it or set PORT to another port.`)
          : err,
      );
    };
    const onListening = () => {
      server.off('error', onError);
      resolvePromise();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
  const actual = server.address().port;
  return {
    url: `http://${host}:${actual}`,
    port: actual,
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections?.();
      }),
  };
}

function send(res, req, status, type, body, headers = {}) {
  res.writeHead(status, { 'content-type': type, 'content-length': body.length, 'cache-control': 'no-store', ...headers });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function portFrom(value, fallback, what) {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${what}: invalid port ${JSON.stringify(value)}`);
  return n;
}

/**
 * Starts the whole local stack: anvil chain 31337 (port 8545), anvil chain 1 (port 8546),
 * the local Solana chain (HTTP 8899, WebSocket 8900; the dev wallets' Solana accounts funded),
 * the local WalletConnect relay (port 8787), the embedded-wallet service in dev mode (port 8790,
 * with /dev/mailbox and a local OpenID provider on port 8792), the data service (port 8791; it deploys
 * the dev contracts and a Uniswap V2 exchange on chain 31337 and indexes both chains), the local payment provider (port 8793;
 * it pays buyers from anvil's dev account 7 and reports purchases to the data service) and the demo
 * server (port 5173), which also serves the sample mobile wallet at /wallet/.
 * Options win over env (PORT, ANVIL_PORT_1, ANVIL_PORT_2, SOLANA_PORT, RELAY_PORT, WALLET_PORT,
 * WALLET_OIDC_PORT, DATA_PORT, ONRAMP_PORT, NEXT_APP_PORT (the Next.js example's port, whose origin the wallet
 * and data services allow, default 3000); RELAY_LOG=1 logs the relay's traffic, WALLET_LOG=1 the wallet
 * service's, DATA_LOG=1 the data service's; WALLET_DATA_DIR is the wallet service's PGlite folder,
 * default .cache/wallet-service, `:memory:` for none; DATA_PGLITE_DIR / DATABASE_URL choose the data
 * service's database; ONRAMP_LOG=1 logs the payments; DATA_ONRAMP_SECRET is the secret the provider reports
 * with, random per start by default; WALLET_RESEND_INTERVAL is the wallet service's resend window in seconds;
 * DEMO_BUILD_DIR is a folder where several stacks share one build of the demo and the sample wallet).
 * @param {{ port?: number, anvilPorts?: number[], solanaPort?: number, relayPort?: number, walletPort?: number, oidcPort?: number, dataPort?: number, onrampPort?: number, nextAppPort?: number, relayLog?: boolean | ((line: string) => void), quiet?: boolean, env?: Record<string,string|undefined> }} [opts]
 */
export async function startStack(opts = {}) {
  const env = opts.env ?? process.env;
  const log = opts.quiet ? () => {} : (...a) => console.log(...a);
  const port = portFrom(opts.port ?? env.PORT, 5173, 'PORT');
  const anvilPorts = STACK_CHAINS.map((c, i) => portFrom(opts.anvilPorts?.[i] ?? env[c.env], c.defaultPort, c.env));
  const relayPort = portFrom(opts.relayPort ?? env.RELAY_PORT, DEFAULT_RELAY_PORT, 'RELAY_PORT');
  const solanaPort = portFrom(opts.solanaPort ?? env.SOLANA_PORT, DEFAULT_SOLANA_PORT, 'SOLANA_PORT');
  if (solanaPort === 65535) throw new Error('SOLANA_PORT: the WebSocket needs the next port; choose a port below 65535');
  const relayLog = opts.relayLog ?? env.RELAY_LOG === '1';
  const walletPort = portFrom(opts.walletPort ?? env.WALLET_PORT, DEFAULT_WALLET_PORT, 'WALLET_PORT');
  const oidcPort = portFrom(opts.oidcPort ?? env.WALLET_OIDC_PORT, DEFAULT_OIDC_PORT, 'WALLET_OIDC_PORT');
  const walletDataDir = env.WALLET_DATA_DIR || join(REPO_ROOT, '.cache', 'wallet-service');
  const dataPort = portFrom(opts.dataPort ?? env.DATA_PORT, DEFAULT_DATA_PORT, 'DATA_PORT');
  const onrampPort = portFrom(opts.onrampPort ?? env.ONRAMP_PORT, DEFAULT_ONRAMP_PORT, 'ONRAMP_PORT');
  // The apps the local services serve: the demo, and the Next.js example (samples/next-app, `next start` on NEXT_APP_PORT).
  const nextAppPort = portFrom(opts.nextAppPort ?? env.NEXT_APP_PORT, DEFAULT_NEXT_APP_PORT, 'NEXT_APP_PORT');
  const appOrigins = [port, nextAppPort].flatMap((p) => [`http://127.0.0.1:${p}`, `http://localhost:${p}`]);
  // the data service accepts purchases from the local payment provider with this secret
  const onrampSecret = env.DATA_ONRAMP_SECRET || randomBytes(24).toString('base64url');

  const started = [];
  /** The build folder this stack made (deleted at stop; a DEMO_BUILD_DIR is not). */
  let ownOutdir;
  const stop = async () => {
    await Promise.allSettled(started.splice(0).reverse().map((s) => s.stop()));
    if (ownOutdir) await rm(ownOutdir, { recursive: true, force: true }).catch(() => {});
    ownOutdir = undefined;
  };
  try {
    const anvilStarts = STACK_CHAINS.map(async (c, i) => {
      const node = await startAnvil({ port: anvilPorts[i], chainId: c.chainId });
      started.push(node);
      return node;
    });
    // the data service follows the chains once they answer (and deploys the dev contracts)
    const dataStart = Promise.all(anvilStarts).then(async (nodes) => {
      const data = await startStackDataService({
        port: dataPort,
        chains: STACK_CHAINS.map((c, i) => ({ chainId: c.chainId, name: c.name, rpcUrl: nodes[i].url })),
        corsOrigins: port === 0 ? '*' : appOrigins,
        env,
        onrampSecret,
        log: env.DATA_LOG === '1' ? (line) => console.log(`[data-service] ${line}`) : false,
      });
      started.push(data);
      return data;
    });
    // the payment provider reports to the data service, so it follows it
    const onrampStart = Promise.all([dataStart, ...anvilStarts]).then(async ([data, ...nodes]) => {
      const onramp = await startStackOnramp({
        port: onrampPort,
        chains: STACK_CHAINS.map((c, i) => ({ chainId: c.chainId, name: c.name, rpcUrl: nodes[i].url })),
        dataServiceUrl: data.url,
        dataSecret: onrampSecret,
        redirectOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
        env,
        log: env.ONRAMP_LOG === '1' ? (line) => console.log(`[onramp] ${line}`) : false,
      });
      started.push(onramp);
      return onramp;
    });
    // allSettled: when one part fails, wait for the others so that stop() catches every child.
    const walletService = (async () => {
      // Dev mode: the dev mailbox, the Farcaster stand-in, the local OpenID provider and anvil funding.
      // The demo's and the Next.js example's origins are allowed for the demo's projectId; the chains are the anvil nodes started here.
      const service = await startWalletService({
        // the one setting taken from the stack's env: tests shorten the resend window
        env: env.WALLET_RESEND_INTERVAL ? { WALLET_RESEND_INTERVAL: env.WALLET_RESEND_INTERVAL } : {},
        dev: true,
        host: '127.0.0.1',
        port: walletPort,
        devOidcPort: oidcPort,
        dataDir: walletDataDir,
        log: env.WALLET_LOG === '1',
        projects: [{ projectId: DEMO_PROJECT_ID, name: 'Latchkey demo', origins: appOrigins }],
        chains: STACK_CHAINS.map((c, i) => ({ chainId: c.chainId, name: c.name, rpcUrl: `http://127.0.0.1:${anvilPorts[i]}` })),
      });
      started.push({ stop: () => service.stop() });
      return service;
    })();
    const [relayResult, buildResult, solanaResult, walletResult, dataResult, onrampResult, ...anvilResults] = await Promise.allSettled([
      (async () => {
        try {
          const relay = await startRelay({ port: relayPort, log: relayLog });
          started.push(relay);
          return relay;
        } catch (err) {
          if (err?.code === 'EADDRINUSE') {
            throw new Error(`relay: port ${relayPort} on 127.0.0.1 is already in use (another relay?). Stop it or set RELAY_PORT to another port.`);
          }
          throw err;
        }
      })(),
      (async () => {
        // DEMO_BUILD_DIR: built once for several stacks (tests), kept at stop
        if (env.DEMO_BUILD_DIR) return sharedBuild(resolve(env.DEMO_BUILD_DIR));
        const demo = await buildDemo();
        ownOutdir = demo.outdir;
        const wallet = await buildWallet({ outdir: demo.outdir });
        return { demo, wallet };
      })(),
      (async () => {
        // WebSocket on SOLANA_PORT + 1, where @solana/web3.js looks for it
        const solana = await startSolana({ port: solanaPort, wsPort: solanaPort + 1, log: false });
        started.push(solana);
        await fundDevWallets(solana);
        return solana;
      })(),
      walletService,
      dataStart,
      onrampStart,
      ...anvilStarts,
    ]);
    // an anvil failure also fails dataStart: report the anvil's own error first
    const failed = [relayResult, buildResult, solanaResult, ...anvilResults, walletResult, dataResult, onrampResult].find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const relay = relayResult.value;
    const data = dataResult.value;
    const onramp = onrampResult.value;
    const { demo: build, wallet } = buildResult.value;
    const walletServiceInfo = walletResult.value;
    const anvils = anvilResults.map((r) => r.value);
    const solana = solanaResult.value;
    if (!build.ok) {
      console.warn(
        `\n[latchkey] The demo did not build; serving a fallback page that only loads the dev wallet.\n  ${build.errors.join('\n  ')}\n`,
      );
    }
    if (!wallet.ok) console.warn(`\n[latchkey] The sample wallet did not build; /wallet/ shows why.\n  ${wallet.errors.join('\n  ')}\n`);
    const chains = STACK_CHAINS.map((c, i) => ({ chainId: c.chainId, name: c.name, rpcUrl: anvils[i].url }));
    const solanaInfo = { rpcUrl: solana.rpcUrl, wsUrl: solana.wsUrl, caipNetworkId: solana.caipNetworkId };
    const config = {
      chains,
      solana: solanaInfo,
      relayUrl: relay.url,
      walletServiceUrl: walletServiceInfo.url,
      oidcIssuer: walletServiceInfo.oidcIssuer,
      dataServiceUrl: data.url,
      onrampUrl: onramp.url,
      tokens: data.tokens,
      nfts: data.nfts,
      exchange: data.exchange,
      buildErrors: build.errors,
    };
    const csp = walletCsp({ relayUrl: relay.url, rpcUrls: chains.map((c) => c.rpcUrl) });
    const server = await startServer({ port, outdir: build.outdir, config, wallet: { errors: wallet.errors, csp } });
    started.push({ stop: () => server.close() });
    log(`[latchkey] demo built ${build.ok ? 'ok' : 'WITH ERRORS (fallback page)'}; sample wallet built ${wallet.ok ? 'ok' : 'WITH ERRORS'}`);
    return {
      demoUrl: `${server.url}/`,
      configUrl: `${server.url}/config.json`,
      walletUrl: `${server.url}/wallet/`,
      wagmiUrl: `${server.url}/wagmi/`,
      port: server.port,
      chains,
      solana: { ...solanaInfo, port: solana.port, wsPort: solana.wsPort },
      relayUrl: relay.url,
      relayPort: relay.port,
      walletServiceUrl: walletServiceInfo.url,
      walletServicePort: walletServiceInfo.port,
      devMailboxUrl: `${walletServiceInfo.url}/dev/mailbox`,
      oidcIssuer: walletServiceInfo.oidcIssuer,
      walletFrameJsGzipBytes: walletServiceInfo.frameJsGzipBytes,
      dataServiceUrl: data.url,
      dataPort: data.port,
      onrampUrl: onramp.url,
      onrampPort: onramp.port,
      onrampFunder: onramp.funder,
      tokens: data.tokens,
      nfts: data.nfts,
      exchange: data.exchange,
      buildOk: build.ok,
      buildErrors: build.errors,
      walletBuildOk: wallet.ok,
      walletBuildErrors: wallet.errors,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
