/** The EVM dev wallet's types: its chains, options, EIP-1193 provider, EIP-6963 info and control object. */
import type { AtomicStatus, DevWalletToken } from './capabilities';
import type { StorageLike, WalletHost } from './host';

export interface DevWalletChain {
  readonly chainId: number;
  readonly rpcUrl: string;
  readonly name?: string;
  /** EIP-5792 atomic execution: default 'supported' for the chains given at install, 'unsupported' for chains added later. */
  readonly atomic?: AtomicStatus;
}

export interface Eip6963ProviderInfo {
  readonly uuid: string;
  readonly name: string;
  readonly icon: string;
  readonly rdns: string;
}

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<any>;
}>;

export interface DevWalletOptions {
  /** Where to announce; defaults to the global `window`. */
  readonly host?: WalletHost;
  /** Chains known at start; the first is the initial chain unless storage says otherwise. */
  readonly chains: readonly DevWalletChain[];
  readonly fetch?: FetchLike;
  readonly storage?: StorageLike;
  readonly storageKey?: string;
  /** Overrides the random EIP-6963 uuid (tests). */
  readonly uuid?: string;
  /** Sets `window.__devWallet` to the wallet's control object (default true when host is the global window). */
  readonly exposeGlobal?: boolean;
  /** ERC-20 tokens wallet_getAssets reports (with the native currency). */
  readonly tokens?: readonly DevWalletToken[];
}

export interface ProviderRpcError extends Error {
  readonly code: number;
  readonly data?: unknown;
}

export type Listener = (...args: any[]) => void;

export interface DevWalletProvider {
  readonly isLatchkeyDevWallet: true;
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: string, listener: Listener): DevWalletProvider;
  removeListener(event: string, listener: Listener): DevWalletProvider;
  off(event: string, listener: Listener): DevWalletProvider;
}

export interface DevWallet {
  readonly info: Eip6963ProviderInfo;
  readonly provider: DevWalletProvider;
  /** When true, the next request that needs the user's approval fails with 4001 (then resets). */
  rejectNext: boolean;
  /** When true, every approval request fails with 4001 until reset. */
  rejectAll: boolean;
  /** Current chain id (number). */
  readonly chainId: number;
  /** The authorised account, if any. */
  readonly account: string | undefined;
  /** Chains the wallet knows. */
  readonly chains: readonly DevWalletChain[];
  /** Announces the provider (EIP-6963). */
  announce(): void;
  /** Switches to the node's dev account at `index` and emits accountsChanged when authorised. */
  selectAccount(index: number): Promise<string>;
  /** Forgets the authorisation and emits accountsChanged([]) (like wallet_revokePermissions). */
  revoke(): void;
  /** Emits `disconnect` to listeners (as a wallet does when the user disconnects it). */
  disconnect(): void;
  /** Stops listening for eip6963:requestProvider. */
  uninstall(): void;
}
