/**
 * A dapp built on wagmi that adopts the Latchkey modal: its wagmi config has one connector,
 * latchkeyConnector({ kernel }), and its components keep wagmi's hooks. Served by the stack at
 * /wagmi/ (the dev wallets are installed as on the demo page).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { defineChain, http, type Chain } from 'viem';
import { createConfig, WagmiProvider, type Transport } from 'wagmi';
import { reconnect } from 'wagmi/actions';
import { createKernel, defineNetwork } from 'latchkey';
import { evmPlugin } from 'latchkey/plugins/evm';
import { walletConnectPlugin } from 'latchkey/plugins/walletconnect';
import { LatchkeyProvider } from 'latchkey/react';
import { latchkeyConnector } from 'latchkey/wagmi';
import { installDevWallet } from '../dev-wallet/index';
import { DEV_WALLET_CHAIN_ID, loadConfig, relayUrlFor, type DemoChain } from '../demo/config';
import { App } from './App';

const toChain = (c: DemoChain): Chain =>
  defineChain({ id: c.chainId, name: c.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [c.rpcUrl] } }, testnet: true });

async function main() {
  const stack = await loadConfig();
  const params = new URLSearchParams(location.search);
  const walletChain = stack.chains.find((c) => c.chainId === DEV_WALLET_CHAIN_ID) ?? stack.chains[0]!;
  installDevWallet({ chains: [{ chainId: walletChain.chainId, rpcUrl: walletChain.rpcUrl, name: walletChain.name }] });

  const relayUrl = relayUrlFor(stack, params);
  const kernel = createKernel({
    options: {
      projectId: 'latchkey-wagmi-sample',
      metadata: { name: 'Latchkey with wagmi', description: 'wagmi hooks on a Latchkey connection', url: location.origin, icons: [] },
      networks: stack.chains.map((c) =>
        defineNetwork({ id: c.chainId, name: c.name, chainNamespace: 'eip155', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [c.rpcUrl] } }, testnet: true }),
      ),
      relayUrl,
      features: { analytics: false },
    },
    plugins: [evmPlugin(), walletConnectPlugin({ relayUrl })],
  });

  const chains = stack.chains.map(toChain) as [Chain, ...Chain[]];
  const config = createConfig({
    chains,
    transports: Object.fromEntries(chains.map((c) => [c.id, http(c.rpcUrls.default.http[0])])) as Record<number, Transport>,
    connectors: [latchkeyConnector({ kernel })],
  });
  const queryClient = new QueryClient();

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <WagmiProvider config={config} reconnectOnMount={false}>
        <QueryClientProvider client={queryClient}>
          <LatchkeyProvider kernel={kernel}>
            <App />
          </LatchkeyProvider>
        </QueryClientProvider>
      </WagmiProvider>
    </StrictMode>,
  );
  (window as unknown as { __latchkey?: unknown }).__latchkey = kernel;
  // wagmi's restore on load, run here rather than by <WagmiProvider> so the page can say when it
  // has settled: until then useAccount().status moves disconnected → connecting → disconnected
  // (or connected), and a click on "Connect with wagmi" during that could meet another button.
  await reconnect(config).catch((err) => console.warn('[wagmi sample] reconnect failed', err));
  document.documentElement.dataset.wagmiRestored = 'true';
}

main().catch((err) => {
  const pre = document.createElement('pre');
  pre.setAttribute('data-testid', 'startup-error');
  pre.textContent = `The wagmi sample failed to start: ${err?.message ?? err}`;
  document.body.append(pre);
});
