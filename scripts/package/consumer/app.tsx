// A host app as a consumer writes one against the installed tarball: only package specifiers,
// so it type-checks under moduleResolution bundler and node16 alike, bundles with esbuild and
// Vite, and renders on a server (ssr.mjs).
import type { ReactElement } from 'react';
import { createKernel, defineNetwork, type Kernel } from 'latchkey';
import { isUserRejection } from 'latchkey/errors';
import { emailPlugin } from 'latchkey/plugins/email';
import { evmPlugin } from 'latchkey/plugins/evm';
import { socialsPlugin } from 'latchkey/plugins/socials';
import { walletConnectPlugin } from 'latchkey/plugins/walletconnect';
import { ConnectButton, LatchkeyProvider, NetworkButton, useAccount, useModal } from 'latchkey/react';

export const devnet = defineNetwork({
  id: 31337,
  name: 'Dev chain',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
});

export function makeKernel(): Kernel {
  return createKernel({
    options: { projectId: 'consumer-app', networks: [devnet], features: { analytics: false }, walletServiceUrl: 'http://127.0.0.1:8790' },
    plugins: [evmPlugin(), walletConnectPlugin(), emailPlugin(), socialsPlugin()],
  });
}

function Status(): ReactElement {
  const account = useAccount();
  const { open } = useModal();
  const address: string | undefined = account.address;
  const declined: boolean = isUserRejection(new Error('not a rejection'));
  return (
    <p data-status={account.status} data-declined={declined}>
      {address ?? 'not connected'}
      <button type="button" onClick={() => open({ view: 'Networks' })}>
        Networks
      </button>
    </p>
  );
}

export function App({ kernel }: { readonly kernel: Kernel }): ReactElement {
  return (
    <LatchkeyProvider kernel={kernel}>
      <ConnectButton />
      <NetworkButton />
      <Status />
    </LatchkeyProvider>
  );
}
