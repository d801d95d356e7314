import { DEFAULT_CONNECTOR_TYPE_ORDER } from '../../kernel/directory/index';
import type { PluginManifest } from '../../kernel/index';
import type { Connector } from '../../kernel/index';
import { injectedConnector, testKernel } from '../../kernel/testing/fakeAdapter';
import {
  connectAttempts,
  connectTarget,
  connectorTag,
  isWalletConnector,
  placeConnector,
  selectWallet,
  sortConnectors,
} from './connectWallet';
import { connectWithWalletConnect, walletConnectConnector } from './walletConnect';

const c = (id: string, type: Connector['type'], extra: Partial<Connector> = {}): Connector => ({
  id,
  name: id.toUpperCase(),
  type,
  chain: 'eip155',
  info: { rdns: `rdns.${id}` },
  provider: {},
  ...extra,
});
const WC = c('wc', 'WALLET_CONNECT', { info: undefined });
const EXT = c('ext', 'EXTERNAL');
const A = c('a', 'ANNOUNCED');
const B = c('b', 'INJECTED');
const GONE = c('gone', 'ANNOUNCED', { installed: false });
const DEFAULT = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const;
const ids = (list: readonly Connector[]) => list.map((x) => x.id);

const pairingPlugin: PluginManifest = {
  id: 'pairing',
  contributes: { views: [{ id: 'PairingView', load: async () => ({ default: () => null }) }], connectorViews: { WALLET_CONNECT: 'PairingView' } },
  load: async () => ({}),
};

describe('connector ordering (Connect view)', () => {
  it('sorts by the default connector type order', () => {
    expect(ids(sortConnectors([GONE, EXT, A, WC, B], DEFAULT, []))).toEqual(['wc', 'a', 'b', 'ext', 'gone']);
  });

  it('puts recent wallets right after walletConnect, most recent first, at most 2', () => {
    const recent = [
      { id: 'ext', name: 'EXT' },
      { id: 'x', name: 'B', rdns: 'rdns.b' },
      { id: 'a', name: 'A' },
    ];
    const sorted = sortConnectors([A, B, EXT, WC], DEFAULT, recent);
    expect(ids(sorted)).toEqual(['wc', 'ext', 'b', 'a']);
    expect(placeConnector(A, DEFAULT_CONNECTOR_TYPE_ORDER, recent, []).slot).toBe('injected');
  });

  it('an installed featured wallet stays among installed with the default order, and goes first when featured leads', () => {
    expect(placeConnector(B, DEFAULT_CONNECTOR_TYPE_ORDER, [], ['b']).slot).toBe('injected');
    expect(placeConnector(GONE, DEFAULT_CONNECTOR_TYPE_ORDER, [], ['gone']).slot).toBe('featured');
    expect(placeConnector(B, ['featured', 'injected'], [], ['b']).slot).toBe('featured');
    expect(ids(sortConnectors([A, B, GONE], ['featured', 'injected', 'recommended'], [], ['gone', 'b']))).toEqual(['gone', 'b', 'a']);
  });

  it('matches featured ids by explorerId too', () => {
    const withExplorer = c('z', 'EXTERNAL', { explorerId: 'hash-z' });
    // default order: featured comes before external
    expect(ids(sortConnectors([EXT, withExplorer], DEFAULT, [], ['hash-z']))).toEqual(['z', 'ext']);
    expect(ids(sortConnectors([EXT, withExplorer], DEFAULT, [], []))).toEqual(['ext', 'z']);
    expect(ids(sortConnectors([EXT, withExplorer], ['external', 'featured'], [], ['hash-z']))).toEqual(['ext', 'z']);
  });

  it('places categories missing from the order last, keeping their order', () => {
    expect(ids(sortConnectors([WC, A, EXT], ['external'], []))).toEqual(['ext', 'wc', 'a']);
  });

  it('a MULTI_CHAIN group is recent when a member is, and installed when a member is', () => {
    const group: Connector = { id: 'multichain:g', name: 'G', type: 'MULTI_CHAIN', chain: 'eip155', connectors: [c('g1', 'ANNOUNCED'), c('g2', 'ANNOUNCED', { chain: 'solana' })] };
    expect(connectorTag(group, [{ id: 'g2', name: 'G' }])).toBe('Recent');
    expect(connectorTag(group, [])).toBe('Installed');
    expect(placeConnector(group, DEFAULT_CONNECTOR_TYPE_ORDER, [], []).slot).toBe('injected');
  });

  it('tags: Recent before Installed; nothing for absent or non-browser wallets', () => {
    expect(connectorTag(A, [{ id: 'a', name: 'A' }])).toBe('Recent');
    expect(connectorTag(A, [])).toBe('Installed');
    expect(connectorTag(GONE, [])).toBeUndefined();
    expect(connectorTag(WC, [])).toBeUndefined();
    expect(connectorTag(EXT, [])).toBeUndefined();
  });

  it('login connectors are not wallets', () => {
    expect(isWalletConnector(c('e', 'AUTH'))).toBe(false);
    expect(isWalletConnector(c('i', 'ID_AUTH'))).toBe(false);
    expect(isWalletConnector(A)).toBe(true);
  });
});

describe('selecting a wallet', () => {
  it('an installed wallet connects and shows ConnectingExternal', async () => {
    const { kernel } = testKernel();
    const done = Promise.resolve();
    const connect = jest.spyOn(kernel.connection, 'connect').mockReturnValue(done as never);
    selectWallet(kernel, injectedConnector);
    expect(connect).toHaveBeenCalledWith({ connectorId: injectedConnector.id });
    expect(kernel.router.state.view).toBe('ConnectingExternal');
    expect(connectAttempts(kernel).state.status).toBe('pending');
    await done;
    await Promise.resolve();
    expect(connectAttempts(kernel).state.status).toBe('connected');
  });

  it('a connector whose type has a contributed view opens that view', () => {
    const { kernel } = testKernel({}, { plugins: [pairingPlugin] });
    selectWallet(kernel, WC);
    expect(kernel.router.state.view).toBe('PairingView');
    expect(kernel.router.state.data).toEqual({ connectorId: 'wc' });
  });

  it('a MULTI_CHAIN group connects its member on the active namespace', () => {
    const { kernel } = testKernel();
    const group: Connector = { id: 'multichain:g', name: 'G', type: 'MULTI_CHAIN', chain: 'eip155', connectors: [c('g-sol', 'ANNOUNCED', { chain: 'solana' }), c('g-evm', 'ANNOUNCED')] };
    expect(connectTarget(kernel, group).id).toBe('g-evm');
  });

  it('connectWithWalletConnect opens the WALLET_CONNECT view with the wallet when there is a connector and a view', () => {
    const { kernel } = testKernel({}, { plugins: [pairingPlugin] });
    const wallet = { id: 'me.rainbow', name: 'Rainbow', mobileLink: 'rainbow://' };
    expect(walletConnectConnector(kernel)).toBeUndefined();
    expect(connectWithWalletConnect(kernel, wallet)).toBe(false);
    expect(kernel.router.state.view).not.toBe('PairingView');
    kernel.connectors.add(WC);
    expect(walletConnectConnector(kernel)?.id).toBe('wc');
    expect(connectWithWalletConnect(kernel, wallet)).toBe(true);
    expect(kernel.router.state.view).toBe('PairingView');
    expect(kernel.router.state.data).toEqual({ connectorId: 'wc', wallet });
    const noView = testKernel();
    noView.kernel.connectors.add(WC);
    expect(connectWithWalletConnect(noView.kernel, wallet)).toBe(false);
  });
});
