/** The page rendered on the server (server.tsx) and hydrated in the browser (client.tsx). */
import { cookieStorage, createKernel, defineNetwork, type Kernel, type LatchkeyInitialState } from 'latchkey';
import { evmPlugin } from 'latchkey/plugins/evm';
import { ConnectButton, LatchkeyProvider, NetworkButton, useAccount } from 'latchkey/react';

export interface PageChain {
  readonly chainId: number;
  readonly name: string;
  readonly rpcUrl: string;
}

/** What the server hands the client (in a JSON script element). */
export interface PageData {
  readonly chains: readonly PageChain[];
  /** The connection in a cookie (cookieStorage), else in localStorage. */
  readonly cookie: boolean;
  readonly initialState?: LatchkeyInitialState;
}

export function pageKernel(chains: readonly PageChain[], cookie: boolean): Kernel {
  return createKernel({
    options: {
      projectId: 'ssr-page',
      networks: chains.map((c) =>
        defineNetwork({ id: c.chainId, name: c.name, chainNamespace: 'eip155', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [c.rpcUrl] } } }),
      ),
      features: { analytics: false },
    },
    plugins: [evmPlugin()],
    ...(cookie ? { storage: cookieStorage() } : {}),
  });
}

function Status() {
  const { status } = useAccount();
  return <output data-testid="account-status">{status}</output>;
}

export function App({ kernel, initialState }: { readonly kernel: Kernel; readonly initialState?: LatchkeyInitialState }) {
  return (
    <LatchkeyProvider kernel={kernel} initialState={initialState}>
      <nav>
        <ConnectButton />
        <NetworkButton />
      </nav>
      <Status />
    </LatchkeyProvider>
  );
}
