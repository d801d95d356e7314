/**
 * SIWXSignMessage in the modal: "Sign" and "Cancel"; while sign-in is required and no session
 * exists, the modal's Close shakes instead of closing; Sign closes it.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createKernel, type Kernel } from 'latchkey';
import { ConnectButton, LatchkeyProvider } from 'latchkey/react';
import { FakeAdapter, MemoryStorage, testAnvil } from '../../../kernel/testing/fakeAdapter';
import { localSiwx, siwxPlugin } from '../index';

// jsdom lacks TextEncoder / TextDecoder (every browser has them); viem uses them.
Object.assign(globalThis, { TextEncoder: require('node:util').TextEncoder, TextDecoder: require('node:util').TextDecoder });

// loaded after the polyfill above (imports run first)
const { privateKeyToAccount } = require('viem/accounts') as typeof import('viem/accounts');
const signer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
class SigningAdapter extends FakeAdapter {
  override async signMessage(args: { message: string }) {
    return signer.signMessage({ message: args.message });
  }
}

let kernel: Kernel;
// What the plugin loads lazily (its module, the view, the local provider, the Spanish texts, the
// kernel's es catalogue): seconds on a busy machine, paid once here rather than inside a test's waits.
beforeAll(() => Promise.all([import('../module'), import('./SIWXSignMessage'), import('../local'), import('../locales/es'), import('../labels')]), 60_000);
afterEach(async () => {
  kernel.snackbar.hide();
  await kernel.stop();
});

const settle = () =>
  act(async () => {
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
  });

async function setup(required: boolean, locale?: string) {
  const adapter = new SigningAdapter('eip155', { address: signer.address, chainId: 31337 });
  kernel = createKernel({
    options: { projectId: 'p', metadata: { name: 'Demo App' }, networks: [testAnvil], features: { analytics: false }, siwx: localSiwx({ required, domain: 'app.test', uri: 'https://app.test' }), ...(locale ? { locale } : {}) },
    plugins: [{ id: 'chain', contributes: { namespaces: ['eip155'] }, load: async () => ({ adapters: () => [adapter] }) }, siwxPlugin()],
    environment: { window: undefined, document: undefined, localStorage: new MemoryStorage(), isMobile: () => false },
  });
  kernel.connectors.add({ id: 'io.test', name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155', provider: {}, installed: true });
  render(
    <LatchkeyProvider kernel={kernel}>
      <ConnectButton />
    </LatchkeyProvider>,
  );
  await settle();
  await act(async () => kernel.connection.connect({ connectorId: 'io.test' }));
  await screen.findByRole('button', { name: locale === 'es' ? 'Firmar' : 'Sign' }, { timeout: 3000 });
}

it('required: Close shakes, Sign closes', async () => {
  await setup(true);
  expect(screen.getByText('Demo App needs to connect to your wallet')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(kernel.modal.state).toMatchObject({ open: true, shake: true });
  expect(document.querySelector('[data-shake]')).not.toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
  await settle();
  expect(kernel.modal.state.open).toBe(false);
});

it('optional: Cancel closes and keeps the wallet connected', async () => {
  await setup(false);
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await settle();
  expect(kernel.modal.state.open).toBe(false);
  expect(kernel.account.get('eip155').status).toBe('connected');
});

it("shows the sign-in in the kernel's locale once the chunk has loaded (es)", async () => {
  await setup(true, 'es');
  expect(screen.getByText('Demo App necesita conectarse a tu billetera')).toBeTruthy();
  expect(screen.getByText(/Si cancelas, la billetera se desconecta\./)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
});
