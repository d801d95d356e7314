// Builds the demo dapp and the sample mobile wallet with esbuild and serves them on 127.0.0.1,
// next to two local anvil chains and the local WalletConnect relay.
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { startRelay } from '../relay/server.mjs';
import { startAnvil } from './anvil.mjs';

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
 * `data:` and `blob:`, and network access only to the page, the chains' RPC and the relay.
 * The end-to-end CSP test (tests/e2e/csp.e2e.test.ts) checks that the modal is styled and a
 * wallet connects under it.
 * @param {{ relayUrl?: string, rpcUrls: string[] }} p
 */
export function strictDemoCsp({ relayUrl, rpcUrls }) {
  const sources = [relayUrl, ...rpcUrls].filter(Boolean).map((u) => {
    const url = new URL(u);
    return `${url.protocol}//${url.host}`;
  });
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    `connect-src 'self' ${[...new Set(sources)].join(' ')}`,
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
        const strict = csp === 'strict' ? { 'content-security-policy': strictDemoCsp({ relayUrl: config.relayUrl, rpcUrls: (config.chains ?? []).map((c) => c.rpcUrl) }) } : {};
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
 * the local WalletConnect relay (port 8787) and the demo server (port 5173), which also
 * serves the sample mobile wallet at /wallet/.
 * Options win over env (PORT, ANVIL_PORT_1, ANVIL_PORT_2, RELAY_PORT; RELAY_LOG=1 logs the relay's traffic).
 * @param {{ port?: number, anvilPorts?: number[], relayPort?: number, relayLog?: boolean | ((line: string) => void), quiet?: boolean, env?: Record<string,string|undefined> }} [opts]
 */
export async function startStack(opts = {}) {
  const env = opts.env ?? process.env;
  const log = opts.quiet ? () => {} : (...a) => console.log(...a);
  const port = portFrom(opts.port ?? env.PORT, 5173, 'PORT');
  const anvilPorts = STACK_CHAINS.map((c, i) => portFrom(opts.anvilPorts?.[i] ?? env[c.env], c.defaultPort, c.env));
  const relayPort = portFrom(opts.relayPort ?? env.RELAY_PORT, DEFAULT_RELAY_PORT, 'RELAY_PORT');
  const relayLog = opts.relayLog ?? env.RELAY_LOG === '1';

  const started = [];
  let outdir;
  const stop = async () => {
    await Promise.allSettled(started.splice(0).reverse().map((s) => s.stop()));
    if (outdir) await rm(outdir, { recursive: true, force: true }).catch(() => {});
    outdir = undefined;
  };
  try {
    // allSettled: when one part fails, wait for the others so that stop() catches every child.
    const [relayResult, buildResult, ...anvilResults] = await Promise.allSettled([
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
        const demo = await buildDemo();
        outdir = demo.outdir;
        const wallet = await buildWallet({ outdir: demo.outdir });
        return { demo, wallet };
      })(),
      ...STACK_CHAINS.map(async (c, i) => {
        const node = await startAnvil({ port: anvilPorts[i], chainId: c.chainId });
        started.push(node);
        return node;
      }),
    ]);
    const failed = [relayResult, buildResult, ...anvilResults].find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const relay = relayResult.value;
    const { demo: build, wallet } = buildResult.value;
    const anvils = anvilResults.map((r) => r.value);
    if (!build.ok) {
      console.warn(
        `\n[latchkey] The demo did not build; serving a fallback page that only loads the dev wallet.\n  ${build.errors.join('\n  ')}\n`,
      );
    }
    if (!wallet.ok) console.warn(`\n[latchkey] The sample wallet did not build; /wallet/ shows why.\n  ${wallet.errors.join('\n  ')}\n`);
    const chains = STACK_CHAINS.map((c, i) => ({ chainId: c.chainId, name: c.name, rpcUrl: anvils[i].url }));
    const config = { chains, relayUrl: relay.url, buildErrors: build.errors };
    const csp = walletCsp({ relayUrl: relay.url, rpcUrls: chains.map((c) => c.rpcUrl) });
    const server = await startServer({ port, outdir, config, wallet: { errors: wallet.errors, csp } });
    started.push({ stop: () => server.close() });
    log(`[latchkey] demo built ${build.ok ? 'ok' : 'WITH ERRORS (fallback page)'}; sample wallet built ${wallet.ok ? 'ok' : 'WITH ERRORS'}`);
    return {
      demoUrl: `${server.url}/`,
      configUrl: `${server.url}/config.json`,
      walletUrl: `${server.url}/wallet/`,
      port: server.port,
      chains,
      relayUrl: relay.url,
      relayPort: relay.port,
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
