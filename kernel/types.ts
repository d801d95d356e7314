/**
 * Plain data shapes shared by the kernel, its plugins and the UI (docs/connection.md#namespaces-and-data-shapes).
 * Types only: this file emits no code.
 */
import type { TokenBalance } from './services/blockchainApi/types';

/** Chain namespaces the kernel keeps state for. */
export type ChainNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122';

/** `namespace:reference`, e.g. `eip155:1`. */
export type CaipNetworkId = `${string}:${string}`;
/** `namespace:reference:address`. */
export type CaipAddress = `${string}:${string}:${string}`;

interface NativeCurrency {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
}

export interface CaipNetwork {
  readonly id: number | string;
  readonly name: string;
  /** Short network slug (e.g. 'mainnet'); optional. */
  readonly network?: string;
  readonly caipNetworkId: CaipNetworkId;
  readonly deprecatedCaipNetworkId?: CaipNetworkId;
  readonly chainNamespace: ChainNamespace;
  readonly nativeCurrency: NativeCurrency;
  readonly rpcUrls: {
    readonly default: { readonly http: readonly string[] };
    readonly chainDefault?: { readonly http: readonly string[] };
  };
  readonly blockExplorers?: { readonly default: { readonly name: string; readonly url: string } };
  readonly assets?: { readonly imageId?: string; readonly imageUrl?: string };
  readonly testnet?: boolean;
  /**
   * Contracts of the chain, in viem's chain shape (a viem chain's `contracts` fits). Read: the ENS
   * Universal Resolver and registry (`latchkey/eip155`'s `ensContracts`, docs/connection.md#account-sync).
   */
  readonly contracts?: {
    readonly ensUniversalResolver?: { readonly address: `0x${string}` };
    readonly ensRegistry?: { readonly address: `0x${string}` };
    readonly [name: string]: { readonly address: `0x${string}` } | Readonly<Record<number, { readonly address: `0x${string}` }>> | undefined;
  };
}

export type ConnectorType =
  | 'AUTH'
  | 'MULTI_CHAIN'
  | 'ANNOUNCED'
  | 'INJECTED'
  | 'EXTERNAL'
  | 'WALLET_CONNECT'
  | 'ID_AUTH';

/** A provider as exposed by an EIP-1193 wallet; other namespaces use their own shape. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on?(event: string, listener: (...args: any[]) => void): unknown;
  removeListener?(event: string, listener: (...args: any[]) => void): unknown;
}

export interface Connector {
  readonly id: string;
  readonly name: string;
  readonly type: ConnectorType;
  /** Namespace this connector serves. */
  readonly chain: ChainNamespace;
  /** For MULTI_CHAIN: the grouped per-namespace connectors. */
  readonly connectors?: readonly Connector[];
  readonly imageUrl?: string;
  readonly imageId?: string;
  readonly explorerId?: string;
  readonly info?: { readonly rdns?: string; readonly uuid?: string };
  readonly provider?: unknown;
  /** Where a wallet that is not installed can be had. */
  readonly installUrl?: string;
  /** False for a configured wallet that the browser does not have. */
  readonly installed?: boolean;
}

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected';

export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx';

export interface ConnectedWalletInfo {
  readonly name: string;
  readonly icon?: string;
  readonly identifier?: string;
  readonly social?: string;
}

/** Account record: namespace, address, type, publicKey, path. */
export interface AccountRecord {
  readonly namespace: ChainNamespace;
  readonly address: string;
  readonly type: string;
  readonly publicKey?: string;
  readonly path?: string;
}

export interface AccountState {
  readonly status: ConnectionStatus;
  readonly caipAddress?: CaipAddress;
  readonly address?: string;
  readonly balance?: string;
  readonly balanceSymbol?: string;
  readonly profileName?: string | null;
  readonly profileImage?: string | null;
  readonly addressExplorerUrl?: string;
  /** Token balances (docs/account-features.md#portfolio); the portfolio plugin fills them. */
  readonly tokenBalance?: readonly TokenBalance[];
  readonly connectedWalletInfo?: ConnectedWalletInfo;
  readonly connectorId?: string;
  readonly preferredAccountType?: AccountType;
  readonly socialProvider?: string;
  readonly farcasterUrl?: string;
  readonly allAccounts: readonly AccountRecord[];
  readonly user?: { readonly username?: string; readonly email?: string };
  readonly smartAccountDeployed?: boolean;
  readonly currentTab: number;
  /**
   * True while the connected wallet cannot be reached (e.g. the WalletConnect relay is gone):
   * the account stays connected, requests wait for a bounded time or can be cancelled, and the
   * flag clears when the link is back.
   */
  readonly connectionLost?: boolean;
}

export interface NetworkState {
  /** Active network of this namespace; undefined until one is chosen. */
  readonly caipNetwork?: CaipNetwork;
  readonly requestedCaipNetworks: readonly CaipNetwork[];
  readonly approvedCaipNetworkIds: readonly CaipNetworkId[];
  readonly supportsAllNetworks: boolean;
  readonly smartAccountEnabledNetworks: readonly (number | string)[];
}

export type ConnectorTypeOrder =
  | 'walletConnect'
  | 'recent'
  | 'injected'
  | 'featured'
  | 'custom'
  | 'external'
  | 'recommended';
export interface RecentWallet {
  readonly id: string;
  readonly name: string;
  readonly rdns?: string;
}

export interface DappMetadata {
  readonly name: string;
  readonly description: string;
  readonly url: string;
  readonly icons: readonly string[];
}

export type ThemeMode = 'light' | 'dark';

export interface ThemeVariables {
  readonly '--lk-font-family'?: string;
  readonly '--lk-accent'?: string;
  readonly '--lk-color-mix'?: string;
  readonly '--lk-color-mix-strength'?: number;
  readonly '--lk-border-radius-master'?: string;
  readonly '--lk-z-index'?: number;
  readonly [name: `--lk-${string}`]: string | number | undefined;
}
