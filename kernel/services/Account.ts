import type { Observed } from '../store';
import type {
  AccountState,
  AccountType,
  ChainNamespace,
  ConnectionStatus,
  ConnectedWalletInfo,
  AccountRecord,
  CaipAddress,
} from '../types';

export const Account = Symbol('Account');

/** Spec section 9 defaults. */
export const DEFAULT_ACCOUNT_TYPES: Readonly<Record<ChainNamespace, AccountType>> = {
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
};

export interface AccountServiceState {
  readonly namespaces: Readonly<Record<ChainNamespace, AccountState>>;
}

export interface ConnectedAccount {
  readonly address: string;
  readonly caipAddress: CaipAddress;
  readonly connectorId: string;
  readonly walletInfo?: ConnectedWalletInfo;
  readonly allAccounts?: readonly AccountRecord[];
}

/** Per-namespace account state and the connection-status rules at startup. */
export interface Account extends Observed<AccountServiceState> {
  get(namespace: ChainNamespace): AccountState;
  /** True when any namespace is connected. */
  isConnected(): boolean;
  setConnected(namespace: ChainNamespace, account: ConnectedAccount): void;
  setStatus(namespace: ChainNamespace, status: ConnectionStatus): void;
  setAddress(namespace: ChainNamespace, address: string, caipAddress: CaipAddress): void;
  setBalance(namespace: ChainNamespace, balance: string | undefined, symbol: string | undefined): void;
  setProfile(namespace: ChainNamespace, profile: { name?: string | null; image?: string | null }): void;
  setPreferredAccountType(namespace: ChainNamespace, type: AccountType): void;
  setCurrentTab(namespace: ChainNamespace, tab: number): void;
  patch(namespace: ChainNamespace, patch: Partial<AccountState>): void;
  /** Account state back to defaults (disconnected). */
  reset(namespace: ChainNamespace): void;
  resetAll(): void;
  /**
   * Startup rule: a stored 'connected' becomes 'connecting'; a stored
   * 'disconnected' clears cached addresses.
   */
  restoreFromStorage(): void;
}
