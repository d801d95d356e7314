/**
 * The on-ramp views in the kernel's locale: the provider list's texts come from the plugin's
 * message bundle, English inline and Spanish once its chunk has loaded.
 */
import { act, render, screen } from '@testing-library/react';
import { createKernel, type Kernel } from 'latchkey';
import { ConnectButton, LatchkeyProvider } from 'latchkey/react';
import { MemoryStorage, testAnvil } from '../../../kernel/testing/fakeAdapter';
import { onrampPlugin } from '../index';

let kernel: Kernel;
afterEach(async () => {
  await kernel.stop();
});

async function openProviders(locale?: string) {
  kernel = createKernel({
    options: { projectId: 'p', networks: [testAnvil], features: { analytics: false }, ...(locale ? { locale } : {}) },
    plugins: [onrampPlugin()],
    environment: { window: undefined, document: undefined, localStorage: new MemoryStorage(), isMobile: () => false },
  });
  render(
    <LatchkeyProvider kernel={kernel}>
      <ConnectButton />
    </LatchkeyProvider>,
  );
  await act(async () => kernel.modal.open());
  await act(async () => kernel.router.push('OnRampProviders'));
}

it('without a wallet: asks to connect one (English)', async () => {
  await openProviders();
  expect(await screen.findByText('Connect a wallet to buy crypto.', undefined, { timeout: 5000 })).toBeTruthy();
});

it("without a wallet: asks to connect one in the kernel's locale once the chunk has loaded (es)", async () => {
  await openProviders('es');
  expect(await screen.findByText('Conecta una billetera para comprar cripto.', undefined, { timeout: 5000 })).toBeTruthy();
  expect(screen.queryByText('Connect a wallet to buy crypto.')).toBeNull();
});
