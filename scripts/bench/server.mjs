// The bench's HTTP server on a free port of 127.0.0.1: the built pages, and a generated remote wallet directory.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { DIRECTORY_SIZE } from './settings.mjs';

/** One page of the generated remote directory, in the API's shape ({ count, data } of snake_case wallets). */
function directoryPage(searchParams) {
  const page = Number(searchParams.get('page') ?? 1);
  const entries = Number(searchParams.get('entries') ?? 100);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(entries) || entries < 1 || entries > 500) return undefined;
  const data = [];
  for (let i = (page - 1) * entries; i < Math.min(DIRECTORY_SIZE, page * entries); i++) {
    const n = String(i + 1).padStart(4, '0');
    data.push({
      id: `bench-directory-${n}`,
      name: `Directory Wallet ${n}`,
      homepage: `https://wallet-${n}.example`,
      rdns: `example.wallet${n}`,
      chains: ['eip155:1'],
      app_store: `https://apps.example/wallet-${n}`,
    });
  }
  return { count: DIRECTORY_SIZE, data };
}

export async function serve(outdir) {
  const root = resolve(outdir);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/directory/getWallets') {
      const body = directoryPage(url.searchParams);
      if (!body) return res.writeHead(400).end();
      const text = JSON.stringify(body);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
      return res.end(text);
    }
    const path = decodeURIComponent(url.pathname);
    const file = resolve(root, `.${path}`);
    const ok = file.startsWith(root + sep) && (await stat(file).catch(() => undefined))?.isFile();
    if (!ok) {
      res.writeHead(404).end();
      return;
    }
    const type = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' }[extname(file)] ?? 'application/octet-stream';
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': type, 'content-length': body.length, 'cache-control': 'no-store' });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}
