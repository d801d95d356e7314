// A server render in plain Node from the installed tarball: no window, no document. The kernel
// gets in-memory storage; the markup is the connect button as the first client render shows it.
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { createKernel, defineNetwork } from 'latchkey';
import { evmPlugin } from 'latchkey/plugins/evm';
import { ConnectButton, LatchkeyProvider } from 'latchkey/react';

if (typeof window !== 'undefined' || typeof document !== 'undefined') throw new Error('not a server');
const devnet = defineNetwork({
  id: 31337, name: 'Dev chain', chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
});
const kernel = createKernel({ options: { projectId: 'consumer-ssr', networks: [devnet], features: { analytics: false } }, plugins: [evmPlugin()] });
const html = renderToString(h(LatchkeyProvider, { kernel }, h(ConnectButton)));
console.log('SSR ' + JSON.stringify({ html, status: kernel.account.state.namespaces.eip155?.status ?? null }));
