import { inject, injectable } from 'inversify';
import { type Observed, Store } from '../store';
import { WalletDirectoryError } from '../directory/errors';
import type { DirectorySource, DirectoryWallet } from '../directory/types';
import { HttpClient } from './HttpClient';
import { Options } from '../options/Options';
import { Storage } from './Storage';

export const WalletDirectory = Symbol('WalletDirectory');

export interface WalletDirectoryState {
  /** Every known wallet, in recommended order (remote order first when a remote directory answered). */
  readonly wallets: readonly DirectoryWallet[];
  readonly loading: boolean;
  /** Why the remote directory could not be (fully) read; the list then holds the catalogue and what was read. */
  readonly error: WalletDirectoryError | undefined;
  /** 'remote' once at least one remote page was merged in. */
  readonly source: DirectorySource;
}

/**
 * The wallet directory: the catalogue shipped with the package (loaded on
 * first use, never in the entry bundle) and, when `walletDirectoryUrl` is set,
 * a remote directory API merged over it.
 */
export interface WalletDirectory extends Observed<WalletDirectoryState> {
  /**
   * Loads the catalogue, then the remote directory when configured. Calls while
   * a load runs, or after one succeeded, share its promise; after a remote
   * failure the next call tries the remote directory again. Never rejects:
   * failures land in `state.error`.
   */
  load(): Promise<void>;
}

/** The option the directory reads (until LatchkeyOptions carries it). */
interface DirectoryOptions {
  readonly projectId?: unknown;
  readonly sdkType?: unknown;
  readonly sdkVersion?: unknown;
}

/** Storage key of the cached first remote page. */
export const WALLET_DIRECTORY_CACHE_KEY = 'walletDirectory';

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

/**
 * Remote directory: GET {walletDirectoryUrl}/getWallets?page=N&entries=100
 * &projectId=…&st=…&sv=… pages are read one after another until `count` wallets
 * are in (at most MAX_REMOTE_PAGES pages); after each page the merged list is
 * published. A failing page stops the reading: what was read stays, the error
 * is kept (WalletDirectoryError with the HttpClient error as cause).
 * The first page (the most popular wallets) is kept in Storage, so a later
 * visit shows it at once and still has it when the directory is unreachable.
 */
@injectable()
export class WalletDirectoryImpl implements WalletDirectory {
  private readonly store = new Store<WalletDirectoryState>({ wallets: [], loading: false, error: undefined, source: 'catalogue' });
  private running: Promise<void> | undefined;
  private catalogue: readonly DirectoryWallet[] | undefined;
  private remoteDone = false;

  constructor(
    @inject(Options) private readonly options: Options,
    @inject(HttpClient) private readonly http: HttpClient,
    @inject(Storage) private readonly storage: Storage,
  ) {}

  get state$() {
    return this.store.state$;
  }

  get state(): WalletDirectoryState {
    return this.store.state;
  }

  load(): Promise<void> {
    if (this.running) return this.running;
    const run = this.run().finally(() => {
      // A failed remote read may be retried by a later load(); a finished one is kept.
      if (!this.remoteDone) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private url(): string | undefined {
    const url = this.options.state.walletDirectoryUrl;
    return typeof url === 'string' && url.trim() !== '' ? url.trim().replace(/\/+$/, '') : undefined;
  }

  private async run(): Promise<void> {
    this.store.patch({ loading: true });
    if (!this.catalogue) {
      try {
        const mod = await import('../directory/catalogue');
        this.catalogue = mod.CATALOGUE;
      } catch (cause) {
        // The chunk could not be fetched (offline CDN): keep whatever is there and say why.
        this.store.patch({ loading: false, error: new WalletDirectoryError({ url: 'catalogue', page: 0, cause, details: 'The wallet catalogue chunk could not be loaded' }) });
        return;
      }
      if (this.store.state.source === 'catalogue') this.store.patch({ wallets: this.catalogue });
    }
    const url = this.url();
    if (!url) {
      this.remoteDone = true;
      this.store.patch({ loading: false, error: undefined });
      return;
    }
    await this.readRemote(url, this.catalogue);
  }

  private async readRemote(url: string, catalogue: readonly DirectoryWallet[]): Promise<void> {
    // The remote reader loads only when a remote directory is configured.
    const { REMOTE_PAGE_SIZE, mergeWallets, pageCount, parseRemotePage } = await import('../directory/remote');
    const o = this.options.state as DirectoryOptions;
    const cached = this.storage.get(WALLET_DIRECTORY_CACHE_KEY, isCachedPage);
    if (cached && cached.url === url && this.store.state.source === 'catalogue' && cached.wallets.length) {
      this.store.patch({ wallets: mergeWallets(cached.wallets, catalogue), source: 'remote' });
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
        body = await this.http.get({ baseUrl: url, path: 'getWallets', params });
      } catch (cause) {
        this.store.patch({ loading: false, error: new WalletDirectoryError({ url: `${url}/getWallets`, page, cause }) });
        return;
      }
      const parsed = parseRemotePage(body, url);
      if (!parsed) {
        this.store.patch({
          loading: false,
          error: new WalletDirectoryError({ url: `${url}/getWallets`, page, details: `GET ${url}/getWallets (page ${page}): expected {count, data: [...]}` }),
        });
        return;
      }
      remote.push(...parsed.wallets);
      if (page === 1) {
        pages = pageCount(parsed.count);
        this.storage.set(WALLET_DIRECTORY_CACHE_KEY, { url, wallets: parsed.wallets } satisfies CachedPage);
      }
      const last = page >= pages || parsed.wallets.length + parsed.skipped === 0;
      this.store.patch({ wallets: mergeWallets(remote, catalogue), source: 'remote' });
      if (last) break;
    }
    this.remoteDone = true;
    this.store.patch({ loading: false, error: undefined });
  }
}
