import type { Connector, ConnectorTypeOrder } from '../types';
import { isInstalledConnector, naturalSlot, orderWallets, pickSlot, type OrderWalletsInput } from './order';
import { baseConnectorType } from './slots';
import type { DirectoryWallet } from './types';

const announced = (id: string, name: string, extra: Partial<Connector> = {}): Connector => ({
  id,
  name,
  type: 'ANNOUNCED',
  chain: 'eip155',
  info: { rdns: id },
  provider: {},
  ...extra,
});
const WC: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' };
const EXT: Connector = { id: 'coinbaseSdk', name: 'Coinbase SDK', type: 'EXTERNAL', chain: 'eip155' };
const EMAIL: Connector = { id: 'email', name: 'Email', type: 'AUTH', chain: 'eip155' };

const dir = (id: string, name: string, extra: Partial<DirectoryWallet> = {}): DirectoryWallet => ({
  id,
  name,
  homepage: `https://${id}.example`,
  ...extra,
});
const CATALOGUE: DirectoryWallet[] = [
  dir('io.metamask', 'MetaMask', { rdns: 'io.metamask', chromeStore: 'https://chromewebstore.google.com/detail/mm' }),
  dir('com.trustwallet.app', 'Trust Wallet', { rdns: 'com.trustwallet.app' }),
  dir('me.rainbow', 'Rainbow', { rdns: 'me.rainbow' }),
  dir('safe', 'Safe'),
  dir('app.phantom', 'Phantom', { rdns: 'app.phantom', namespaces: ['solana', 'eip155'] }),
  dir('solflare', 'Solflare', { namespaces: ['solana'] }),
  dir('xverse', 'Xverse', { namespaces: ['bip122'] }),
];

const order = (input: Partial<OrderWalletsInput>) => orderWallets({ connectors: [], catalogue: CATALOGUE, ...input });
const names = (input: Partial<OrderWalletsInput>) => order(input).map((e) => e.name);

describe('slot helpers', () => {
  it('baseConnectorType: a MULTI_CHAIN group acts as its first member', () => {
    const group: Connector = { id: 'multichain:x', name: 'X', type: 'MULTI_CHAIN', chain: 'eip155', connectors: [EXT, announced('x', 'X')] };
    expect(baseConnectorType(group)).toBe('EXTERNAL');
    expect(baseConnectorType(WC)).toBe('WALLET_CONNECT');
  });

  it('isInstalledConnector: present injected/announced wallets only', () => {
    expect(isInstalledConnector(announced('a', 'A'))).toBe(true);
    expect(isInstalledConnector(announced('a', 'A', { installed: false }))).toBe(false);
    expect(isInstalledConnector({ ...announced('a', 'A'), type: 'INJECTED' })).toBe(true);
    expect(isInstalledConnector(WC)).toBe(false);
    expect(isInstalledConnector(EXT)).toBe(false);
    const group: Connector = { id: 'g', name: 'G', type: 'MULTI_CHAIN', chain: 'eip155', connectors: [announced('g1', 'G', { installed: false }), announced('g2', 'G', { chain: 'solana' })] };
    expect(isInstalledConnector(group)).toBe(true);
  });

  it('naturalSlot: walletConnect › injected › custom › external › recommended', () => {
    expect(naturalSlot({ connector: WC, source: 'connector', installed: false })).toBe('walletConnect');
    expect(naturalSlot({ connector: announced('a', 'A'), source: 'connector', installed: true })).toBe('injected');
    expect(naturalSlot({ source: 'custom', installed: false })).toBe('custom');
    expect(naturalSlot({ connector: EXT, source: 'connector', installed: false })).toBe('external');
    expect(naturalSlot({ source: 'directory', installed: false })).toBe('recommended');
    expect(naturalSlot({ connector: announced('a', 'A', { installed: false }), source: 'connector', installed: false })).toBe('recommended');
  });

  it('pickSlot: the earliest qualifying slot of the order; unlisted slots go last', () => {
    const def: ConnectorTypeOrder[] = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'];
    expect(pickSlot('injected', { recent: false, featured: true }, def)).toEqual({ slot: 'injected', rank: 2 });
    expect(pickSlot('recommended', { recent: false, featured: true }, def)).toEqual({ slot: 'featured', rank: 3 });
    expect(pickSlot('injected', { recent: true, featured: true }, def)).toEqual({ slot: 'recent', rank: 1 });
    expect(pickSlot('injected', { recent: false, featured: true }, ['featured', 'injected'])).toEqual({ slot: 'featured', rank: 0 });
    expect(pickSlot('external', { recent: false, featured: false }, ['injected'])).toEqual({ slot: 'external', rank: 1 });
  });
});

describe('orderWallets', () => {
  it('lists the directory in its own order when nothing else is known', () => {
    expect(names({})).toEqual(['MetaMask', 'Trust Wallet', 'Rainbow', 'Safe', 'Phantom', 'Solflare', 'Xverse']);
    const e = order({})[0]!;
    expect(e).toMatchObject({ key: 'wallet:io.metamask', source: 'directory', slot: 'recommended', installed: false, connector: undefined, tag: undefined });
    expect(e.wallet).toBe(CATALOGUE[0]);
  });

  it('follows the default connector type order: walletConnect, recent, injected, featured, custom, external, recommended', () => {
    const list = order({
      connectors: [EXT, announced('io.rabby', 'Rabby'), WC, announced('me.rainbow', 'Rainbow')],
      recent: [{ id: 'com.trustwallet.app', name: 'Trust Wallet' }],
      featuredIds: ['safe'],
      customWallets: [{ id: 'acme', name: 'Acme Wallet', homepage: 'https://acme.example' }],
    });
    expect(list.map((e) => [e.name, e.slot])).toEqual([
      ['WalletConnect', 'walletConnect'],
      ['Trust Wallet', 'recent'],
      ['Rabby', 'injected'],
      ['Rainbow', 'injected'],
      ['Safe', 'featured'],
      ['Acme Wallet', 'custom'],
      ['Coinbase SDK', 'external'],
      ['MetaMask', 'recommended'],
      ['Phantom', 'recommended'],
      ['Solflare', 'recommended'],
      ['Xverse', 'recommended'],
    ]);
  });

  it('honours a custom connectorTypeOrder', () => {
    const input = {
      connectors: [EXT, announced('io.rabby', 'Rabby'), WC],
      featuredIds: ['safe'],
      connectorTypeOrder: ['featured', 'external', 'injected', 'recommended', 'walletConnect'] as ConnectorTypeOrder[],
    };
    expect(names(input).slice(0, 4)).toEqual(['Safe', 'Coinbase SDK', 'Rabby', 'MetaMask']);
    expect(names(input).at(-1)).toBe('WalletConnect');
  });

  it('puts slots missing from connectorTypeOrder after the listed ones, in their own order', () => {
    expect(names({ connectors: [announced('io.rabby', 'Rabby')], connectorTypeOrder: ['recommended'] })).toEqual([
      'MetaMask', 'Trust Wallet', 'Rainbow', 'Safe', 'Phantom', 'Solflare', 'Xverse', 'Rabby',
    ]);
  });

  it('puts recent wallets first after walletConnect, most recent first, at most 2', () => {
    const list = order({
      connectors: [WC, announced('io.rabby', 'Rabby')],
      recent: [
        { id: 'safe', name: 'Safe' },
        { id: 'io.rabby', name: 'Rabby', rdns: 'io.rabby' },
        { id: 'me.rainbow', name: 'Rainbow' },
      ],
    });
    expect(list.slice(0, 3).map((e) => [e.name, e.slot, e.tag])).toEqual([
      ['WalletConnect', 'walletConnect', undefined],
      ['Safe', 'recent', 'Recent'],
      ['Rabby', 'recent', 'Recent'],
    ]);
    // the third recent one is not treated as recent
    expect(list.find((e) => e.name === 'Rainbow')).toMatchObject({ slot: 'recommended', recentIndex: -1, tag: undefined });
  });

  it('recognises a recent wallet by rdns when its id differs', () => {
    const list = order({ connectors: [announced('uuid-123', 'MetaMask', { info: { rdns: 'io.metamask' } })], recent: [{ id: 'old-id', name: 'MetaMask', rdns: 'io.metamask' }] });
    expect(list[0]).toMatchObject({ name: 'MetaMask', slot: 'recent', tag: 'Recent', recentIndex: 0 });
  });

  it('shows an installed (announced) wallet once, tagged Installed, with the directory links', () => {
    const list = order({ connectors: [announced('io.metamask', 'MetaMask')] });
    const mm = list.filter((e) => e.name === 'MetaMask');
    expect(mm).toHaveLength(1);
    expect(mm[0]).toMatchObject({ key: 'connector:io.metamask', installed: true, tag: 'Installed', slot: 'injected' });
    expect(mm[0]!.connector?.id).toBe('io.metamask');
    expect(mm[0]!.wallet?.chromeStore).toBe('https://chromewebstore.google.com/detail/mm');
    expect(list).toHaveLength(CATALOGUE.length);
  });

  it('dedupes by rdns even when the connector id and name differ from the directory entry', () => {
    const list = order({ connectors: [announced('6963-uuid', 'MetaMask Flask?', { info: { rdns: 'io.metamask' } })] });
    expect(list.filter((e) => e.rdns === 'io.metamask')).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: 'MetaMask Flask?', installed: true, rdns: 'io.metamask' });
  });

  it('dedupes a legacy injected connector without rdns by name', () => {
    const injected: Connector = { id: 'injected', name: 'MetaMask', type: 'INJECTED', chain: 'eip155', provider: {} };
    expect(names({ connectors: [injected] }).filter((n) => n === 'MetaMask')).toHaveLength(1);
  });

  it('dedupes a MULTI_CHAIN group against the directory through any member rdns', () => {
    const group: Connector = {
      id: 'multichain:phantom',
      name: 'Phantom',
      type: 'MULTI_CHAIN',
      chain: 'eip155',
      connectors: [announced('app.phantom', 'Phantom'), announced('phantom-sol', 'Phantom', { chain: 'solana', info: { rdns: 'app.phantom' } })],
    };
    const list = order({ connectors: [group] });
    expect(list.filter((e) => e.name === 'Phantom')).toHaveLength(1);
    expect(list[0]).toMatchObject({ key: 'connector:multichain:phantom', installed: true, tag: 'Installed' });
  });

  it('lists a registered but absent wallet without a usable connector, with its install URL', () => {
    const list = order({ connectors: [announced('me.rainbow', 'Rainbow', { installed: false, installUrl: 'https://rainbow.example/get' })] });
    const r = list.find((e) => e.name === 'Rainbow')!;
    expect(r).toMatchObject({ installed: false, connector: undefined, installUrl: 'https://rainbow.example/get', slot: 'recommended', tag: undefined });
    expect(r.wallet?.id).toBe('me.rainbow');
    expect(list.filter((e) => e.name === 'Rainbow')).toHaveLength(1);
  });

  it('skips login connectors (AUTH, ID_AUTH)', () => {
    expect(names({ connectors: [EMAIL, { ...EMAIL, id: 'id', type: 'ID_AUTH' }] })).not.toContain('Email');
  });

  it('orders featured wallets by featuredIds, matching id, rdns or explorerId', () => {
    const catalogue = [...CATALOGUE, dir('remote-hash', 'Remote One', { explorerId: 'abc123' })];
    expect(names({ catalogue, featuredIds: ['abc123', 'me.rainbow', 'safe'] }).slice(0, 3)).toEqual(['Remote One', 'Rainbow', 'Safe']);
  });

  it('keeps an installed featured wallet among the installed ones with the default order, not twice', () => {
    const list = order({ connectors: [announced('io.rabby', 'Rabby'), announced('me.rainbow', 'Rainbow')], featuredIds: ['me.rainbow', 'safe'] });
    expect(list.slice(0, 3).map((e) => [e.name, e.slot])).toEqual([
      ['Rabby', 'injected'],
      ['Rainbow', 'injected'],
      ['Safe', 'featured'],
    ]);
    expect(list.filter((e) => e.name === 'Rainbow')).toHaveLength(1);
  });

  it('includeIds keeps only those directory wallets, in that order; connectors and custom wallets stay', () => {
    const list = order({
      connectors: [announced('io.rabby', 'Rabby')],
      customWallets: [{ id: 'acme', name: 'Acme' }],
      includeIds: ['safe', 'io.metamask'],
    });
    expect(list.map((e) => e.name)).toEqual(['Rabby', 'Acme', 'Safe', 'MetaMask']);
  });

  it('includeIds still lets featured wallets through', () => {
    expect(names({ includeIds: ['safe'], featuredIds: ['me.rainbow'] })).toEqual(['Rainbow', 'Safe']);
  });

  it('an empty includeIds list does not filter', () => {
    expect(names({ includeIds: [] })).toHaveLength(CATALOGUE.length);
  });

  it('excludeIds removes wallets from every source, by id, rdns or explorerId', () => {
    const list = names({
      connectors: [announced('io.rabby', 'Rabby'), WC],
      customWallets: [{ id: 'acme', name: 'Acme' }],
      catalogue: [...CATALOGUE, dir('x', 'Explorer Listed', { explorerId: 'hash-x' })],
      excludeIds: ['io.rabby', 'acme', 'me.rainbow', 'hash-x', 'walletConnect'],
    });
    for (const n of ['Rabby', 'Acme', 'Rainbow', 'Explorer Listed', 'WalletConnect']) expect(list).not.toContain(n);
    expect(list).toContain('MetaMask');
  });

  it('excluding an installed wallet by its directory id hides both the connector and the directory entry', () => {
    const list = names({ connectors: [announced('uuid-1', 'MetaMask', { info: { rdns: 'io.metamask' } })], excludeIds: ['io.metamask'] });
    expect(list).not.toContain('MetaMask');
  });

  it('exclude wins over include and featured', () => {
    expect(names({ includeIds: ['safe', 'me.rainbow'], featuredIds: ['safe'], excludeIds: ['safe'] })).toEqual(['Rainbow']);
  });

  it('a custom wallet that a connector already is is not listed twice (same name, id or rdns)', () => {
    const list = order({
      connectors: [announced('io.test', 'Test Wallet')],
      customWallets: [
        { id: 'dup', name: 'test wallet', homepage: 'https://dup.example' },
        { id: 'dup2', name: 'Other Name', rdns: 'io.test' },
      ],
      catalogue: [],
    });
    expect(list.map((e) => e.name)).toEqual(['Test Wallet']);
    expect(list[0]!.wallet?.homepage).toBe('https://dup.example');
  });

  it('a custom wallet replaces the directory entry it matches; its fields win', () => {
    const list = order({ customWallets: [{ id: 'me.rainbow', name: 'Rainbow', homepage: 'https://my.rainbow' }] });
    const rainbow = list.filter((e) => e.name === 'Rainbow');
    expect(rainbow).toHaveLength(1);
    expect(rainbow[0]).toMatchObject({ source: 'custom', slot: 'custom' });
    expect(rainbow[0]!.wallet).toMatchObject({ homepage: 'https://my.rainbow', rdns: 'me.rainbow' });
  });

  it('leaves out directory wallets serving none of the app namespaces (unknown namespaces stay)', () => {
    expect(names({ namespaces: ['eip155'] })).toEqual(['MetaMask', 'Trust Wallet', 'Rainbow', 'Safe', 'Phantom']);
    expect(names({ namespaces: ['solana'] })).toEqual(['MetaMask', 'Trust Wallet', 'Rainbow', 'Safe', 'Phantom', 'Solflare']);
    expect(names({ namespaces: [] })).toHaveLength(CATALOGUE.length);
  });

  it('gives every entry a unique key, even with duplicate directory ids', () => {
    const list = order({ catalogue: [...CATALOGUE, dir('safe', 'Safe again')], connectors: [announced('io.rabby', 'Rabby')] });
    expect(new Set(list.map((e) => e.key)).size).toBe(list.length);
    expect(list.map((e) => e.name)).not.toContain('Safe again');
  });

  it('orders 5000 directory wallets with connectors (installed first, then featured)', () => {
    const big = Array.from({ length: 5000 }, (_, i) => dir(`w${i}`, `Wallet ${i}`, { rdns: `com.w${i}` }));
    const list = orderWallets({ connectors: [announced('com.w4999', 'Wallet 4999')], catalogue: big, featuredIds: ['w10'] });
    expect(list).toHaveLength(5000);
    expect(list.slice(0, 2).map((e) => e.name)).toEqual(['Wallet 4999', 'Wallet 10']);
  });
});
