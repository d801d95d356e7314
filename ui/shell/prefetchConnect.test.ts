import type { PluginManifest } from '../../kernel/index';
import { testKernel } from '../../kernel/testing/fakeAdapter';
import { connectViews, prefetchConnect } from './prefetchConnect';

/** A plugin contributing the views `ids` (each counting its chunk's loads) and `contributes`, counting its module's loads. */
function plugin(id: string, ids: string[], contributes: PluginManifest['contributes'] = {}) {
  const counts = { module: 0, views: {} as Record<string, number> };
  const manifest: PluginManifest = {
    id,
    contributes: {
      views: ids.map((view) => ({
        id: view,
        load: async () => {
          counts.views[view] = (counts.views[view] ?? 0) + 1;
          return { default: () => null };
        },
      })),
      ...contributes,
    },
    load: async () => {
      counts.module++;
      return {};
    },
  };
  return { manifest, counts };
}

const email = () => plugin('test-email', ['EmailField', 'EmailOtp'], { connectMethods: [{ id: 'email', view: 'EmailField', flag: 'email' }] });
const pairing = () => plugin('test-pairing', ['PairingView', 'PairingOther'], { connectorViews: { WALLET_CONNECT: 'PairingView' } });
const pairingConnector = { id: 'test-wc', name: 'WalletConnect', type: 'WALLET_CONNECT' as const, chain: 'eip155' as const };

/** Runs what was scheduled for an idle moment (this environment has no requestIdleCallback: a 50 ms timer). */
async function afterIdle(): Promise<void> {
  jest.advanceTimersByTime(60);
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('prefetchConnect (the modal chunk, loaded when idle, fetches what the Connect view shows)', () => {
  it("loads, in an idle moment, the Connect view's method views and the view its WalletConnect entry opens, with their plugins' modules, once per kernel", async () => {
    const e = email();
    const p = pairing();
    const { kernel } = testKernel({}, { plugins: [e.manifest, p.manifest] });
    kernel.connectors.add(pairingConnector);
    expect(connectViews(kernel)).toEqual(expect.arrayContaining(['EmailField', 'PairingView']));
    prefetchConnect(kernel);
    expect(p.counts.module).toBe(0); // nothing before the idle moment
    await afterIdle();
    expect(e.counts.views).toEqual({ EmailField: 1 });
    expect(p.counts.views).toEqual({ PairingView: 1 });
    expect(e.counts.module).toBe(1);
    expect(p.counts.module).toBe(1);
    prefetchConnect(kernel);
    await afterIdle();
    expect(p.counts.views).toEqual({ PairingView: 1 });
  });

  it('leaves out a method whose feature flag is off, and a connector view with no such connector listed', async () => {
    const e = email();
    const p = pairing();
    const { kernel } = testKernel({ features: { analytics: false, email: false } }, { plugins: [e.manifest, p.manifest] });
    prefetchConnect(kernel);
    await afterIdle();
    expect(e.counts.views).toEqual({});
    expect(p.counts.views).toEqual({});
    expect(e.counts.module + p.counts.module).toBe(0);
  });

  it('loads nothing on a phone', async () => {
    const p = pairing();
    const { kernel } = testKernel({}, { plugins: [p.manifest], mobile: true });
    kernel.connectors.add(pairingConnector);
    prefetchConnect(kernel);
    await afterIdle();
    expect(p.counts.views).toEqual({});
    expect(p.counts.module).toBe(0);
  });
});
