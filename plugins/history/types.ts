/** The history plugin's contract: its service's interface and state, and its token (declared in ./di). Types only. */
import type { Observed, Transaction } from 'latchkey';

/**
 * - `unsupported`: activity is for eip155 only (docs/account-features.md#which-namespaces-have-what);
 * - `unavailable`: no blockchain API is configured;
 * - `error`: the last fetch failed ('Failed to fetch transactions'; the list is marked empty).
 */
export type ActivityStatus = 'idle' | 'loading' | 'ready' | 'error' | 'unsupported' | 'unavailable';

export interface ActivityState {
  readonly status: ActivityStatus;
  /** `caipNetworkId:address` the list belongs to. */
  readonly key: string | undefined;
  /** The connected chain's transactions, spam NFT-only ones left out (docs/account-features.md#activity). */
  readonly items: readonly Transaction[];
  /** Cursor of the next page; undefined at the end. */
  readonly next: string | undefined;
  readonly loadingMore: boolean;
  /** True when there is nothing to show, including after a failed fetch (docs/account-features.md#activity). */
  readonly empty: boolean;
  /** What the last failed fetch threw (e.g. "Transactions can't be fetched without an accountAddress"). */
  readonly error: Error | undefined;
}

// The token, declared in ./di (in the entry's core chunk); the interface below shares its name.
export { Activity } from './di';
/** The Activity list of the connected account. Token and interface share the name. */
export interface Activity extends Observed<ActivityState> {
  /**
   * The first page (again when the account or network changed, or with `force`). When the list
   * is already shown, the first page is read in the background and replaces the list if it changed.
   */
  load(options?: { readonly force?: boolean }): Promise<void>;
  /** The next page, if there is one. */
  loadMore(): Promise<void>;
  reset(): void;
}
