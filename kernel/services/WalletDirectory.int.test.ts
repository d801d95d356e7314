/**
 * The wallet directory against a real local HTTP server that speaks the remote
 * directory API (GET /getWallets?page=&entries=&projectId=), through the real
 * HttpClient and Node's fetch: paging, merge over the shipped catalogue, and a
 * failing page that keeps what was read.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKernel, type Kernel } from '../index';
import { MemoryStorage } from '../testing/fakeAdapter';
import { CATALOGUE } from '../directory/catalogue';

const PAGE = 100;
const TOTAL = 230; // three pages
const remoteWallet = (i: number) => ({ id: `remote-${i}`, name: `Remote Wallet ${i}`, homepage: `https://r${i}.example`, rdns: `example.remote${i}` });

let server: Server;
let base: string;
const requests: URL[] = [];
let failPage: number | undefined;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    if (url.pathname !== '/getWallets') {
      res.writeHead(404).end();
      return;
    }
    const page = Number(url.searchParams.get('page'));
    const entries = Number(url.searchParams.get('entries'));
    if (page === failPage) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"down"}');
      return;
    }
    const start = (page - 1) * entries;
    const data = Array.from({ length: Math.max(0, Math.min(entries, TOTAL - start)) }, (_, k) => remoteWallet(start + k));
    // The first page also carries MetaMask, which the shipped catalogue knows (merged, not duplicated).
    if (page === 1) data.unshift({ id: 'mm-remote-id', name: 'MetaMask', homepage: 'https://metamask.io', rdns: 'io.metamask' });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count: TOTAL, data }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  requests.length = 0;
  failPage = undefined;
});

function kernel(): Kernel {
  return createKernel({
    options: { projectId: 'directory-int', networks: [], walletDirectoryUrl: base, features: { analytics: false } },
    environment: { window: undefined, document: undefined, localStorage: new MemoryStorage() },
  });
}

it('reads every page, then merges the remote list over the shipped catalogue', async () => {
  const k = kernel();
  await k.directory.load();
  expect(requests.map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '3']);
  expect(requests[0]!.searchParams.get('entries')).toBe(String(PAGE));
  expect(requests[0]!.searchParams.get('projectId')).toBe('directory-int');
  const { wallets, source, error, loading } = k.directory.state;
  expect({ source, error, loading }).toEqual({ source: 'remote', error: undefined, loading: false });
  // Remote order first; every remote wallet once; MetaMask once, keeping the catalogue's id.
  expect(wallets[0]!.name).toBe('MetaMask');
  expect(wallets.filter((w) => w.name === 'MetaMask')).toHaveLength(1);
  expect(wallets.filter((w) => w.id.startsWith('remote-'))).toHaveLength(TOTAL);
  const catalogueMetaMask = CATALOGUE.find((w) => w.name === 'MetaMask')!;
  expect(wallets[0]!.id).toBe(catalogueMetaMask.id);
  // Catalogue wallets the remote list lacks follow.
  expect(wallets.length).toBe(TOTAL + CATALOGUE.length);
});

it('a failing page keeps the catalogue and the pages already read, with a typed error; the next load retries', async () => {
  const k = kernel();
  failPage = 2;
  await k.directory.load();
  const s = k.directory.state;
  expect(s.error?.name).toBe('WalletDirectoryError');
  expect(s.wallets.filter((w) => w.id.startsWith('remote-'))).toHaveLength(PAGE);
  expect(s.wallets.length).toBeGreaterThanOrEqual(CATALOGUE.length);
  failPage = undefined;
  await k.directory.load();
  expect(k.directory.state.error).toBeUndefined();
  expect(k.directory.state.wallets.filter((w) => w.id.startsWith('remote-'))).toHaveLength(TOTAL);
});
