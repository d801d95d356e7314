/**
 * latchkey/element on a server (plain Node, no DOM): importing it touches neither the DOM nor a
 * custom-element registry; defineLatchkeyElements declines; createLatchkey gives a headless kernel.
 */
import { createLatchkey, defineLatchkeyElements } from './index';
import { MemoryStorage } from '../../kernel/testing/fakeAdapter';
import { evmNetwork } from '../../kernel/testing/networks';

it('imports, defines nothing and creates a headless kernel without window, document or customElements', async () => {
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
  expect(typeof (globalThis as { customElements?: unknown }).customElements).toBe('undefined');
  expect(defineLatchkeyElements()).toBe(false);
  const devnet = evmNetwork(31337, 'Dev chain');
  const lk = createLatchkey({
    options: { projectId: 'ssr', networks: [devnet], features: { analytics: false } },
    environment: { localStorage: new MemoryStorage(), fetch: () => Promise.reject(new Error('offline')) },
  });
  expect(lk.kernel.network.state.activeNetwork?.id).toBe(31337);
  expect(lk.kernel.account.get('eip155').status).toBe('disconnected');
  lk.open();
  expect(lk.kernel.modal.state.open).toBe(true);
  lk.close();
  await lk.destroy();
});
