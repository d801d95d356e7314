/**
 * Benchmark page (b'): page (b) with the embedded wallet's two plugins registered as well
 * (`email` and `socials`): what they add to the host's entry bundle (budget: 1 KiB gzip). Their
 * frame, views and module load only when used, so the service URL is never reached here.
 */
import { createRoot } from 'react-dom/client';
import { createKernel, defineNetwork } from 'latchkey';
import { evmPlugin } from 'latchkey/plugins/evm';
import { emailPlugin } from 'latchkey/plugins/email';
import { socialsPlugin } from 'latchkey/plugins/socials';
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
    // Browser wallets only: EIP-6963 and window.ethereum; no WalletConnect plugin on this page.
    enableEIP6963: true,
    enableInjected: true,
    enableWalletConnect: false,
    features: { analytics: false },
    walletServiceUrl: 'http://127.0.0.1:9',
  },
  plugins: [evmPlugin(), emailPlugin(), socialsPlugin()],
});

function App() {
  return (
    <main>
      <h1>Host app</h1>
      <ConnectButton />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <LatchkeyProvider kernel={kernel}>
    <App />
  </LatchkeyProvider>,
);
