import { act, fireEvent, render as renderDom, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ContainerModule } from 'inversify';
import { Subject } from 'rxjs';
import { createKernel, defineNetwork, type ChainAdapter, type Eip1193Provider, type PluginManifest } from '../../../kernel/index';
import { walletConnectPlugin } from '../index';
import { UniversalProviderInit, type UniversalProviderLike } from '../types';
import { KernelContext } from '../../../ui/react/context';
import type { UiKernel } from '../../../ui/index';
import ConnectingWalletConnect, { QR_LABEL } from './ConnectingWalletConnect';

/** Renders a view as the modal does: inside its kernel's context (the views' messages read it). */
const render = (view: ReactElement<{ kernel: UiKernel }>) =>
  renderDom(view, { wrapper: ({ children }) => <KernelContext.Provider value={view.props.kernel}>{children}</KernelContext.Provider> });

// The universal provider is replaced by a fake below (UniversalProviderInit); its real code (ESM
// under jsdom's browser conditions) is not needed here.
// jsdom lacks TextEncoder (every browser has it); the QR encoder uses it.
Object.assign(globalThis, { TextEncoder: require('node:util').TextEncoder });
jest.mock('@walletconnect/universal-provider', () => ({ UniversalProvider: { init: jest.fn() } }));

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** Minimal universal provider: each connect publishes a link and waits for approve()/reject(). */
function fakeProvider() {
  const listeners = new Map<string, ((...a: any[]) => void)[]>();
  const emit = (e: string, ...a: unknown[]) => listeners.get(e)?.forEach((f) => f(...a));
  const pending: { resolve(v?: unknown): void; reject(e: unknown): void }[] = [];
  const p: UniversalProviderLike & { approve(): void; reject(e: unknown): void; connects: number } = {
    session: undefined,
    connects: 0,
    on: (e, f) => void listeners.set(e, [...(listeners.get(e) ?? []), f]),
    removeListener: () => undefined,
    connect() {
      p.connects++;
      const n = p.connects;
      setTimeout(() => emit('display_uri', `wc:${String(n).padStart(64, '0')}@2?relay-protocol=irn&symKey=${'1'.repeat(64)}`), 0);
      return new Promise((resolve, reject) => pending.push({ resolve, reject }));
    },
    approve() {
      p.session = { topic: 't', namespaces: { eip155: { accounts: [`eip155:1:${ADDRESS}`], chains: ['eip155:1'], methods: ['personal_sign'] } } };
      emit('connect');
      pending.at(-1)!.resolve(p.session);
    },
    reject(e) {
      pending.at(-1)!.reject(e);
    },
    request: async () => undefined as never,
    setDefaultChain: () => undefined,
    disconnect: async () => undefined,
  };
  return p;
}

/** An eip155 adapter that connects through the connector's EIP-1193 provider (like plugins/evm). */
function providerAdapterPlugin(): PluginManifest {
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    events$: new Subject(),
    async connect({ connector }) {
      const provider = connector.provider as Eip1193Provider;
      const [address] = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
      return { address: address!, caipAddress: `eip155:1:${address}`, chainId: 1, accounts: [{ namespace: 'eip155', address: address!, type: 'eoa' }] };
    },
    reconnect: async () => null,
    disconnect: async () => undefined,
    switchNetwork: async () => undefined,
    signMessage: async () => '0x',
    sendTransaction: async () => '0x',
    getBalance: async () => ({ balance: '0', symbol: 'ETH' }),
  };
  return { id: 'eip155-test', contributes: { namespaces: ['eip155'] }, load: async () => ({ adapters: () => [adapter] }) };
}

async function setup() {
  const fake = fakeProvider();
  const kernel = createKernel({
    options: {
      projectId: 'p',
      networks: [defineNetwork({ id: 1, name: 'Ethereum', caipNetworkId: 'eip155:1', chainNamespace: 'eip155', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } })],
      relayUrl: 'ws://127.0.0.1:8787',
      features: { analytics: false },
    },
    plugins: [providerAdapterPlugin(), walletConnectPlugin()],
    environment: { localStorage: undefined } as never,
    modules: [new ContainerModule(({ bind }) => void bind(UniversalProviderInit).toConstantValue(async () => fake))],
  });
  await kernel.start();
  await kernel.plugins.load('walletconnect');
  await kernel.modal.open({ view: 'ConnectingWalletConnect', data: { connectorId: 'walletConnect' } });
  return { kernel, fake };
}

const settle = () => act(async () => {
  for (let i = 0; i < 6; i++) await new Promise((r) => setTimeout(r, 0));
});

describe('ConnectingWalletConnect', () => {
  it('generates the link on mount: QR code with an accessible name, "Copy link" copies it; approval connects and closes', async () => {
    const { kernel, fake } = await setup();
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<ConnectingWalletConnect kernel={kernel} data={{ connectorId: 'walletConnect' }} />);
    expect(screen.getByRole('status').textContent).toMatch(/Generating/);
    expect((screen.getByRole('button', { name: 'Copy link' }) as HTMLButtonElement).disabled).toBe(true);
    await settle();
    expect(fake.connects).toBe(1);
    const qr = screen.getByRole('img', { name: QR_LABEL });
    const uri = qr.getAttribute('data-value')!;
    expect(uri).toMatch(/^wc:0+1@2/);
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await settle();
    expect(writeText).toHaveBeenCalledWith(uri);
    expect(kernel.snackbar.state).toMatchObject({ message: 'Link copied', variant: 'success', open: true });
    // A pairing on show is not a connection (issue 8): the account stays disconnected until the wallet approves.
    expect(kernel.account.get('eip155').status).toBe('disconnected');
    await act(async () => fake.approve());
    await settle();
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', address: ADDRESS, connectorId: 'walletConnect' });
    expect(kernel.modal.state.open).toBe(false);
  });

  it('a failed pairing shows the error and Retry; Retry makes a fresh link', async () => {
    const { kernel, fake } = await setup();
    render(<ConnectingWalletConnect kernel={kernel} data={{ connectorId: 'walletConnect' }} />);
    await settle();
    await act(async () => fake.reject(new Error('Relay unreachable')));
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(/Connection failed.*Relay unreachable/);
    expect(kernel.account.get('eip155').status).toBe('disconnected');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(fake.connects).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('img', { name: QR_LABEL }).getAttribute('data-value')).toMatch(/^wc:0+2@2/);
  });

  it('a second mount joins the running connect instead of proposing again', async () => {
    const { kernel, fake } = await setup();
    const first = render(<ConnectingWalletConnect kernel={kernel} data={{ connectorId: 'walletConnect' }} />);
    await settle();
    first.unmount();
    render(<ConnectingWalletConnect kernel={kernel} data={{ connectorId: 'walletConnect' }} />);
    await settle();
    expect(fake.connects).toBe(1);
    expect(screen.getByRole('img', { name: QR_LABEL })).toBeTruthy();
  });
});

describe('ConnectingWalletConnect: expiry and deep links', () => {
  afterEach(() => jest.useRealTimers());

  it('an expired pairing shows a fresh QR code: a link lives 4 minutes and counts as expired within 10 s of that', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const { kernel, fake } = await setup();
    render(<ConnectingWalletConnect kernel={kernel} data={{ connectorId: 'walletConnect' }} />);
    await act(() => jest.advanceTimersByTimeAsync(1));
    const first = screen.getByRole('img', { name: QR_LABEL }).getAttribute('data-value');
    expect(first).toMatch(/^wc:0+1@2/);
    // 3 min 49 s later: more than 10 s left, same link.
    await act(() => jest.advanceTimersByTimeAsync(229_000));
    expect(fake.connects).toBe(1);
    expect(screen.getByRole('img', { name: QR_LABEL }).getAttribute('data-value')).toBe(first);
    // Past 3 min 50 s: within 10 s of expiry, a fresh pairing replaces it.
    await act(() => jest.advanceTimersByTimeAsync(1_500));
    expect(fake.connects).toBe(2);
    expect(screen.getByRole('img', { name: QR_LABEL }).getAttribute('data-value')).toMatch(/^wc:0+2@2/);
  });

  it('a chosen wallet gets an "Open" link that is disabled until the URI exists, then carries it (no fetch after the tap)', async () => {
    const { kernel } = await setup();
    const wallet = { name: 'Rainbow', mobileLink: 'rainbow://' };
    render(<ConnectingWalletConnect kernel={kernel} data={{ connectorId: 'walletConnect', wallet }} />);
    const pending = screen.getByRole('button', { name: 'Open Rainbow' }) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    await settle();
    const uri = screen.getByRole('img', { name: QR_LABEL }).getAttribute('data-value')!;
    const link = screen.getByRole('link', { name: 'Open Rainbow' });
    expect(link.getAttribute('href')).toBe(`rainbow://wc?uri=${encodeURIComponent(uri)}`);
  });

  it('prefers a wallet universal link (https) over its custom scheme', async () => {
    const { kernel } = await setup();
    render(
      <ConnectingWalletConnect
        kernel={kernel}
        data={{ connectorId: 'walletConnect', wallet: { name: 'MetaMask', mobileLink: 'metamask://', universalLink: 'https://metamask.app.link' } }}
      />,
    );
    await settle();
    expect(screen.getByRole('link', { name: 'Open MetaMask' }).getAttribute('href')).toMatch(/^https:\/\/metamask\.app\.link\/wc\?uri=wc%3A/);
  });

  it("a custom wallet whose mobileLink is 'javascript:alert(1)//' gets no link, not even a disabled one", async () => {
    const { kernel } = await setup();
    const wallet = { name: 'Evil <b>Wallet</b>', mobileLink: 'javascript:alert(1)//', universalLink: 'data:text/html,<script>alert(1)</script>' };
    const { container } = render(<ConnectingWalletConnect kernel={kernel} data={{ connectorId: 'walletConnect', wallet }} />);
    await settle();
    expect(screen.getByRole('img', { name: QR_LABEL })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Open / })).toBeNull();
    expect(container.querySelector('a[href^="javascript"], a[href^="data"]')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });
});
