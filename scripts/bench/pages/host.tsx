/**
 * The host page every Latchkey benchmark page shares: one EVM network whose RPC is never
 * reached, the bench's dapp metadata, and a ConnectButton in a LatchkeyProvider. A page names
 * its plugins and the options that make it differ (the browser-wallet switches, a service URL).
 */
import { createRoot } from 'react-dom/client';
import { createKernel, defineNetwork, type CreateKernelParameters, type LatchkeyOptions } from 'latchkey';
import { ConnectButton, LatchkeyProvider } from 'latchkey/react';

const mainnet = defineNetwork({
  id: 1,
  name: 'Ethereum',
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/rpc'] } },
});

/** Renders the host app with `plugins` registered into #root. */
export function mountBenchHost(plugins: CreateKernelParameters['plugins'], options: Partial<LatchkeyOptions> = {}): void {
  const kernel = createKernel({
    options: {
      projectId: 'latchkey-bench',
      metadata: { name: 'Bench', description: 'Benchmark host', url: location.origin, icons: [] },
      networks: [mainnet],
      features: { analytics: false },
      ...options,
    },
    plugins,
  });
  createRoot(document.getElementById('root')!).render(
    <LatchkeyProvider kernel={kernel}>
      <main>
        <h1>Host app</h1>
        <ConnectButton />
      </main>
    </LatchkeyProvider>,
  );
}

/** Browser wallets only: EIP-6963 and window.ethereum, no WalletConnect (pages without its plugin). */
export const BROWSER_WALLETS_ONLY = { enableEIP6963: true, enableInjected: true, enableWalletConnect: false } satisfies Partial<LatchkeyOptions>;
