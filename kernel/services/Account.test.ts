import { Container } from 'inversify';
import type { AccountType, ChainNamespace, ConnectionStatus, RecentWallet } from '../types';
import { Account, AccountImpl, DEFAULT_ACCOUNT_TYPES, accountTypeStorageKey } from './Account';
import { Options } from '../options/Options';
import type { ResolvedOptions } from '../options/types';
import { MAX_RECENT_WALLETS, Storage, type ScopedStorage, type TtlCache } from './Storage';
import { bindService } from '../testing/services';

/** In-memory Storage with the same per-namespace accessors as the real one. */
class FakeStorage implements Storage {
  readonly persistent = false;
  readonly values = new Map<string, unknown>();

  get<T = unknown>(key: string, guard?: (value: unknown) => value is T): T | undefined {
    if (!this.values.has(key)) return undefined;
    const v = this.values.get(key);
    return guard && !guard(v) ? undefined : (v as T);
  }
  set(key: string, value: unknown): void {
    this.values.set(key, value);
  }
  remove(key: string): void {
    this.values.delete(key);
  }
  cache(name: string): TtlCache {
    return {
      get: <T,>(key: string) => this.get<T>(`cache:${name}:${key}`),
      set: (key: string, value: unknown) => this.set(`cache:${name}:${key}`, value),
      clear: (key?: string) => {
        for (const k of [...this.values.keys()]) if (k.startsWith(`cache:${name}:${key ?? ''}`)) this.values.delete(k);
      },
    };
  }
  scope(): ScopedStorage {
    throw new Error('not used by Account');
  }
  recentWallets(): readonly RecentWallet[] {
    return (this.get<RecentWallet[]>('recent') ?? []).slice();
  }
  addRecentWallet(wallet: RecentWallet): void {
    this.set('recent', [wallet, ...this.recentWallets().filter((w) => w.id !== wallet.id)].slice(0, MAX_RECENT_WALLETS));
  }
  private opt(key: string, value: unknown): void {
    if (value === undefined) this.remove(key);
    else this.set(key, value);
  }
  connectionStatus(ns: ChainNamespace): ConnectionStatus | undefined {
    return this.get<ConnectionStatus>(`status:${ns}`);
  }
  setConnectionStatus(ns: ChainNamespace, status: ConnectionStatus): void {
    this.set(`status:${ns}`, status);
  }
  connectorId(ns: ChainNamespace): string | undefined {
    return this.get<string>(`connectorId:${ns}`);
  }
  setConnectorId(ns: ChainNamespace, id: string | undefined): void {
    this.opt(`connectorId:${ns}`, id);
  }
  activeNetwork(ns: ChainNamespace): string | undefined {
    return this.get<string>(`network:${ns}`);
  }
  setActiveNetwork(ns: ChainNamespace, id: string | undefined): void {
    this.opt(`network:${ns}`, id);
  }
  activeNamespace(): ChainNamespace | undefined {
    return this.get<ChainNamespace>('namespace');
  }
  setActiveNamespace(ns: ChainNamespace | undefined): void {
    this.opt('namespace', ns);
  }
  cachedAddress(ns: ChainNamespace): string | undefined {
    return this.get<string>(`address:${ns}`);
  }
  setCachedAddress(ns: ChainNamespace, address: string | undefined): void {
    this.opt(`address:${ns}`, address);
  }
  socialProvider(): string | undefined {
    return this.get<string>('social');
  }
  setSocialProvider(provider: string | undefined): void {
    this.opt('social', provider);
  }
}

function fakeOptions(defaultAccountTypes?: Partial<Record<ChainNamespace, AccountType>>): Options {
  return {
    state: { defaultAccountTypes } as unknown as ResolvedOptions,
  } as Options;
}

const NS: ChainNamespace[] = ['eip155', 'solana', 'polkadot', 'bip122'];
const ADDR = '0x1111111111111111111111111111111111111111';

function setup(opts?: Partial<Record<ChainNamespace, AccountType>>, storage = new FakeStorage()) {
  const account = new AccountImpl(storage, fakeOptions(opts));
  return { account, storage };
}

describe('AccountImpl defaults', () => {
  it('keeps one disconnected state per namespace with spec defaults', () => {
    const { account } = setup();
    for (const ns of NS) {
      expect(account.get(ns)).toEqual({
        status: 'disconnected',
        allAccounts: [],
        currentTab: 0,
        preferredAccountType: DEFAULT_ACCOUNT_TYPES[ns],
      });
    }
    expect(Object.keys(account.state.namespaces).sort()).toEqual([...NS].sort());
  });

  it('spec default account types: eip155 smartAccount, solana eoa, polkadot eoa, bip122 payment', () => {
    expect(DEFAULT_ACCOUNT_TYPES).toEqual({ eip155: 'smartAccount', solana: 'eoa', polkadot: 'eoa', bip122: 'payment' });
  });

  it('options.defaultAccountTypes override the defaults per namespace', () => {
    const { account } = setup({ eip155: 'eoa', bip122: 'ordinal' });
    expect(account.get('eip155').preferredAccountType).toBe('eoa');
    expect(account.get('bip122').preferredAccountType).toBe('ordinal');
    expect(account.get('solana').preferredAccountType).toBe('eoa');
  });

  it('isConnected is false when nothing is connected, including while connecting', () => {
    const { account } = setup();
    expect(account.isConnected()).toBe(false);
    account.setStatus('solana', 'connecting');
    expect(account.isConnected()).toBe(false);
  });
});

describe('AccountImpl connection', () => {
  it('setConnected sets the account fields and status, and persists status, connector id and address', () => {
    const { account, storage } = setup();
    account.setConnected('eip155', {
      address: ADDR,
      caipAddress: `eip155:1:${ADDR}`,
      connectorId: 'io.metamask',
      walletInfo: { name: 'MetaMask', icon: 'data:x' },
      allAccounts: [{ namespace: 'eip155', address: ADDR, type: 'eoa' }],
    });
    const s = account.get('eip155');
    expect(s.status).toBe('connected');
    expect(s.address).toBe(ADDR);
    expect(s.caipAddress).toBe(`eip155:1:${ADDR}`);
    expect(s.connectorId).toBe('io.metamask');
    expect(s.connectedWalletInfo).toEqual({ name: 'MetaMask', icon: 'data:x' });
    expect(s.allAccounts).toHaveLength(1);
    expect(storage.connectionStatus('eip155')).toBe('connected');
    expect(storage.connectorId('eip155')).toBe('io.metamask');
    expect(storage.cachedAddress('eip155')).toBe(ADDR);
    expect(account.get('solana').status).toBe('disconnected');
  });

  it('isConnected is true when any namespace is connected', () => {
    const { account } = setup();
    account.setConnected('bip122', { address: 'bc1q', caipAddress: 'bip122:000000000019d6689c085ae165831e93:bc1q', connectorId: 'x' });
    expect(account.isConnected()).toBe(true);
  });

  it('setStatus changes the status and persists it', () => {
    const { account, storage } = setup();
    account.setStatus('solana', 'connecting');
    expect(account.get('solana').status).toBe('connecting');
    expect(storage.connectionStatus('solana')).toBe('connecting');
    account.setStatus('solana', 'disconnected');
    expect(storage.connectionStatus('solana')).toBe('disconnected');
  });

  it('setAddress updates address, caipAddress and the cached address', () => {
    const { account, storage } = setup();
    account.setAddress('eip155', ADDR, `eip155:10:${ADDR}`);
    expect(account.get('eip155').caipAddress).toBe(`eip155:10:${ADDR}`);
    expect(storage.cachedAddress('eip155')).toBe(ADDR);
  });

  it('reset returns a namespace to its defaults and clears its stored connection', () => {
    const { account, storage } = setup();
    account.setConnected('eip155', { address: ADDR, caipAddress: `eip155:1:${ADDR}`, connectorId: 'c' });
    account.setConnected('solana', { address: 'So1', caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So1', connectorId: 'p' });
    account.setCurrentTab('eip155', 2);
    account.setBalance('eip155', '1.5', 'ETH');
    account.reset('eip155');
    expect(account.get('eip155')).toEqual({
      status: 'disconnected',
      allAccounts: [],
      currentTab: 0,
      preferredAccountType: 'smartAccount',
    });
    expect(storage.connectionStatus('eip155')).toBe('disconnected');
    expect(storage.connectorId('eip155')).toBeUndefined();
    expect(storage.cachedAddress('eip155')).toBeUndefined();
    // the other namespace is untouched
    expect(account.get('solana').status).toBe('connected');
    expect(storage.cachedAddress('solana')).toBe('So1');
    expect(account.isConnected()).toBe(true);
  });

  it('resetAll resets every namespace', () => {
    const { account, storage } = setup();
    account.setConnected('eip155', { address: ADDR, caipAddress: `eip155:1:${ADDR}`, connectorId: 'c' });
    account.setConnected('solana', { address: 'So1', caipAddress: 'solana:x:So1', connectorId: 'p' });
    account.resetAll();
    expect(account.isConnected()).toBe(false);
    for (const ns of NS) {
      expect(account.get(ns).address).toBeUndefined();
      expect(storage.connectionStatus(ns)).toBe('disconnected');
    }
  });
});

describe('AccountImpl startup rules', () => {
  it("stored 'connected' becomes 'connecting', showing the cached address and connector id", () => {
    const storage = new FakeStorage();
    storage.setConnectionStatus('eip155', 'connected');
    storage.setCachedAddress('eip155', ADDR);
    storage.setConnectorId('eip155', 'io.metamask');
    const { account } = setup(undefined, storage);
    account.restoreFromStorage();
    const s = account.get('eip155');
    expect(s.status).toBe('connecting');
    expect(s.address).toBe(ADDR);
    expect(s.connectorId).toBe('io.metamask');
    expect(account.isConnected()).toBe(false);
    // the stored status stays 'connected' so a reload during sync retries
    expect(storage.connectionStatus('eip155')).toBe('connected');
    expect(storage.cachedAddress('eip155')).toBe(ADDR);
  });

  it("stored 'connected' without a cached address becomes 'connecting' with no address", () => {
    const storage = new FakeStorage();
    storage.setConnectionStatus('solana', 'connected');
    const { account } = setup(undefined, storage);
    account.restoreFromStorage();
    expect(account.get('solana').status).toBe('connecting');
    expect(account.get('solana').address).toBeUndefined();
  });

  it("stored 'disconnected' clears the cached address in storage", () => {
    const storage = new FakeStorage();
    storage.setConnectionStatus('eip155', 'disconnected');
    storage.setCachedAddress('eip155', ADDR);
    storage.setConnectionStatus('bip122', 'connected');
    storage.setCachedAddress('bip122', 'bc1q');
    const { account } = setup(undefined, storage);
    account.restoreFromStorage();
    expect(storage.cachedAddress('eip155')).toBeUndefined();
    expect(account.get('eip155').status).toBe('disconnected');
    expect(account.get('eip155').address).toBeUndefined();
    // the connected namespace keeps its cache
    expect(storage.cachedAddress('bip122')).toBe('bc1q');
    expect(account.get('bip122').status).toBe('connecting');
  });

  it('nothing stored leaves every namespace disconnected', () => {
    const { account, storage } = setup();
    account.restoreFromStorage();
    for (const ns of NS) expect(account.get(ns).status).toBe('disconnected');
    expect(storage.values.size).toBe(0);
  });

  it('success after restore gives connected; failure (reset) gives disconnected', () => {
    const storage = new FakeStorage();
    storage.setConnectionStatus('eip155', 'connected');
    storage.setConnectionStatus('solana', 'connected');
    const { account } = setup(undefined, storage);
    account.restoreFromStorage();
    account.setConnected('eip155', { address: ADDR, caipAddress: `eip155:1:${ADDR}`, connectorId: 'c' });
    account.reset('solana');
    expect(account.get('eip155').status).toBe('connected');
    expect(account.get('solana').status).toBe('disconnected');
    expect(storage.connectionStatus('solana')).toBe('disconnected');
  });
});

describe('AccountImpl other setters', () => {
  it('setPreferredAccountType updates state and stores it under accountType:<ns>', () => {
    const { account, storage } = setup();
    account.setPreferredAccountType('eip155', 'eoa');
    expect(account.get('eip155').preferredAccountType).toBe('eoa');
    expect(accountTypeStorageKey('eip155')).toBe('accountType:eip155');
    expect(storage.get('accountType:eip155')).toBe('eoa');
  });

  it('a stored account type is the default on the next start and survives reset', () => {
    const storage = new FakeStorage();
    storage.set('accountType:eip155', 'eoa');
    storage.set('accountType:solana', 'not-a-type');
    const { account } = setup({ eip155: 'smartAccount' }, storage);
    // as created (what a server renders): the option's default; the stored choice comes back at startup
    expect(account.get('eip155').preferredAccountType).toBe('smartAccount');
    account.restoreFromStorage();
    expect(account.get('eip155').preferredAccountType).toBe('eoa');
    expect(account.get('solana').preferredAccountType).toBe('eoa'); // corrupt value ignored → default
    account.reset('eip155');
    expect(account.get('eip155').preferredAccountType).toBe('eoa');
  });

  it('setBalance, setProfile, setCurrentTab and patch update only their namespace', () => {
    const { account } = setup();
    account.setBalance('solana', '2', 'SOL');
    account.setProfile('solana', { name: 'alice.sol', image: null });
    account.setCurrentTab('solana', 1);
    account.patch('solana', { smartAccountDeployed: true });
    expect(account.get('solana')).toMatchObject({
      balance: '2',
      balanceSymbol: 'SOL',
      profileName: 'alice.sol',
      profileImage: null,
      currentTab: 1,
      smartAccountDeployed: true,
    });
    expect(account.get('eip155').balance).toBeUndefined();
  });

  it('setProfile leaves fields that are not given', () => {
    const { account } = setup();
    account.setProfile('eip155', { name: 'vitalik.eth', image: 'https://x/y.png' });
    account.setProfile('eip155', { image: null });
    expect(account.get('eip155').profileName).toBe('vitalik.eth');
    expect(account.get('eip155').profileImage).toBeNull();
  });

  it('state$ emits on changes and not on no-op writes', () => {
    const { account } = setup();
    let n = 0;
    account.state$.subscribe(() => n++);
    account.setCurrentTab('eip155', 0); // same value
    expect(n).toBe(1);
    account.setCurrentTab('eip155', 2);
    expect(n).toBe(2);
  });

  it('resolves from a container with explicit @inject tokens', () => {
    const c = new Container();
    c.bind(Storage).toConstantValue(new FakeStorage());
    c.bind(Options).toConstantValue(fakeOptions({ solana: 'eoa' }));
    bindService(c, Account).inSingletonScope();
    expect(c.get<Account>(Account).get('solana').status).toBe('disconnected');
  });
});
