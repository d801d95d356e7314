/**
 * For the sign-in tests: a real kernel on https://app.test (offline, storage in memory unless
 * given) with anvil and mainnet, the siwx plugin, one eip155 chain plugin serving `adapter`, and
 * one announced wallet (id 'wallet') to connect.
 */
import { createKernel, type Kernel, type LatchkeyOptions } from 'latchkey';
import { MemoryStorage, testAnvil, testMainnet, type FakeAdapter } from '../../kernel/testing/fakeAdapter';
import { siwxPlugin, type SiwxPluginConfig } from '../../plugins/siwx/index';

export function appKernel(adapter: FakeAdapter, options: Partial<LatchkeyOptions> = {}, storage = new MemoryStorage(), pluginConfig: SiwxPluginConfig = {}): Kernel {
  const kernel = createKernel({
    options: { projectId: 'test', networks: [testAnvil, testMainnet], features: { analytics: false }, ...options },
    plugins: [{ id: 'chain', contributes: { namespaces: ['eip155'] }, load: async () => ({ adapters: () => [adapter] }) }, siwxPlugin(pluginConfig)],
    environment: {
      window: { location: { host: 'app.test', origin: 'https://app.test', search: '' } } as never,
      document: undefined,
      localStorage: storage,
      isMobile: () => false,
      fetch: () => Promise.reject(new Error('offline')),
    },
  });
  kernel.connectors.add({ id: 'wallet', name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155', provider: {}, installed: true });
  return kernel;
}
