import { act, render as renderDom, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ContainerModule } from 'inversify';
import { createKernel, defineNetwork } from '../../../kernel/index';
import { ViewSlot } from '../../../ui/index';
import { walletConnectPlugin } from '../index';
import { FakeUniversalProvider } from '../testing/fakeUniversalProvider';
import { UniversalProviderInit } from '../types';
import { KernelContext } from '../../../ui/react/context';
import type { UiKernel } from '../../../ui/index';
import { QR_LABEL } from './ConnectingWalletConnect';

/** Renders a view as the modal does: inside its kernel's context (the views' messages read it). */
const render = (view: ReactElement<{ kernel: UiKernel }>) =>
  renderDom(view, { wrapper: ({ children }) => <KernelContext.Provider value={view.props.kernel}>{children}</KernelContext.Provider> });

// jsdom lacks TextEncoder (every browser has it); the QR encoder and the adapter use it.
Object.assign(globalThis, { TextEncoder: require('node:util').TextEncoder });
jest.mock('@walletconnect/universal-provider', () => ({ UniversalProvider: { init: jest.fn() } }));

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SOL = 'GqzBbbFvQ3TvYXrKb4QvX5uMKXXNy2sZmeS7nZ4LkDjh';
const SOLANA_REF = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';

function setup(networks: 'both' | 'solana' = 'both', locale?: string) {
  const fake = new FakeUniversalProvider();
  const kernel = createKernel({
    options: {
      projectId: 'p',
      networks: [
        ...(networks === 'both'
          ? [defineNetwork({ id: 1, name: 'Ethereum', caipNetworkId: 'eip155:1', chainNamespace: 'eip155', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } })]
          : []),
        defineNetwork({ id: SOLANA_REF, name: 'Solana', caipNetworkId: `solana:${SOLANA_REF}`, chainNamespace: 'solana', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:9/sol'] } } }),
      ],
      relayUrl: 'ws://127.0.0.1:8787',
      features: { analytics: false },
      ...(locale ? { locale } : {}),
    },
    // Only the WalletConnect plugin: no chain adapter plugin at all.
    plugins: [walletConnectPlugin()],
    environment: { localStorage: undefined, fetch: () => new Promise(() => undefined), isMobile: () => false } as never,
    modules: [new ContainerModule(({ bind }) => void bind(UniversalProviderInit).toConstantValue(async () => fake))],
  });
  return { kernel, fake };
}

const settle = () =>
  act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((r) => setTimeout(r, 0));
  });

describe('ConnectingWalletConnectBasic (no chain plugin)', () => {
  it('the desktop modal opens it; its QR pairs and connects eip155 and solana through the universal adapters, then closes', async () => {
    const { kernel, fake } = setup();
    await kernel.start();
    await kernel.modal.open();
    expect(kernel.router.state.view).toBe('ConnectingWalletConnectBasic');
    render(<ViewSlot kernel={kernel} view={kernel.router.state.view} />);
    await settle();
    expect(fake.connectCalls).toHaveLength(1);
    expect(Object.keys(fake.connectCalls[0]!['optionalNamespaces'] as object)).toEqual(['eip155', 'solana']);
    expect(screen.getByRole('img', { name: QR_LABEL }).getAttribute('data-value')).toMatch(/^wc:0+1@2/);
    expect(screen.getByText('Scan with a WalletConnect wallet on your phone.')).toBeTruthy();
    // A pairing on show is not a connection (issue 8): the account stays disconnected until the wallet approves.
    expect(kernel.account.get('eip155').status).toBe('disconnected');

    await act(async () => fake.approve({ eip155: [`eip155:1:${EVM}`], solana: [`solana:${SOLANA_REF}:${SOL}`] }));
    await settle();
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', address: EVM, connectorId: 'walletConnect' });
    expect(kernel.account.get('solana')).toMatchObject({ status: 'connected', address: SOL, connectorId: 'walletConnect:solana' });
    expect(kernel.modal.state.open).toBe(false);
    expect(kernel.plugins.loadedAdapter('eip155')?.constructor.name).toBe('UniversalAdapter');

    fake.answers['solana_signMessage'] = { signature: 'sig58' };
    expect(await kernel.connection.signMessage('gm', 'solana')).toBe('sig58');
  });

  it('a Solana-only app pairs through the solana connector; the wallet leaving out eip155 is no error', async () => {
    const { kernel, fake } = setup('solana');
    await kernel.start();
    await kernel.modal.open();
    expect(kernel.router.state.view).toBe('ConnectingWalletConnectBasic');
    render(<ViewSlot kernel={kernel} view={kernel.router.state.view} />);
    await settle();
    expect(Object.keys(fake.connectCalls[0]!['optionalNamespaces'] as object)).toEqual(['solana']);
    // A pairing on show is not a connection (issue 8): the account stays disconnected until the wallet approves.
    expect(kernel.account.get('solana').status).toBe('disconnected');
    await act(async () => fake.approve({ solana: [`solana:${SOLANA_REF}:${SOL}`] }));
    await settle();
    expect(kernel.account.get('solana')).toMatchObject({ status: 'connected', address: SOL });
    expect(kernel.modal.state.open).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

it("shows the pairing in the kernel's locale once the chunk has loaded (es)", async () => {
  const { kernel } = setup('both', 'es');
  await kernel.start();
  await kernel.modal.open();
  render(<ViewSlot kernel={kernel} view={kernel.router.state.view} />);
  await settle();
  expect(await screen.findByText('Escanea con una billetera WalletConnect en tu teléfono.')).toBeTruthy();
  expect(screen.getByRole('img', { name: 'Código QR de WalletConnect' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Copiar enlace' })).toBeTruthy();
  await kernel.stop();
});
