/**
 * The demo dapp's entry: installs the in-page dev wallets (EVM through EIP-6963 only; Solana
 * and Bitcoin through wallet-standard only), builds the kernel with the EVM, Solana, Bitcoin
 * and WalletConnect plugins over the two local anvil chains, the local Solana chain and
 * Bitcoin testnet (plus the e-mail and social login of the local wallet service, the on-ramp, and
 * the swaps plugin over the stack's exchange), and the account plugins (tokens, NFTs, activity,
 * receive, names) on the local data service, and renders the app. `?swapSource=onchain` quotes
 * swaps from the router itself instead of the data service.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createKernel, defineNetwork } from 'latchkey';
import { bitcoinTestnet } from 'latchkey/networks';
import { bitcoinPlugin } from 'latchkey/plugins/bitcoin';
import { evmPlugin } from 'latchkey/plugins/evm';
import { solanaPlugin } from 'latchkey/plugins/solana';
import { walletConnectPlugin } from 'latchkey/plugins/walletconnect';
import { swapsPlugin } from 'latchkey/plugins/swaps';
import { emailPlugin } from 'latchkey/plugins/email';
import { socialsPlugin } from 'latchkey/plugins/socials';
import { portfolioPlugin } from 'latchkey/plugins/portfolio';
import { historyPlugin } from 'latchkey/plugins/history';
import { receivePlugin } from 'latchkey/plugins/receive';
import { namesPlugin } from 'latchkey/plugins/names';
import { LatchkeyProvider } from 'latchkey/react';
import { installDevWallet } from '../dev-wallet/index';
import { sendPlugin } from 'latchkey/plugins/send';
import { siwxPlugin } from 'latchkey/plugins/siwx';
import { onrampPlugin } from 'latchkey/plugins/onramp';
import { signInConfig, signInModeFor } from './signIn';
import { installStandardDevWallets } from '../dev-wallet/wallets';
import { App } from './App';
import { DEV_WALLET_CHAIN_ID, blockchainApiUrlFor, loadConfig, relayUrlFor, tokensOption, type DemoChain, type DemoConfig, type DemoEns, type DemoSolana } from './config';

/** A local chain as a network; the chain with ENS names its contracts (the opt-in that makes a testnet resolve names). */
function toNetwork(chain: DemoChain, ens: DemoEns | undefined) {
  const own = ens?.chainId === chain.chainId ? ens : undefined;
  return defineNetwork({
    id: chain.chainId,
    name: chain.name,
    caipNetworkId: `eip155:${chain.chainId}`,
    chainNamespace: 'eip155',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    testnet: true,
    ...(own
      ? {
          contracts: {
            ensRegistry: { address: own.registry },
            ...(own.universalResolver ? { ensUniversalResolver: { address: own.universalResolver } } : {}),
          },
        }
      : {}),
  });
}

/**
 * The swaps plugin over the stack's Uniswap V2 (on-chain source) and the data service (aggregator
 * source); the aggregator may name only the stack's router as approval spender or swap target.
 */
function swaps(config: DemoConfig, params: URLSearchParams) {
  const ex = config.exchange;
  const network = ex ? (`eip155:${ex.chainId}` as const) : undefined;
  return swapsPlugin({
    ...(ex && network ? { exchanges: { [network]: { router: ex.router, factory: ex.factory, weth: ex.weth } }, allowedContracts: { [network]: [ex.router] } } : {}),
    source: params.get('swapSource') === 'onchain' ? 'onchain' : 'auto',
  });
}

/** `?wcLostTimeoutMs=N` (0 to 600 000): how long a WalletConnect request waits for a relay that is gone (tests shorten it). */
function lostConnectionTimeout(params: URLSearchParams): { lostConnectionTimeoutMs?: number } {
  const raw = params.get('wcLostTimeoutMs');
  const ms = raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(ms) && ms <= 600_000 ? { lostConnectionTimeoutMs: ms } : {};
}

/** The local Solana chain of the stack (samples/solana): its CAIP-2 id is `solana:` + 32 characters of its genesis hash. */
function solanaNetwork(solana: DemoSolana) {
  return defineNetwork({
    id: solana.caipNetworkId.slice('solana:'.length),
    name: 'Solana Local',
    caipNetworkId: solana.caipNetworkId,
    chainNamespace: 'solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [solana.rpcUrl] } },
    testnet: true,
  });
}

async function main() {
  const config = await loadConfig();
  const params = new URLSearchParams(location.search);

  // The wallet first, so it already listens when the kernel asks for providers.
  const walletChain = config.chains.find((c) => c.chainId === DEV_WALLET_CHAIN_ID) ?? config.chains[0]!;
  installDevWallet({ chains: [{ chainId: walletChain.chainId, rpcUrl: walletChain.rpcUrl, name: walletChain.name }], tokens: config.tokens ?? [] });
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
        description: 'Connect a wallet to local EVM and Solana chains, and to Bitcoin testnet',
        url: location.origin,
        icons: [],
      },
      // ?networks=evm: the EVM chains only (WalletConnect then signs in while pairing, when sign-in is on).
      networks: [
        ...config.chains.map((c) => toNetwork(c, config.ens)),
        ...(params.get('networks') === 'evm' ? [] : [...(config.solana ? [solanaNetwork(config.solana)] : []), bitcoinTestnet]),
      ],
      themeMode,
      // No internet here: WalletConnect goes through the local relay (samples/relay).
      relayUrl,
      // The local data service (samples/data-service): balances, activity, NFTs, names; the swap aggregator.
      blockchainApiUrl: blockchainApiUrlFor(config, params),
      // Read from the chain when there is no blockchain API (?blockchainApi=off).
      tokens: tokensOption(config.tokens),
      features: { analytics: false },
      // The embedded wallet (e-mail and social login) of the local wallet service, which allows this origin for 'latchkey-demo'.
      ...(config.walletServiceUrl ? { walletServiceUrl: config.walletServiceUrl } : {}),
      // The stack's local payment provider (samples/onramp-provider), listed after Coinbase and Meld.
      ...(config.onrampUrl
        ? { onrampProviders: [{ id: 'local', name: 'Local on-ramp', checkoutUrl: `${config.onrampUrl}/checkout`, feeRange: { min: 0, max: 0 } }] }
        : {}),
    },
    // onrampPlugin: the Account view's "Buy" (Coinbase, Meld and the Local on-ramp); it owns `onrampProviders`.
    plugins: [
      evmPlugin(),
      solanaPlugin(),
      bitcoinPlugin(),
      walletConnectPlugin({ relayUrl, ...lostConnectionTimeout(params) }),
      ...(config.walletServiceUrl ? [emailPlugin(), socialsPlugin()] : []),
      onrampPlugin(),
      swaps(config, params),
      portfolioPlugin(),
      historyPlugin(),
      receivePlugin(),
      // Both local chains are testnets: look names up there too. The data service's own zone.
      namesPlugin({ zone: 'latchkey.id', testnets: true }),
    ],
  });

  // Sending (the Account view's "Send") and sign-in, on with ?siwx=required or ?siwx=optional.
  kernel.plugins.register(sendPlugin());
  kernel.plugins.register(siwxPlugin(signInConfig(signInModeFor(params))));

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
