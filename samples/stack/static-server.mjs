// The demo server: a static server for the demo page (and its strict-CSP variant), /demo.css,
// /config.json, the build output under /build/, the sample wallet at /wallet/ and the lazy sample apps.
// A build's files do not change once written (no watch mode; a lazy app builds into a folder of its
// own once): each is read from disk once and kept in memory, and the chunks esbuild names after their
// content hash are served as immutable, so a browser keeps them (and their compiled code) across
// page loads. Everything else is served no-store.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import { strictDemoCsp } from './csp.mjs';
import { LAZY_APPS, lazyAppBuilder } from './lazy-apps.mjs';
import { DEMO_DIR, WALLET_DIR } from './paths.mjs';

/** esbuild's chunk names: `[name]-[hash]` (8 base32 characters of the content hash). */
const HASHED_CHUNK = /-[A-Z2-7]{8}\.(?:js|css)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

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
  /** path -> contents of a build file read earlier (a missing file is looked up again: a lazy app may write it later) */
  const files = new Map();
  /** @param {string} file @returns {Promise<Buffer | undefined>} */
  const buildFile = async (file) => {
    const known = files.get(file);
    if (known) return known;
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const body = await readFile(file);
    files.set(file, body);
    return body;
  };
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
        const body = await buildFile(file);
        if (body) {
          const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
          return send(res, req, 200, type, body, HASHED_CHUNK.test(file) ? { 'cache-control': IMMUTABLE } : {});
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
