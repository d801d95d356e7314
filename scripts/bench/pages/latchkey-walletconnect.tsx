/**
 * Benchmark page: the Latchkey page (React entry, EVM plugin) with the WalletConnect plugin, paired
 * through the local relay whose URL the bench gives in the query string (`?relay=ws://127.0.0.1:…`).
 */
import { createRoot } from 'react-dom/client';
import { createKernel, defineNetwork } from 'latchkey';
import { evmPlugin } from 'latchkey/plugins/evm';
import { walletConnectPlugin } from 'latchkey/plugins/walletconnect';
import { ConnectButton, LatchkeyProvider } from 'latchkey/react';

const mainnet = defineNetwork({
  id: 1,
  name: 'Ethereum',
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/rpc'] } },
});

const relayUrl = new URLSearchParams(location.search).get('relay') ?? 'ws://127.0.0.1:9';

const kernel = createKernel({
  options: {
    projectId: 'latchkey-bench',
    metadata: { name: 'Bench', description: 'Benchmark host', url: location.origin, icons: [] },
    networks: [mainnet],
    enableEIP6963: true,
    enableInjected: true,
    relayUrl,
    features: { analytics: false },
  },
  plugins: [evmPlugin(), walletConnectPlugin()],
});

createRoot(document.getElementById('root')!).render(
  <LatchkeyProvider kernel={kernel}>
    <main>
      <h1>Host app</h1>
      <ConnectButton />
    </main>
  </LatchkeyProvider>,
);
