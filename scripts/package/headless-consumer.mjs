// A kernel-only host, installed from the tarball without React: createKernel with the evm and
// walletconnect plugins, load both modules, connect a browser wallet (a fake EIP-1193 provider
// announced through EIP-6963) and sign. Prints one JSON line.
import { createKernel, defineNetwork } from 'latchkey';
import { evmPlugin } from 'latchkey/plugins/evm';
import { walletConnectPlugin } from 'latchkey/plugins/walletconnect';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const calls = [];
const provider = {
  async request({ method, params }) {
    calls.push(method);
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS];
    if (method === 'eth_chainId') return '0x1';
    if (method === 'personal_sign') return `0x${'ab'.repeat(65)}`;
    throw Object.assign(new Error(`unsupported ${method}`), { code: 4200, params });
  },
  on() {},
  removeListener() {},
};
const win = new EventTarget();
win.addEventListener('eip6963:requestProvider', () =>
  win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'u-1', name: 'Fake Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'io.fake' }, provider } })),
);

const mainnet = defineNetwork({ id: 1, name: 'Ethereum', chainNamespace: 'eip155', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } } });
const kernel = createKernel({
  options: { projectId: 'consumer', networks: [mainnet], relayUrl: 'ws://127.0.0.1:9', features: { analytics: false } },
  plugins: [evmPlugin(), walletConnectPlugin()],
  environment: { window: win, document: undefined, localStorage: undefined, fetch: () => Promise.reject(new Error('offline')) },
});
await kernel.start();
await kernel.plugins.load('evm');
await kernel.plugins.load('walletconnect');
await kernel.connection.connect({ connectorId: 'io.fake' });
const signature = await kernel.connection.signMessage('hello');
console.log(
  'CONSUMER ' +
    JSON.stringify({
      loaded: kernel.plugins.state.plugins.map((p) => [p.manifest.id, p.status]),
      status: kernel.account.get('eip155').status,
      address: kernel.account.get('eip155').address,
      signature,
      calls,
    }),
);
await kernel.stop();
process.exit(0);
