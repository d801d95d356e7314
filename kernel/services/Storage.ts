import type { ChainNamespace, ConnectionStatus, RecentWallet } from '../types';

export const Storage = Symbol('Storage');

/** TTL caches of spec section 9. */
export type CacheName = 'portfolio' | 'nativeBalance' | 'name' | 'identity';
export const CACHE_TTL_MS: Readonly<Record<CacheName, number>> = {
  portfolio: 30_000,
  nativeBalance: 30_000,
  name: 300_000,
  identity: 300_000,
};
export const MAX_RECENT_WALLETS = 2;

/**
 * Browser storage behind one service. Keys are namespaced (`@latchkey/…`).
 * Corrupt or foreign values read as undefined, never throw. Without storage
 * (server, private mode) it keeps values in memory for the page's life.
 */
export interface Storage {
  readonly persistent: boolean;
  get<T = unknown>(key: string, guard?: (value: unknown) => value is T): T | undefined;
  set(key: string, value: unknown): void;
  remove(key: string): void;

  getCached<T = unknown>(cache: CacheName, key: string): T | undefined;
  setCached(cache: CacheName, key: string, value: unknown): void;
  clearCache(cache: CacheName, key?: string): void;

  recentWallets(): readonly RecentWallet[];
  /** Puts `wallet` first, de-duplicated by id, at most {@link MAX_RECENT_WALLETS}. */
  addRecentWallet(wallet: RecentWallet): void;

  connectionStatus(namespace: ChainNamespace): ConnectionStatus | undefined;
  setConnectionStatus(namespace: ChainNamespace, status: ConnectionStatus): void;
  connectorId(namespace: ChainNamespace): string | undefined;
  setConnectorId(namespace: ChainNamespace, id: string | undefined): void;
  /** Stored active network per namespace (CAIP network id). */
  activeNetwork(namespace: ChainNamespace): string | undefined;
  setActiveNetwork(namespace: ChainNamespace, caipNetworkId: string | undefined): void;
  activeNamespace(): ChainNamespace | undefined;
  setActiveNamespace(namespace: ChainNamespace | undefined): void;
  /** Cached address per namespace (cleared when the stored status is disconnected). */
  cachedAddress(namespace: ChainNamespace): string | undefined;
  setCachedAddress(namespace: ChainNamespace, address: string | undefined): void;
  socialProvider(): string | undefined;
  setSocialProvider(provider: string | undefined): void;
}
