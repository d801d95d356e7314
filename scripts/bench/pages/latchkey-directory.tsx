/**
 * Benchmark page: the Latchkey page (React entry, EVM plugin) with a remote wallet directory of
 * 5,000 wallets, served by the bench server at {origin}/directory (GET /directory/getWallets).
 */
import { createRoot } from 'react-dom/client';
import { createKernel, defineNetwork } from 'latchkey';
import { evmPlugin } from 'latchkey/plugins/evm';
import { ConnectButton, LatchkeyProvider } from 'latchkey/react';

const mainnet = defineNetwork({
  id: 1,
  name: 'Ethereum',
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/rpc'] } },
});

const kernel = createKernel({
  options: {
    projectId: 'latchkey-bench',
    metadata: { name: 'Bench', description: 'Benchmark host', url: location.origin, icons: [] },
    networks: [mainnet],
    enableEIP6963: true,
    enableInjected: true,
    enableWalletConnect: false,
    walletDirectoryUrl: `${location.origin}/directory`,
    features: { analytics: false },
  },
  plugins: [evmPlugin()],
});

createRoot(document.getElementById('root')!).render(
  <LatchkeyProvider kernel={kernel}>
    <main>
      <h1>Host app</h1>
      <ConnectButton />
    </main>
  </LatchkeyProvider>,
);
