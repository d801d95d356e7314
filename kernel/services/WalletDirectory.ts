import { type Observed, Store } from '../store';
import { WalletDirectoryError } from '../directory/errors';
import type { DirectoryLoad } from '../directory/load';
import type { WalletDirectoryState } from '../directory/types';
import { HttpClient } from './HttpClient';
import { Options } from '../options/Options';
import { Storage } from './Storage';

export type { WalletDirectoryState } from '../directory/types';

export const WalletDirectory = Symbol('WalletDirectory');

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

/**
 * The service holds the state; what a load does (catalogue, remote pages, the cached first
 * page: kernel/directory/load.ts) loads with the catalogue on the first load().
 */
export class WalletDirectoryImpl implements WalletDirectory {
  private readonly store = new Store<WalletDirectoryState>({ wallets: [], loading: false, error: undefined, source: 'catalogue' });
  private readonly work: DirectoryLoad;
  private running: Promise<void> | undefined;

  constructor(options: Options, http: HttpClient, storage: Storage) {
    this.work = { store: this.store, options, http, storage, remoteDone: false };
  }

  get state$() {
    return this.store.state$;
  }

  get state(): WalletDirectoryState {
    return this.store.state;
  }

  load(): Promise<void> {
    if (this.running) return this.running;
    this.store.patch({ loading: true });
    const run = import('../directory/load')
      .then(
        (m) => m.runLoad(this.work),
        (cause: unknown) => {
          // The chunk could not be fetched (offline CDN): keep whatever is there and say why.
          this.store.patch({ loading: false, error: new WalletDirectoryError({ url: 'catalogue', page: 0, cause, details: 'The wallet catalogue chunk could not be loaded' }) });
        },
      )
      .finally(() => {
        // A failed remote read may be retried by a later load(); a finished one is kept.
        if (!this.work.remoteDone) this.running = undefined;
      });
    this.running = run;
    return run;
  }
}
