/**
 * A server that renders the page with react-dom/server on each request: `/` reads the
 * connection from the request's cookie (cookieToInitialState), `/local` knows nothing of the
 * visitor (localStorage). Serves the client bundle from `publicDir`.
 *   node server.cjs <port> <chains JSON> <publicDir>
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize, sep } from 'node:path';
import { renderToString } from 'react-dom/server';
import { cookieToInitialState } from 'latchkey';
import { App, pageKernel, type PageChain, type PageData } from './App';

const [port, chainsJson, publicDir] = process.argv.slice(2) as [string, string, string];
const chains = JSON.parse(chainsJson) as PageChain[];
// One kernel per storage mode for every request: a server only renders, it never writes to them.
const kernels = { cookie: pageKernel(chains, true), local: pageKernel(chains, false) };
const base = normalize(publicDir + sep);

createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path === '/' || path === '/local') {
    const cookie = path === '/';
    const initialState = cookie ? cookieToInitialState(req.headers.cookie) : undefined;
    const html = renderToString(<App kernel={cookie ? kernels.cookie : kernels.local} initialState={initialState} />);
    const data: PageData = { chains, cookie, ...(initialState ? { initialState } : {}) };
    const json = JSON.stringify(data).replace(/</g, '\\u003c');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>React SSR</title></head>` +
        `<body><div id="root">${html}</div><script type="application/json" id="page-data">${json}</script><script type="module" src="/client.js"></script></body></html>`,
    );
    return;
  }
  const file = normalize(join(base, path));
  if (!file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/octet-stream' });
  createReadStream(file).pipe(res);
}).listen(Number(port), '127.0.0.1', () => console.log('listening'));
