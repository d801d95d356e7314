/**
 * The on-ramp plugin's contract: its service token, the provider and purchase shapes, and the
 * configuration a host gives. Types only; the token is declared in ./di.
 */
import type { CaipNetworkId, ChainNamespace, Observed, Transaction } from 'latchkey';

/** A provider's fee, in percent of the purchase (docs/account-features.md#on-ramp: 1-2 % for Coinbase and Meld). */
export interface FeeRange {
  readonly min: number;
  readonly max: number;
}

/**
 * A payment provider the host adds through the `onrampProviders` option (data only, validated):
 * its checkout page receives the Latchkey checkout query (README "On-ramp"): `address`,
 * `network` (CAIP-2), `asset` (a symbol), optional `amount` and `redirectUrl`.
 */
export interface OnrampProviderOption {
  /** 1-32 of a-z, 0-9 and '-': the blockchain API's `onramp` value for its purchases. Not 'coinbase' or 'meld'. */
  readonly id: string;
  /** The button's text and accessible name, 1-64 characters. */
  readonly name: string;
  /** The checkout page, an http(s) URL; its own query is kept and the checkout query added. */
  readonly checkoutUrl: string;
  /** Namespaces it sells on; default ['eip155']. Only eip155 and solana (docs/account-features.md#which-namespaces-have-what). */
  readonly namespaces?: readonly ChainNamespace[];
  /** Only these networks (CAIP-2); default: every network of its namespaces. */
  readonly networks?: readonly CaipNetworkId[];
  /** Shown beside the name; default none. */
  readonly feeRange?: FeeRange;
  /** An http(s) URL. */
  readonly iconUrl?: string;
}

/** What Coinbase's session token API is asked for (the host's backend calls it with its CDP keys). */
export interface CoinbaseSessionRequest {
  readonly addresses: readonly { readonly address: string; readonly blockchains: readonly string[] }[];
  readonly assets: readonly string[];
}

export interface CoinbaseConfig {
  /** The Onramp app (project) id, for apps without secure initialisation (Coinbase's legacy `appId` + `addresses` query). */
  readonly appId?: string;
  /** Asks the host's backend for a session token (Coinbase requires one for new apps); wins over `appId`. */
  readonly sessionToken?: (request: CoinbaseSessionRequest) => Promise<string>;
}

export interface MeldConfig {
  /** The widget's public key (Meld dashboard); without one, Meld's public widget opens. */
  readonly publicKey?: string;
}

/** `onrampPlugin(config)`: what cannot be plain options (functions) and the built-in providers' settings. */
export interface OnrampConfig {
  /** Coinbase Onramp settings; `false` leaves Coinbase out. Without `appId` or `sessionToken` it is listed as not set up. */
  readonly coinbase?: CoinbaseConfig | false;
  /** Meld settings; `false` leaves Meld out. */
  readonly meld?: MeldConfig | false;
  /** Where providers send the visitor back; default the dapp's `metadata.url`. */
  readonly redirectUrl?: string;
}

/** One entry of the provider list, for the account's current network and asset. */
export interface OnrampProviderEntry {
  readonly id: string;
  readonly name: string;
  readonly feeRange: FeeRange | undefined;
  readonly iconUrl: string | undefined;
  /** 'ready' with a checkout URL; 'loading' while a session is fetched; 'unavailable' with a reason. */
  readonly status: 'ready' | 'loading' | 'unavailable';
  readonly url: string | undefined;
  readonly reason: string | undefined;
}

/** A purchase as the blockchain API lists it (`onramp=<provider>`): a Transaction with operationType 'buy'. */
export type Purchase = Transaction & { readonly provider: string };

/** Watching for the purchase the visitor started (BuyInProgress). */
export interface OnrampWatch {
  readonly provider: string;
  /** 'waiting' polls the blockchain API; 'untracked' when it cannot (no API, or not eip155). */
  readonly status: 'waiting' | 'in-progress' | 'success' | 'failed' | 'timeout' | 'untracked' | 'error';
  readonly purchase: Purchase | undefined;
}

export interface OnrampState {
  /** Active namespace, network and address the list was built for ('' when none). */
  readonly key: string;
  /** 'unsupported': the active namespace has no on-ramp (docs/account-features.md#which-namespaces-have-what: eip155 and solana only). */
  readonly status: 'idle' | 'ready' | 'unsupported' | 'disconnected';
  readonly asset: string | undefined;
  readonly amount: string | undefined;
  readonly providers: readonly OnrampProviderEntry[];
  readonly watch: OnrampWatch | undefined;
}

// The token, declared in ./di (in the entry's core chunk); the interface below shares its name.
export { Onramp } from './di';
/** The on-ramp service, bound when the plugin's module loads. Token and interface share the name. */
export interface Onramp extends Observed<OnrampState> {
  /** Builds the provider list (and each checkout URL) for the connected account, its network and `asset` (default: the native currency). */
  prepare(params?: { readonly asset?: string; readonly amount?: string }): Promise<void>;
  /** The visitor opened `provider`'s checkout: watch the blockchain API for the purchase (every 3 s, for 4 minutes). */
  watch(provider: string): Promise<void>;
  /** Stops watching. */
  unwatch(): void;
  /** Forgets the list and any watch (disconnect). */
  reset(): void;
}
