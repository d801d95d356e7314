/**
 * The blockchain API's data shapes (docs/account-features.md#blockchain-api), shared by the BlockchainApi
 * service and the client it loads on first use.
 */

/** A token balance (docs/account-features.md#blockchain-api). `quantity.numeric` is the amount in whole units ('1.5'). */
export interface TokenBalance {
  readonly name: string;
  readonly symbol: string;
  /** CAIP-2 network id. */
  readonly chainId: string;
  /** CAIP-10 account of the token contract; absent (or the namespace's placeholder) for the native currency. */
  readonly address?: string;
  /** USD value of the holding. */
  readonly value?: number;
  /** USD price of one unit. */
  readonly price: number;
  readonly iconUrl: string;
  readonly quantity: { readonly decimals: string; readonly numeric: string };
}

/** A transaction (docs/account-features.md#blockchain-api). */
export interface Transaction {
  readonly id: string;
  readonly metadata: {
    readonly minedAt: string;
    /** CAIP-2 network id. */
    readonly chain: string;
    readonly operationType: string;
    readonly status: string;
    readonly sentFrom: string;
    readonly sentTo: string;
    readonly hash?: string;
  };
  readonly transfers: readonly {
    readonly nft_info?: { readonly name?: string; readonly flags?: { readonly is_spam?: boolean }; readonly content?: { readonly preview?: { readonly url?: string } } };
    readonly fungible_info?: { readonly name?: string; readonly symbol?: string; readonly icon?: { readonly url?: string } };
    readonly quantity: { readonly numeric: string };
    readonly direction?: string;
    readonly value?: number;
  }[];
}

export interface NftHolding {
  /** CAIP-2 network id. */
  readonly chainId: string;
  readonly contract: { readonly address: string; readonly name?: string; readonly symbol?: string };
  readonly tokenId: string;
  readonly name: string;
  readonly imageUrl?: string;
  readonly isSpam: boolean;
}

/** A registered account name. `addresses` by coin type (ENSIP-11). */
export interface NameRecord {
  readonly name: string;
  readonly addresses: Readonly<Record<string, { readonly address: string }>>;
  readonly attributes: Readonly<Record<string, string>>;
}

export interface Page<T> {
  readonly data: readonly T[];
  /** Cursor of the next page; undefined at the end. */
  readonly next: string | undefined;
}

