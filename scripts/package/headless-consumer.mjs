// A kernel-only host, installed from the tarball without React: createKernel with the evm,
// walletconnect, solana and bitcoin plugins and the account plugins (portfolio, history, receive,
// names), load the modules, connect a browser wallet (a fake
// EIP-1193 provider announced through EIP-6963) and a wallet-standard Solana wallet, and sign
// with both. Prints one JSON line.
import { createKernel, defineNetwork } from 'latchkey';
import { solanaDevnet } from 'latchkey/networks';
import { bitcoinPlugin } from 'latchkey/plugins/bitcoin';
import { evmPlugin } from 'latchkey/plugins/evm';
import { historyPlugin } from 'latchkey/plugins/history';
import { namesPlugin } from 'latchkey/plugins/names';
import { portfolioPlugin } from 'latchkey/plugins/portfolio';
import { receivePlugin } from 'latchkey/plugins/receive';
import { solanaConnectorId, solanaPlugin } from 'latchkey/plugins/solana';
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

// a wallet-standard Solana wallet that registers itself on the window
const SOL_ADDRESS = '11111111111111111111111111111111';
const solAccount = { address: SOL_ADDRESS, publicKey: new Uint8Array(32), chains: ['solana:devnet'], features: [] };
const solWallet = {
  version: '1.0.0',
  name: 'Fake Solana',
  icon: 'data:image/svg+xml;base64,PHN2Zy8+',
  chains: ['solana:devnet'],
  accounts: [],
  features: {
    'standard:connect': { version: '1.0.0', connect: async () => (calls.push('standard:connect'), { accounts: [solAccount] }) },
    'solana:signMessage': { version: '1.0.0', signMessage: async () => (calls.push('solana:signMessage'), [{ signedMessage: new Uint8Array(), signature: new Uint8Array(64).fill(1) }]) },
  },
};
win.addEventListener('wallet-standard:app-ready', (e) => e.detail.register(solWallet));

const mainnet = defineNetwork({ id: 1, name: 'Ethereum', chainNamespace: 'eip155', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } } });
const kernel = createKernel({
  options: { projectId: 'consumer', networks: [mainnet, solanaDevnet], relayUrl: 'ws://127.0.0.1:9', features: { analytics: false } },
  plugins: [evmPlugin(), walletConnectPlugin(), solanaPlugin(), bitcoinPlugin(), portfolioPlugin(), historyPlugin(), receivePlugin(), namesPlugin()],
  environment: { window: win, document: undefined, localStorage: undefined, fetch: () => Promise.reject(new Error('offline')) },
});
await kernel.start();
await kernel.plugins.load('evm');
await kernel.plugins.load('walletconnect');
await kernel.plugins.load('solana');
await kernel.plugins.load('bitcoin');
for (const id of ['portfolio', 'history', 'receive', 'names']) await kernel.plugins.load(id);
await kernel.connection.connect({ connectorId: 'io.fake' });
const signature = await kernel.connection.signMessage('hello');
await kernel.connection.connect({ connectorId: solanaConnectorId('Fake Solana') });
const solanaSignature = await kernel.connection.signMessage('hello', 'solana');
console.log(
  'CONSUMER ' +
    JSON.stringify({
      loaded: kernel.plugins.state.plugins.map((p) => [p.manifest.id, p.status]),
      status: kernel.account.get('eip155').status,
      address: kernel.account.get('eip155').address,
      signature,
      solana: { status: kernel.account.get('solana').status, address: kernel.account.get('solana').address, signature: solanaSignature },
      calls,
    }),
);
await kernel.stop();
process.exit(0);
