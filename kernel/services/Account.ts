import { CHAIN_NAMESPACES, DEFAULT_ACCOUNT_TYPES } from '../namespaces';

import { type Observed, Store } from '../store';
import { Options } from '../options/Options';
import { Storage } from './Storage';
import { readInitialState, withInitialAccounts } from './initialState';
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

export { DEFAULT_ACCOUNT_TYPES };

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
   * 'disconnected' clears cached addresses; the chosen account types come back.
   * (The state before it is what a server renders: see `withInitialAccounts`.)
   */
  restoreFromStorage(): void;
}

const NAMESPACES = CHAIN_NAMESPACES;
const ACCOUNT_TYPES: readonly AccountType[] = ['eoa', 'smartAccount', 'payment', 'ordinal', 'stx'];

/** Storage key (under the Storage service's own prefix) of the chosen account type. */
export function accountTypeStorageKey(namespace: ChainNamespace): string {
  return `accountType:${namespace}`;
}

function isAccountType(value: unknown): value is AccountType {
  return typeof value === 'string' && (ACCOUNT_TYPES as readonly string[]).includes(value);
}

/**
 * Account state per namespace, persisted through {@link Storage}:
 * - `setConnected` stores status 'connected', the connector id and the address;
 * - `setStatus` stores the status as given;
 * - `reset` stores 'disconnected' and clears the connector id and cached address.
 *
 * The preferred account type defaults to the one the visitor chose (stored by
 * `setPreferredAccountType`), else `options.defaultAccountTypes`, else
 * {@link DEFAULT_ACCOUNT_TYPES}; `reset` keeps that choice.
 *
 * Startup (`restoreFromStorage`): stored 'connected' → 'connecting', with the
 * cached address and connector id shown until the connection is synced;
 * stored 'disconnected' → cached address removed from storage. A stored
 * 'connecting' (a page left mid-connection) leaves the namespace disconnected.
 */
export class AccountImpl implements Account {
  private readonly store: Store<AccountServiceState>;

  constructor(
    private readonly storage: Storage,
    private readonly options: Options,
  ) {
    // Nothing stored is read here: the state as created is the one a server renders.
    const namespaces = {} as Record<ChainNamespace, AccountState>;
    for (const ns of NAMESPACES) namespaces[ns] = this.defaults(ns, false);
    this.store = new Store<AccountServiceState>({ namespaces });
  }

  get state$() {
    return this.store.state$;
  }

  get state(): AccountServiceState {
    return this.store.state;
  }

  get(namespace: ChainNamespace): AccountState {
    return this.store.state.namespaces[namespace];
  }

  isConnected(): boolean {
    return NAMESPACES.some((ns) => this.get(ns).status === 'connected');
  }

  setConnected(namespace: ChainNamespace, account: ConnectedAccount): void {
    const patch: Partial<AccountState> = {
      status: 'connected',
      address: account.address,
      caipAddress: account.caipAddress,
      connectorId: account.connectorId,
      connectedWalletInfo: account.walletInfo,
    };
    this.write(namespace, account.allAccounts ? { ...patch, allAccounts: account.allAccounts } : patch);
    this.storage.setConnectionStatus(namespace, 'connected');
    this.storage.setConnectorId(namespace, account.connectorId);
    this.storage.setCachedAddress(namespace, account.address);
  }

  setStatus(namespace: ChainNamespace, status: ConnectionStatus): void {
    this.write(namespace, { status });
    this.storage.setConnectionStatus(namespace, status);
  }

  setAddress(namespace: ChainNamespace, address: string, caipAddress: CaipAddress): void {
    this.write(namespace, { address, caipAddress });
    this.storage.setCachedAddress(namespace, address);
  }

  setBalance(namespace: ChainNamespace, balance: string | undefined, symbol: string | undefined): void {
    this.write(namespace, { balance, balanceSymbol: symbol });
  }

  setProfile(namespace: ChainNamespace, profile: { name?: string | null; image?: string | null }): void {
    const patch: { profileName?: string | null; profileImage?: string | null } = {};
    if ('name' in profile) patch.profileName = profile.name;
    if ('image' in profile) patch.profileImage = profile.image;
    this.write(namespace, patch);
  }

  setPreferredAccountType(namespace: ChainNamespace, type: AccountType): void {
    this.write(namespace, { preferredAccountType: type });
    this.storage.set(accountTypeStorageKey(namespace), type);
  }

  setCurrentTab(namespace: ChainNamespace, tab: number): void {
    this.write(namespace, { currentTab: tab });
  }

  patch(namespace: ChainNamespace, patch: Partial<AccountState>): void {
    this.write(namespace, patch);
  }

  reset(namespace: ChainNamespace): void {
    this.replaceNamespace(namespace, this.defaults(namespace));
    this.storage.setConnectionStatus(namespace, 'disconnected');
    this.storage.setConnectorId(namespace, undefined);
    this.storage.setCachedAddress(namespace, undefined);
  }

  resetAll(): void {
    for (const ns of NAMESPACES) this.reset(ns);
  }

  restoreFromStorage(): void {
    for (const ns of NAMESPACES) {
      const type = this.storedAccountType(ns);
      if (type) this.write(ns, { preferredAccountType: type });
      if (this.storage.connectionStatus(ns) === 'disconnected') this.storage.setCachedAddress(ns, undefined);
    }
    const restored = withInitialAccounts(this.store.state, readInitialState(this.storage));
    if (restored !== this.store.state) this.store.set(restored);
  }

  private storedAccountType(namespace: ChainNamespace): AccountType | undefined {
    return this.storage.get(accountTypeStorageKey(namespace), isAccountType);
  }

  /** A namespace's state with nothing connected (`stored`: with the account type the visitor chose). */
  private defaults(namespace: ChainNamespace, stored = true): AccountState {
    return {
      status: 'disconnected',
      allAccounts: [],
      currentTab: 0,
      preferredAccountType:
        (stored ? this.storedAccountType(namespace) : undefined) ??
        this.options.state.defaultAccountTypes?.[namespace] ??
        DEFAULT_ACCOUNT_TYPES[namespace],
    };
  }

  private write(namespace: ChainNamespace, patch: Partial<AccountState>): void {
    const current = this.get(namespace);
    let changed = false;
    for (const key in patch) {
      if (!Object.is(current[key as keyof AccountState], patch[key as keyof AccountState])) {
        changed = true;
        break;
      }
    }
    if (changed) this.replaceNamespace(namespace, { ...current, ...patch });
  }

  private replaceNamespace(namespace: ChainNamespace, next: AccountState): void {
    this.store.patch((s) => ({ namespaces: { ...s.namespaces, [namespace]: next } }));
  }
}
