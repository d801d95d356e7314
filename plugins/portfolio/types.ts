/** The portfolio plugin's contract: its service's interface and state, and its token (declared in ./di). Types only. */
import type { NftHolding, Observed, TokenBalance } from 'latchkey';

/**
 * - `unsupported`: the active namespace has no balances (docs/account-features.md#which-namespaces-have-what: eip155 and solana only);
 * - `unavailable`: nothing can give them (NFTs without a blockchain API);
 * - `error`: the last fetch failed; a new one is refused until the retry block ends.
 */
export type PortfolioStatus = 'idle' | 'loading' | 'ready' | 'error' | 'unsupported' | 'unavailable';

export interface BalancesState {
  readonly status: PortfolioStatus;
  /** `caipNetworkId:address` the balances belong to. */
  readonly key: string | undefined;
  /** Zero-decimal tokens already filtered out (docs/account-features.md#portfolio). */
  readonly balances: readonly TokenBalance[];
  /** Where they came from: the blockchain API, or the chain itself (native + the `tokens` option). */
  readonly source: 'api' | 'chain' | undefined;
  /** When the last fetch failed (env.now()); no new fetch until 30 s after it (docs/account-features.md#portfolio). */
  readonly lastRetry: number | undefined;
}

export interface NftsState {
  readonly status: PortfolioStatus;
  readonly key: string | undefined;
  /** Every holding of the pages read, spam included (the view hides or marks it). */
  readonly items: readonly NftHolding[];
  /** Cursor of the next page. */
  readonly next: string | undefined;
  readonly loadingMore: boolean;
}

export interface PortfolioState {
  readonly balances: BalancesState;
  readonly nfts: NftsState;
}

// The token, declared in ./di (in the entry's core chunk); the interface below shares its name.
export { Portfolio } from './di';
/** Balances and NFTs of the connected account on the active network. Token and interface share the name. */
export interface Portfolio extends Observed<PortfolioState> {
  /**
   * Reads the balances (the 30 s portfolio cache first unless `force`). A failure shows
   * 'Token Balance Unavailable' and blocks further reads for 30 s.
   */
  refreshBalances(options?: { readonly force?: boolean }): Promise<void>;
  /** The first page of NFTs (again when the account or network changed). */
  loadNfts(): Promise<void>;
  /** The next page, if there is one. */
  loadMoreNfts(): Promise<void>;
  /** Forgets everything (disconnect). */
  reset(): void;
}
