import { Container } from 'inversify';
import { BehaviorSubject } from 'rxjs';
import type { Connector, RecentWallet } from '../types';
import {
  ConnectorRegistry,
  ConnectorRegistryImpl,
  DEFAULT_CONNECT_METHOD_ORDER,
  DEFAULT_CONNECTOR_TYPE_ORDER,
  WALLET_FIRST_CONNECT_METHOD_ORDER,
  multiChainConnectorId,
} from './ConnectorRegistry';
import { Options } from '../options/Options';
import type { LatchkeyOptions, ResolvedOptions } from '../options/types';
import { MAX_RECENT_WALLETS, Storage } from './Storage';
import { bindService } from '../testing/services';

/** Options fake: a subject of a partial ResolvedOptions, `update` merges shallowly. */
function fakeOptions(init: Partial<ResolvedOptions> = {}): Options {
  const subject = new BehaviorSubject<ResolvedOptions>({ features: {}, ...init } as ResolvedOptions);
  return {
    state$: subject.asObservable(),
    get state() {
      return subject.getValue();
    },
    update(patch: Partial<LatchkeyOptions>) {
      subject.next({ ...subject.getValue(), ...(patch as Partial<ResolvedOptions>) });
    },
  };
}

/** Storage fake: only the recent-wallet part is used by the registry. */
function fakeStorage(initial: RecentWallet[] = []) {
  let recent = initial.slice();
  const calls: RecentWallet[] = [];
  const storage = {
    recentWallets: () => recent,
    addRecentWallet: (w: RecentWallet) => {
      calls.push(w);
      recent = [w, ...recent.filter((r) => r.id !== w.id)].slice(0, MAX_RECENT_WALLETS);
    },
  } as Pick<Storage, 'recentWallets' | 'addRecentWallet'> as Storage;
  return { storage, calls };
}

function setup(opts: Partial<ResolvedOptions> = {}, recent: RecentWallet[] = []) {
  const options = fakeOptions(opts);
  const { storage, calls } = fakeStorage(recent);
  const registry = new ConnectorRegistryImpl(options, storage);
  return { registry, options, storage, storageCalls: calls };
}

const provider = { request: async () => null };

const injectedMM: Connector = { id: 'injected', name: 'MetaMask', type: 'INJECTED', chain: 'eip155', info: { rdns: 'io.metamask' }, provider };
const announcedMM: Connector = { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'io.metamask' }, provider };
const wc: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' };
const phantomEvm: Connector = { id: 'app.phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'app.phantom' }, provider, imageUrl: 'p.png' };
const phantomSol: Connector = { id: 'phantom-sol', name: 'Phantom', type: 'INJECTED', chain: 'solana', info: { rdns: 'app.phantom' }, provider };
const phantomBtc: Connector = { id: 'phantom-btc', name: 'Phantom', type: 'INJECTED', chain: 'bip122', provider };

const ids = (cs: readonly Connector[]) => cs.map((c) => c.id);

describe('ConnectorRegistryImpl add / remove', () => {
  it('starts empty and exposes added connectors in order', () => {
    const { registry } = setup();
    expect(registry.state.connectors).toEqual([]);
    registry.add([wc, announcedMM]);
    registry.add(phantomSol);
    expect(ids(registry.state.connectors)).toEqual(['walletConnect', 'io.metamask', 'phantom-sol']);
    expect(registry.get('io.metamask')).toBe(announcedMM);
  });

  it('add replaces a connector with the same id, in place', () => {
    const { registry } = setup();
    registry.add([wc, announcedMM, phantomSol]);
    const updated: Connector = { ...announcedMM, imageUrl: 'new.png' };
    registry.add(updated);
    expect(ids(registry.state.connectors)).toEqual(['walletConnect', 'io.metamask', 'phantom-sol']);
    expect(registry.get('io.metamask')).toBe(updated);
  });

  it('an ANNOUNCED connector replaces an INJECTED one with the same rdns', () => {
    const { registry } = setup();
    registry.add([injectedMM, wc]);
    registry.add(announcedMM);
    expect(ids(registry.state.connectors)).toEqual(['io.metamask', 'walletConnect']);
    expect(registry.get('injected')).toBeUndefined();
  });

  it('an INJECTED connector arriving after an ANNOUNCED one with the same rdns is dropped', () => {
    const { registry } = setup();
    registry.add(announcedMM);
    registry.add(injectedMM);
    expect(ids(registry.state.connectors)).toEqual(['io.metamask']);
  });

  it('rdns de-duplication also applies inside one add() batch, in both orders', () => {
    const a = setup();
    a.registry.add([injectedMM, announcedMM]);
    expect(ids(a.registry.state.connectors)).toEqual(['io.metamask']);
    const b = setup();
    b.registry.add([announcedMM, injectedMM]);
    expect(ids(b.registry.state.connectors)).toEqual(['io.metamask']);
  });

  it('connectors with different rdns, or no rdns, are not de-duplicated', () => {
    const { registry } = setup();
    const injectedNoRdns: Connector = { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155', provider };
    registry.add([injectedNoRdns, announcedMM]);
    expect(ids(registry.state.connectors)).toEqual(['injected', 'io.metamask']);
  });

  it('the same rdns in different namespaces is not de-duplicated', () => {
    const { registry } = setup();
    registry.add([phantomEvm, phantomSol]);
    expect(ids(registry.state.connectors)).toEqual(['app.phantom', 'phantom-sol']);
  });

  it('remove drops a connector by id', () => {
    const { registry } = setup();
    registry.add([wc, announcedMM]);
    registry.remove('walletConnect');
    expect(ids(registry.state.connectors)).toEqual(['io.metamask']);
    expect(registry.get('walletConnect')).toBeUndefined();
  });

  it('byNamespace returns the connectors of one namespace', () => {
    const { registry } = setup();
    registry.add([wc, phantomEvm, phantomSol, phantomBtc]);
    expect(ids(registry.byNamespace('eip155'))).toEqual(['walletConnect', 'app.phantom']);
    expect(ids(registry.byNamespace('solana'))).toEqual(['phantom-sol']);
    expect(registry.byNamespace('polkadot')).toEqual([]);
  });

  it('state$ emits on each change and not when nothing changed', () => {
    const { registry } = setup();
    let n = 0;
    registry.state$.subscribe(() => n++);
    registry.add(wc);
    registry.remove('absent');
    registry.add(injectedMM);
    registry.add(announcedMM);
    registry.add(injectedMM); // dropped: no change
    expect(n).toBe(4);
  });
});

describe('ConnectorRegistryImpl excludeWalletIds', () => {
  it('connectors whose id is excluded are not exposed', () => {
    const { registry } = setup({ excludeWalletIds: ['io.metamask'] });
    registry.add([wc, announcedMM]);
    expect(ids(registry.state.connectors)).toEqual(['walletConnect']);
    expect(registry.get('io.metamask')).toBeUndefined();
    expect(registry.byNamespace('eip155')).toHaveLength(1);
  });

  it('connectors whose explorerId is excluded are not exposed', () => {
    const { registry } = setup({ excludeWalletIds: ['c57ca95b'] });
    registry.add([{ ...announcedMM, explorerId: 'c57ca95b' }, wc]);
    expect(ids(registry.state.connectors)).toEqual(['walletConnect']);
  });

  it('an excluded wallet does not make the order wallet-first', () => {
    const { registry } = setup({ excludeWalletIds: ['io.metamask'] });
    registry.add(announcedMM);
    expect(registry.connectMethodsOrder()).toEqual(DEFAULT_CONNECT_METHOD_ORDER);
  });

  it('changing excludeWalletIds at run time hides and re-exposes connectors', () => {
    const { registry, options } = setup();
    registry.add([wc, announcedMM]);
    options.update({ excludeWalletIds: ['walletConnect'] });
    expect(ids(registry.state.connectors)).toEqual(['io.metamask']);
    options.update({ excludeWalletIds: [] });
    expect(ids(registry.state.connectors)).toEqual(['walletConnect', 'io.metamask']);
  });
});

describe('ConnectorRegistryImpl grouped()', () => {
  it('groups the same name across namespaces into one MULTI_CHAIN connector', () => {
    const { registry } = setup();
    registry.add([wc, phantomEvm, announcedMM, phantomSol, phantomBtc]);
    const g = registry.grouped();
    expect(ids(g)).toEqual(['walletConnect', 'multichain:phantom', 'io.metamask']);
    const phantom = g[1]!;
    expect(phantom.type).toBe('MULTI_CHAIN');
    expect(phantom.name).toBe('Phantom');
    expect(phantom.chain).toBe('eip155');
    expect(phantom.connectors).toEqual([phantomEvm, phantomSol, phantomBtc]);
    expect(phantom.imageUrl).toBe('p.png');
    expect(phantom.info?.rdns).toBe('app.phantom');
  });

  it('get() finds a group by its id and members by theirs', () => {
    const { registry } = setup();
    registry.add([phantomEvm, phantomSol]);
    const group = registry.get('multichain:phantom');
    expect(group?.type).toBe('MULTI_CHAIN');
    expect(group?.connectors?.find((c) => c.chain === 'solana')).toBe(phantomSol);
    expect(registry.get('phantom-sol')).toBe(phantomSol);
    expect(registry.get('app.phantom')).toBe(phantomEvm);
  });

  it('group ids are a prefixed slug of the name, apart from real ids', () => {
    expect(multiChainConnectorId('Phantom')).toBe('multichain:phantom');
    expect(multiChainConnectorId(' OKX  Wallet! ')).toBe('multichain:okx-wallet');
    const { registry } = setup();
    const realPhantomId: Connector = { ...phantomSol, id: 'phantom' };
    registry.add([phantomEvm, realPhantomId]);
    expect(registry.get('phantom')).toBe(realPhantomId);
    expect(registry.get('multichain:phantom')?.type).toBe('MULTI_CHAIN');
  });

  it('single connectors are returned unchanged (same objects)', () => {
    const { registry } = setup();
    registry.add([wc, announcedMM]);
    const g = registry.grouped();
    expect(g[0]).toBe(wc);
    expect(g[1]).toBe(announcedMM);
  });

  it('the same name twice in one namespace is not grouped', () => {
    const { registry } = setup();
    const other: Connector = { id: 'mm-2', name: 'MetaMask', type: 'EXTERNAL', chain: 'eip155' };
    registry.add([announcedMM, other]);
    expect(registry.grouped().map((c) => c.type)).toEqual(['ANNOUNCED', 'EXTERNAL']);
  });

  it('the group takes the chain of its first member and its position', () => {
    const { registry } = setup();
    registry.add([phantomSol, wc, phantomEvm]);
    const g = registry.grouped();
    expect(ids(g)).toEqual(['multichain:phantom', 'walletConnect']);
    expect(g[0]!.chain).toBe('solana');
    expect(g[0]!.connectors?.map((c) => c.chain)).toEqual(['solana', 'eip155']);
  });

  it('a group is installed when any member is installed', () => {
    const { registry } = setup();
    registry.add([
      { ...phantomEvm, installed: false },
      { ...phantomSol, installed: true },
    ]);
    expect(registry.grouped()[0]!.installed).toBe(true);
  });

  it('is recomputed after a change and reused otherwise', () => {
    const { registry } = setup();
    registry.add([phantomEvm]);
    const first = registry.grouped();
    expect(registry.grouped()).toBe(first);
    registry.add(phantomSol);
    expect(registry.grouped()).not.toBe(first);
    expect(registry.grouped()[0]!.type).toBe('MULTI_CHAIN');
  });
});

describe('ConnectorRegistryImpl ordering', () => {
  it('connectorTypeOrder defaults to the spec order', () => {
    const { registry } = setup();
    expect(registry.connectorTypeOrder()).toEqual(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended']);
    expect(registry.connectorTypeOrder()).toBe(DEFAULT_CONNECTOR_TYPE_ORDER);
  });

  it('connectorTypeOrder uses features.connectorTypeOrder when set', () => {
    const { registry } = setup({ features: { connectorTypeOrder: ['injected', 'walletConnect'] } as unknown as ResolvedOptions['features'] });
    expect(registry.connectorTypeOrder()).toEqual(['injected', 'walletConnect']);
  });

  it('connectMethodsOrder defaults to email, social, wallet without a usable browser wallet', () => {
    const { registry } = setup();
    registry.add(wc);
    expect(registry.connectMethodsOrder()).toEqual(['email', 'social', 'wallet']);
  });

  it('becomes wallet, email, social with a usable announced wallet', () => {
    const { registry } = setup();
    registry.add(announcedMM);
    expect(registry.connectMethodsOrder()).toEqual(['wallet', 'email', 'social']);
    expect(registry.connectMethodsOrder()).toBe(WALLET_FIRST_CONNECT_METHOD_ORDER);
  });

  it('becomes wallet-first with a usable injected wallet', () => {
    const { registry } = setup();
    registry.add(injectedMM);
    expect(registry.connectMethodsOrder()).toEqual(WALLET_FIRST_CONNECT_METHOD_ORDER);
  });

  it('a wallet that is not installed, or has no provider, is not usable', () => {
    const { registry } = setup();
    registry.add([
      { ...announcedMM, installed: false },
      { id: 'inj', name: 'X', type: 'INJECTED', chain: 'eip155' },
      { id: 'ext', name: 'Y', type: 'EXTERNAL', chain: 'eip155', provider },
    ]);
    expect(registry.connectMethodsOrder()).toEqual(DEFAULT_CONNECT_METHOD_ORDER);
  });

  it('a configured connectMethodsOrder is used as is, even with a usable wallet', () => {
    const { registry } = setup({ features: { connectMethodsOrder: ['social', 'email', 'wallet'] } as unknown as ResolvedOptions['features'] });
    registry.add(announcedMM);
    expect(registry.connectMethodsOrder()).toEqual(['social', 'email', 'wallet']);
  });

  it('does not filter out methods whose plugin is absent', () => {
    const { registry } = setup();
    expect(registry.connectMethodsOrder()).toContain('email');
    expect(registry.connectMethodsOrder()).toContain('social');
  });
});

describe('ConnectorRegistryImpl recent wallets', () => {
  it('reads recent wallets from storage at start', () => {
    const { registry } = setup({}, [{ id: 'a', name: 'A' }]);
    expect(registry.state.recent).toEqual([{ id: 'a', name: 'A' }]);
  });

  it('addRecent delegates to storage and keeps at most 2, most recent first, de-duplicated', () => {
    const { registry, storageCalls, storage } = setup();
    registry.addRecent({ id: 'a', name: 'A' });
    registry.addRecent({ id: 'b', name: 'B', rdns: 'b.rdns' });
    registry.addRecent({ id: 'a', name: 'A' });
    registry.addRecent({ id: 'c', name: 'C' });
    expect(registry.state.recent.map((w) => w.id)).toEqual(['c', 'a']);
    expect(storageCalls.map((w) => w.id)).toEqual(['a', 'b', 'a', 'c']);
    expect(storage.recentWallets().map((w) => w.id)).toEqual(['c', 'a']);
  });

  it('resolves from a container with explicit @inject tokens', () => {
    const c = new Container();
    c.bind(Options).toConstantValue(fakeOptions());
    c.bind(Storage).toConstantValue(fakeStorage([{ id: 'x', name: 'X' }]).storage);
    bindService(c, ConnectorRegistry).inSingletonScope();
    expect(c.get<ConnectorRegistry>(ConnectorRegistry).state.recent).toHaveLength(1);
  });
});
