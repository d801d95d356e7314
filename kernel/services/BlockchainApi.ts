import type { CaipNetworkId } from '../types';
import type { NameRecord, NftHolding, Page, TokenBalance, Transaction } from './blockchainApi/types';
import { Options } from '../options/Options';
import { HttpClient } from './HttpClient';
import { Storage } from './Storage';

export const BlockchainApi = Symbol('BlockchainApi');
export type { NftHolding, NameRecord, Page, TokenBalance, Transaction } from './blockchainApi/types';

/**
 * The blockchain API client (docs/account-features.md#blockchain-api). Every request carries projectId, st and sv.
 * Answers are cached in Storage for these times (docs/account-features.md#blockchain-api): portfolio 30 s, name and
 * identity 5 min. The client code loads on the first call: a host that never shows balances,
 * history or names never downloads it.
 *
 * Errors: 'HTTP status code: {status}' for a non-2xx answer (HttpRequestError); name calls
 * throw NameError with the provider's first reason description, else a fixed text (docs/errors.md#blockchain-api-errors).
 * BlockchainApiNotConfiguredError when no `blockchainApiUrl` is set.
 */
export interface BlockchainApi {
  /** Whether a blockchain API is configured (`blockchainApiUrl`); without one, callers fall back to reading the chain. */
  readonly configured: boolean;
  /** Balances of `address` on `caipNetworkId` (native and tokens), cached 30 s unless `force`. */
  balances(params: { readonly address: string; readonly caipNetworkId: CaipNetworkId; readonly force?: boolean }): Promise<readonly TokenBalance[]>;
  /** One page of history; `onramp` asks for a provider's purchases. Throws TransactionsWithoutAccountError without an account. */
  transactions(params: {
    readonly account: string;
    readonly cursor?: string;
    readonly onramp?: string;
    readonly caipNetworkId?: CaipNetworkId;
  }): Promise<Page<Transaction>>;
  nfts(params: { readonly address: string; readonly caipNetworkId?: CaipNetworkId; readonly cursor?: string }): Promise<Page<NftHolding>>;
  /** Name and avatar of an address (reverse lookup), cached 5 min. */
  identity(params: { readonly address: string; readonly caipNetworkId: CaipNetworkId }): Promise<{ readonly name: string | null; readonly avatar: string | null }>;
  /** The record of `name`, or undefined when it is free (cached 5 min). */
  lookupName(name: string): Promise<NameRecord | undefined>;
  suggestNames(name: string): Promise<readonly { readonly name: string; readonly registered: boolean }[]>;
  namesForAddress(params: { readonly address: string; readonly caipNetworkId: CaipNetworkId }): Promise<readonly NameRecord[]>;
  registerName(params: {
    readonly coinType: number;
    readonly address: string;
    readonly message: string;
    readonly signature: string;
  }): Promise<NameRecord>;
}


/** The part of the client that does the work, loaded on first use (./blockchainApi/client). */
type BlockchainApiBackend = Omit<BlockchainApi, 'configured'>;


/**
 * Loads the client on the first call and keeps it. Holds no state of its own beyond that, so
 * a kernel that never uses it pays only for this file.
 */
export class BlockchainApiImpl implements BlockchainApi {
  private backend: Promise<BlockchainApiBackend> | undefined;

  constructor(
    private readonly http: HttpClient,
    private readonly options: Options,
    private readonly storage: Storage,
  ) {}

  get configured(): boolean {
    return Boolean(this.options.state.blockchainApiUrl);
  }

  private client(): Promise<BlockchainApiBackend> {
    this.backend ??= import('./blockchainApi/client').then(
      (m) => m.createBlockchainApiClient({ http: this.http, options: this.options, storage: this.storage }),
      (err: unknown) => {
        this.backend = undefined; // a failed chunk load can be tried again
        throw err;
      },
    );
    return this.backend;
  }

  balances(params: Parameters<BlockchainApi['balances']>[0]) {
    return this.client().then((c) => c.balances(params));
  }
  transactions(params: Parameters<BlockchainApi['transactions']>[0]) {
    return this.client().then((c) => c.transactions(params));
  }
  nfts(params: Parameters<BlockchainApi['nfts']>[0]) {
    return this.client().then((c) => c.nfts(params));
  }
  identity(params: Parameters<BlockchainApi['identity']>[0]) {
    return this.client().then((c) => c.identity(params));
  }
  lookupName(name: string) {
    return this.client().then((c) => c.lookupName(name));
  }
  suggestNames(name: string) {
    return this.client().then((c) => c.suggestNames(name));
  }
  namesForAddress(params: Parameters<BlockchainApi['namesForAddress']>[0]) {
    return this.client().then((c) => c.namesForAddress(params));
  }
  registerName(params: Parameters<BlockchainApi['registerName']>[0]) {
    return this.client().then((c) => c.registerName(params));
  }
}
