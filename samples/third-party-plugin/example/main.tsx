// A host page using the plugin: Latchkey's React entry, the EVM plugin and this one. The chain's
// RPC URL comes from `?rpc=` (default: a local anvil). Built by `npm run example`.
import { createRoot } from 'react-dom/client';
import { createKernel, defineNetwork } from 'latchkey';
import { evmPlugin } from 'latchkey/plugins/evm';
import { ConnectButton, LatchkeyProvider } from 'latchkey/react';
import { gasPlugin } from '../src/index.js';

const params = new URLSearchParams(location.search);
const devnet = defineNetwork({
  id: Number(params.get('chainId') ?? 31337),
  name: 'Dev chain',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [params.get('rpc') ?? 'http://127.0.0.1:8545'] } },
});

const kernel = createKernel({
  // `?locale=es` shows the modal and the plugin in Spanish (default: the browser's languages)
  options: { projectId: 'latchkey-plugin-gas-example', networks: [devnet], features: { analytics: false }, locale: params.get('locale') ?? undefined },
  plugins: [evmPlugin(), gasPlugin({ refreshMs: 5000 })],
});

createRoot(document.getElementById('root')!).render(
  <LatchkeyProvider kernel={kernel}>
    <ConnectButton />
  </LatchkeyProvider>,
);
