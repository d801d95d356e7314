// A page without React as a consumer writes it against the installed tarball: latchkey/element's
// createLatchkey and custom elements, typed through the declarations (strict, bundler and node16).
import { createLatchkey, defineNetwork, type LatchkeyAccountDetail, type LatchkeyButtonElement } from 'latchkey/element';
import { evmPlugin } from 'latchkey/plugins/evm';

const devnet = defineNetwork({
  id: 31337,
  name: 'Dev chain',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
});

export function mountElements(): LatchkeyButtonElement {
  const latchkey = createLatchkey({ options: { projectId: 'consumer-element', networks: [devnet], features: { analytics: false } }, plugins: [evmPlugin()] });
  // the tag name map gives the element's own type
  const button = document.createElement('latchkey-button');
  button.label = 'Connect';
  button.theme = 'auto';
  button.addEventListener('connected', (e) => {
    const detail: LatchkeyAccountDetail = e.detail;
    console.log(detail.address, detail.namespace, detail.chainId, latchkey.kernel.account.isConnected());
  });
  document.body.append(button, document.createElement('latchkey-network-button'));
  return button;
}
