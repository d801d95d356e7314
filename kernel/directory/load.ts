/**
 * WalletDirectory.load()'s work, loaded on its first call (only AllWallets and useWallets read
 * the directory; the connect button and the Connect view do not): the shipped catalogue (in
 * this module's chunk), then, when `walletDirectoryUrl` is set, the remote directory.
 *
 * Remote directory: GET {walletDirectoryUrl}/getWallets?page=N&entries=100
 * &projectId=…&st=…&sv=… pages are read one after another until `count` wallets
 * are in (at most MAX_REMOTE_PAGES pages); after each page the merged list is
 * published. A failing page stops the reading: what was read stays, the error
 * is kept (WalletDirectoryError with the HttpClient error as cause).
 * The first page (the most popular wallets) is kept in Storage, so a later
 * visit shows it at once and still has it when the directory is unreachable.
 */
import type { Store } from '../store';
import type { Options } from '../options/Options';
import type { HttpClient } from '../services/HttpClient';
import type { Storage } from '../services/Storage';
import { CATALOGUE } from './catalogue';
import { WalletDirectoryError } from './errors';
import { WALLET_DIRECTORY_CACHE_KEY, type DirectoryWallet, type WalletDirectoryState } from './types';

/** The service's state and dependencies, and what a load leaves for the next one. */
export interface DirectoryLoad {
  readonly store: Store<WalletDirectoryState>;
  readonly options: Options;
  readonly http: HttpClient;
  readonly storage: Storage;
  /** True once the remote directory was read to its end (or none is configured): later loads reuse the run. */
  remoteDone: boolean;
}

/** The option the directory reads (until LatchkeyOptions carries it). */
interface DirectoryOptions {
  readonly projectId?: unknown;
  readonly sdkType?: unknown;
  readonly sdkVersion?: unknown;
}

interface CachedPage {
  readonly url: string;
  readonly wallets: readonly DirectoryWallet[];
}

function isCachedPage(v: unknown): v is CachedPage {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o['url'] === 'string' &&
    Array.isArray(o['wallets']) &&
    o['wallets'].every((w) => typeof w === 'object' && w !== null && typeof (w as { id?: unknown }).id === 'string' && typeof (w as { name?: unknown }).name === 'string')
  );
}

function directoryUrl(d: DirectoryLoad): string | undefined {
  const url = d.options.state.walletDirectoryUrl;
  return typeof url === 'string' && url.trim() !== '' ? url.trim().replace(/\/+$/, '') : undefined;
}

/** One load: the catalogue first (unless a remote list is already shown), then the remote directory. */
export async function runLoad(d: DirectoryLoad): Promise<void> {
  const { store } = d;
  store.patch({ loading: true });
  if (store.state.source === 'catalogue') store.patch({ wallets: CATALOGUE });
  const url = directoryUrl(d);
  if (!url) {
    d.remoteDone = true;
    store.patch({ loading: false, error: undefined });
    return;
  }
  await readRemote(d, url, CATALOGUE);
}

async function readRemote(d: DirectoryLoad, url: string, catalogue: readonly DirectoryWallet[]): Promise<void> {
  const { store } = d;
  // The remote reader loads only when a remote directory is configured.
  const { REMOTE_PAGE_SIZE, mergeWallets, pageCount, parseRemotePage } = await import('./remote');
  const o = d.options.state as DirectoryOptions;
  const cached = d.storage.get(WALLET_DIRECTORY_CACHE_KEY, isCachedPage);
  if (cached && cached.url === url && store.state.source === 'catalogue' && cached.wallets.length) {
    store.patch({ wallets: mergeWallets(cached.wallets, catalogue), source: 'remote' });
  }
  const remote: DirectoryWallet[] = [];
  let pages = 1;
  for (let page = 1; page <= pages; page++) {
    let body: unknown;
    const params = {
      page,
      entries: REMOTE_PAGE_SIZE,
      projectId: typeof o.projectId === 'string' && o.projectId ? o.projectId : undefined,
      st: typeof o.sdkType === 'string' ? o.sdkType : undefined,
      sv: typeof o.sdkVersion === 'string' ? o.sdkVersion : undefined,
    };
    try {
      body = await d.http.get({ baseUrl: url, path: 'getWallets', params });
    } catch (cause) {
      store.patch({ loading: false, error: new WalletDirectoryError({ url: `${url}/getWallets`, page, cause }) });
      return;
    }
    const parsed = parseRemotePage(body, url);
    if (!parsed) {
      store.patch({
        loading: false,
        error: new WalletDirectoryError({ url: `${url}/getWallets`, page, details: `GET ${url}/getWallets (page ${page}): expected {count, data: [...]}` }),
      });
      return;
    }
    remote.push(...parsed.wallets);
    if (page === 1) {
      pages = pageCount(parsed.count);
      d.storage.set(WALLET_DIRECTORY_CACHE_KEY, { url, wallets: parsed.wallets } satisfies CachedPage);
    }
    const last = page >= pages || parsed.wallets.length + parsed.skipped === 0;
    store.patch({ wallets: mergeWallets(remote, catalogue), source: 'remote' });
    if (last) break;
  }
  d.remoteDone = true;
  store.patch({ loading: false, error: undefined });
}
