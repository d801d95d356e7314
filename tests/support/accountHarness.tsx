/**
 * jsdom harness for the Account-view plugins (portfolio, history, receive, names): a real
 * kernel with a scripted eip155 wallet (kernel/testing/fakeAdapter), the host's connect button
 * and the modal, the plugins under test, and, where a test wants them, a scripted blockchain
 * API and RPC transport in place of the kernel's (bound before any plugin resolves them).
 */
import { act, render, screen } from '@testing-library/react';
import {
  BlockchainApi,
  RpcTransport,
  createKernel,
  type CaipNetwork,
  type Kernel,
  type LatchkeyOptions,
  type PluginManifest,
} from 'latchkey';
import { ConnectButton, LatchkeyProvider } from 'latchkey/react';
import { FakeAdapter, MemoryStorage, testAnvil, type FakeAdapterScript } from '../../kernel/testing/fakeAdapter';
import { evmNetwork } from '../../kernel/testing/networks';
// What opening the Account view loads lazily (the modal's chunk, the view): loaded with the harness,
// so a busy machine pays it while the file loads, not inside its first test's 5 s (names.test's and
// portfolio.test's first tests timed out at load average 7 to 18, and the files' later tests with them)
import '../../ui/shell/modalChunk';
import '../../ui/views/Account';

export const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

export const mainnet = evmNetwork(1, 'Ethereum', undefined, { blockExplorers: { default: { name: 'Etherscan', url: 'https://explorer.test' } } });
export const devnet = testAnvil;

type ApiMethod = Exclude<keyof BlockchainApi, 'configured'>;
/** The BlockchainApi with each method a jest mock. */
export type FakeApi = { configured: boolean } & { [K in ApiMethod]: BlockchainApi[K] & jest.Mock };

/** A blockchain API whose calls fail unless the test scripts them. */
export function fakeApi(script: Partial<BlockchainApi> & { configured?: boolean } = {}): FakeApi {
  const fail = (name: string) => jest.fn(async () => Promise.reject(new Error(`${name} not scripted`)));
  const api: Record<string, unknown> = { configured: true };
  for (const name of ['balances', 'transactions', 'nfts', 'identity', 'lookupName', 'suggestNames', 'namesForAddress', 'registerName']) {
    const given = (script as Record<string, unknown>)[name];
    api[name] = given ? jest.fn(given as (...a: unknown[]) => unknown) : fail(name);
  }
  if (script.configured !== undefined) api['configured'] = script.configured;
  return api as FakeApi;
}

export interface HarnessOptions {
  readonly options?: Partial<LatchkeyOptions>;
  readonly plugins: readonly PluginManifest[];
  readonly api?: BlockchainApi;
  /** Replaces the kernel's RPC transport (what `forNetwork` hands out). */
  readonly rpc?: RpcTransport;
  readonly wallet?: FakeAdapterScript;
  readonly networks?: readonly CaipNetwork[];
  /** The kernel's clock (Environment.now). */
  readonly now?: () => number;
  /** Render the connect button and the modal (default true). */
  readonly render?: boolean;
}

export const settle = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
  });

export function accountHarness(h: HarnessOptions) {
  const storage = new MemoryStorage();
  const adapter = new FakeAdapter('eip155', { address: ACCOUNT, chainId: 1, ...h.wallet });
  const chain: PluginManifest = { id: 'chain', contributes: { namespaces: ['eip155'] }, load: async () => ({ adapters: () => [adapter] }) };
  const kernel: Kernel = createKernel({
    options: { projectId: 'p', networks: [...(h.networks ?? [mainnet, devnet])], features: { analytics: false }, ...h.options },
    plugins: [chain, ...h.plugins],
    environment: {
      window: undefined,
      document: undefined,
      localStorage: storage,
      isMobile: () => false,
      fetch: () => Promise.reject(new Error('no network in unit tests')),
      ...(h.now ? { now: h.now } : {}),
    },
  });
  if (h.api) kernel.container.rebindSync(BlockchainApi).toConstantValue(h.api);
  if (h.rpc) kernel.container.rebindSync(RpcTransport).toConstantValue(h.rpc);
  kernel.connectors.add({ id: 'io.test', name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155', provider: {}, installed: true, info: { rdns: 'io.test' } });
  if (h.render !== false) {
    render(
      <LatchkeyProvider kernel={kernel}>
        <ConnectButton />
      </LatchkeyProvider>,
    );
  }
  return {
    kernel,
    adapter,
    storage,
    async connect() {
      await act(async () => {
        await kernel.start(); // plugins' onKernelStart (the provider starts it too)
        await kernel.connection.connect({ connectorId: 'io.test' });
      });
      await settle();
    },
    /** Opens the modal on the Account view and waits for it (`title`: the view's title in the kernel's locale). */
    async openAccount(title = 'Account') {
      act(() => void kernel.modal.open());
      return screen.findByRole('dialog', { name: title });
    },
  };
}
