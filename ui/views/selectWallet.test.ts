import { createKernel, type Connector, type PluginManifest } from '../../kernel/index';
import { selectWallet } from './connectWallet';
import { evmNetwork } from '../../kernel/testing/networks';

const paired = (id: string, chain: Connector['chain']): Connector => ({ id, name: 'Pairing', type: 'WALLET_CONNECT', chain });

/** A plugin that gives WALLET_CONNECT connectors a view of their own, as the WalletConnect plugin does. */
const pairingPlugin: PluginManifest = {
  id: 'pairing',
  contributes: {
    views: [{ id: 'PairingView', load: async () => ({ default: () => null }) }],
    connectorViews: { WALLET_CONNECT: 'PairingView' },
  },
  load: async () => ({}),
};

function kernelWith(connectors: Connector[], plugins: PluginManifest[] = [pairingPlugin]) {
  const kernel = createKernel({
    options: {
      projectId: 'p',
      networks: [evmNetwork(1, 'Ethereum', 'http://127.0.0.1:9')],
      features: { analytics: false },
    },
    plugins,
    environment: { localStorage: undefined, window: undefined } as never,
  });
  kernel.connectors.add(connectors);
  return kernel;
}

describe('selectWallet: a connector type with a contributed view opens it', () => {
  it('a MULTI_CHAIN group of such connectors opens the view with the member on the active namespace', () => {
    const kernel = kernelWith([paired('pair', 'eip155'), paired('pair:solana', 'solana')]);
    const group = kernel.connectors.grouped().find((c) => c.name === 'Pairing')!;
    expect(group.type).toBe('MULTI_CHAIN');
    kernel.network.setActiveNamespace('solana');
    selectWallet(kernel, group);
    expect(kernel.router.state).toMatchObject({ view: 'PairingView', data: { connectorId: 'pair:solana' } });
    expect(kernel.connection.state.pending).toBeUndefined(); // the view starts the connect, not the click
  });

  it('a single connector keeps its own id; a group of other wallets connects right away, titled by the wallet', () => {
    const kernel = kernelWith([
      paired('pair', 'eip155'),
      { id: 'phantom-evm', name: 'Phantom', type: 'INJECTED', chain: 'eip155', provider: { request: async () => [] } },
      { id: 'phantom-sol', name: 'Phantom', type: 'INJECTED', chain: 'solana', provider: {} },
    ]);
    selectWallet(kernel, kernel.connectors.get('pair')!);
    expect(kernel.router.state).toMatchObject({ view: 'PairingView', data: { connectorId: 'pair' } });
    const phantom = kernel.connectors.grouped().find((c) => c.name === 'Phantom')!;
    kernel.router.reset('Connect');
    selectWallet(kernel, phantom);
    // the group connects by its id: its member on the active namespace first, then the others (Connection.connect)
    expect(kernel.router.state).toMatchObject({ view: 'ConnectingExternal', data: { connectorId: 'multichain:phantom', title: 'Phantom' } });
    expect(kernel.connection.state.pending).toBe('phantom-evm');
  });

  it('without a contributed view the connector connects right away', () => {
    const kernel = kernelWith([paired('pair', 'eip155')], []);
    selectWallet(kernel, kernel.connectors.get('pair')!);
    expect(kernel.router.state.view).toBe('ConnectingExternal');
  });
});
