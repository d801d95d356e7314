import { createKernel, defineNetwork, type Connector } from '../../kernel/index';
import { isWalletConnectEntry, selectWallet } from './connectWallet';

const wc = (id: string, chain: Connector['chain']): Connector => ({ id, name: 'WalletConnect', type: 'WALLET_CONNECT', chain });

function kernelWith(connectors: Connector[]) {
  const kernel = createKernel({
    options: {
      projectId: 'p',
      networks: [defineNetwork({ id: 1, name: 'Ethereum', caipNetworkId: 'eip155:1', chainNamespace: 'eip155', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } })],
      features: { analytics: false },
    },
    environment: { localStorage: undefined, window: undefined } as never,
  });
  kernel.connectors.add(connectors);
  return kernel;
}

describe('selectWallet: WalletConnect entries open the pairing view', () => {
  it('a MULTI_CHAIN group of WalletConnect connectors opens ConnectingWalletConnect with the member on the active namespace', () => {
    const kernel = kernelWith([wc('walletConnect', 'eip155'), wc('walletConnect:solana', 'solana')]);
    const group = kernel.connectors.grouped().find((c) => c.name === 'WalletConnect')!;
    expect(group.type).toBe('MULTI_CHAIN');
    expect(isWalletConnectEntry(group)).toBe(true);
    kernel.network.setActiveNamespace('solana');
    selectWallet(kernel, group);
    expect(kernel.router.state).toMatchObject({ view: 'ConnectingWalletConnect', data: { connectorId: 'walletConnect:solana' } });
    expect(kernel.connection.state.pending).toBeUndefined(); // the view starts the connect, not the click
  });

  it('a single WalletConnect connector keeps its own id; a group of other wallets still connects right away', () => {
    const kernel = kernelWith([
      wc('walletConnect', 'eip155'),
      { id: 'phantom-evm', name: 'Phantom', type: 'INJECTED', chain: 'eip155', provider: { request: async () => [] } },
      { id: 'phantom-sol', name: 'Phantom', type: 'INJECTED', chain: 'solana', provider: {} },
    ]);
    selectWallet(kernel, kernel.connectors.get('walletConnect')!);
    expect(kernel.router.state).toMatchObject({ view: 'ConnectingWalletConnect', data: { connectorId: 'walletConnect' } });
    const phantom = kernel.connectors.grouped().find((c) => c.name === 'Phantom')!;
    expect(isWalletConnectEntry(phantom)).toBe(false);
    kernel.router.reset('Connect');
    selectWallet(kernel, phantom);
    expect(kernel.router.state.view).toBe('ConnectingExternal');
  });
});
