/**
 * The demo dapp's entry: installs the in-page dev wallets (EVM through EIP-6963 only; Solana
 * and Bitcoin through wallet-standard only), builds the kernel with the EVM plugin over the
 * two local anvil chains and the swaps plugin over the stack's exchange, and renders the app.
 * `?swapSource=onchain` quotes swaps from the router itself instead of the data service.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createKernel, defineNetwork } from '../../kernel/index';
import { evmPlugin } from '../../plugins/evm/index';
import { walletConnectPlugin } from '../../plugins/walletconnect/index';
import { swapsPlugin } from '../../plugins/swaps/index';
import { LatchkeyProvider } from '../../ui/react/index';
import { installDevWallet } from '../dev-wallet/index';
import { installStandardDevWallets } from '../dev-wallet/wallets';
import { App } from './App';
import { DEV_WALLET_CHAIN_ID, loadConfig, relayUrlFor, type DemoChain, type DemoConfig } from './config';

function toNetwork(chain: DemoChain) {
  return defineNetwork({
    id: chain.chainId,
    name: chain.name,
    caipNetworkId: `eip155:${chain.chainId}`,
    chainNamespace: 'eip155',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    testnet: true,
  });
}

/** The swaps plugin over the stack's Uniswap V2 (on-chain source) and the data service (aggregator source). */
function swaps(config: DemoConfig, params: URLSearchParams) {
  const ex = config.exchange;
  return swapsPlugin({
    ...(ex ? { exchanges: { [`eip155:${ex.chainId}` as const]: { router: ex.router, factory: ex.factory, weth: ex.weth } } } : {}),
    source: params.get('swapSource') === 'onchain' ? 'onchain' : 'auto',
  });
}

async function main() {
  const config = await loadConfig();
  const params = new URLSearchParams(location.search);

  // The wallet first, so it already listens when the kernel asks for providers.
  const walletChain = config.chains.find((c) => c.chainId === DEV_WALLET_CHAIN_ID) ?? config.chains[0]!;
  installDevWallet({ chains: [{ chainId: walletChain.chainId, rpcUrl: walletChain.rpcUrl, name: walletChain.name }] });
  // "Latchkey Dev Wallet" for Solana (same name and icon as the EVM one), "Solana Dev Wallet", "Bitcoin Dev Wallet"
  installStandardDevWallets({ solana: config.solana });

  const relayUrl = relayUrlFor(config, params);
  const themeMode = params.get('theme') === 'dark' ? 'dark' : 'light';
  document.body.dataset.theme = themeMode;
  const kernel = createKernel({
    options: {
      projectId: 'latchkey-demo',
      metadata: {
        name: 'Latchkey demo',
        description: 'Connect a wallet to two local anvil chains',
        url: location.origin,
        icons: [],
      },
      networks: config.chains.map(toNetwork),
      themeMode,
      // No internet here: WalletConnect goes through the local relay (samples/relay).
      relayUrl,
      features: { analytics: false },
      // the data service: the blockchain API, and the swap aggregator over the local exchange
      ...(config.dataServiceUrl ? { blockchainApiUrl: config.dataServiceUrl } : {}),
      // the spec's `tokens` option: the dev ERC-20 on its chain
      tokens: Object.fromEntries((config.tokens ?? []).map((t) => [`eip155:${t.chainId}`, { address: t.address }])),
    },
    plugins: [evmPlugin(), walletConnectPlugin({ relayUrl }), swaps(config, params)],
  });

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <LatchkeyProvider kernel={kernel}>
        <App swapToken={config.tokens?.[0]?.symbol} />
      </LatchkeyProvider>
    </StrictMode>,
  );
  // LatchkeyProvider starts the kernel after mount. Exposed for debugging in the console.
  (window as unknown as { __latchkey?: unknown }).__latchkey = kernel;
}

main().catch((err) => {
  console.error(err);
  const pre = document.createElement('pre');
  pre.setAttribute('data-testid', 'startup-error');
  pre.textContent = `The demo failed to start: ${err?.message ?? err}`;
  document.body.append(pre);
});
