import { ConnectorRegistry, Environment, Options, type Connector, type PluginContext } from '../../kernel/index';
import { evmPlugin } from './index';

class FakeWindow extends EventTarget {
  ethereum?: unknown;
}

function announce(win: FakeWindow, rdns: string, provider: unknown): void {
  const detail = { info: { uuid: `${rdns}-1`, name: rdns, icon: '', rdns }, provider };
  win.addEventListener('eip6963:requestProvider', () =>
    win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail })),
  );
}

function fakeContext(win: FakeWindow | undefined, options: { enableEIP6963?: boolean; enableInjected?: boolean } = {}) {
  const added: Connector[] = [];
  const removed: string[] = [];
  const registry = { add: (c: Connector) => added.push(c), remove: (id: string) => removed.push(id) };
  const ctx: PluginContext = {
    manifest: evmPlugin(),
    storage: undefined as never,
    container: undefined as never,
    get<T>(token: symbol): T {
      if (token === Environment) return { window: win } as T;
      if (token === Options) return { state: { enableEIP6963: true, enableInjected: true, ...options } } as T;
      if (token === ConnectorRegistry) return registry as T;
      throw new Error(`unexpected token ${String(token)}`);
    },
  };
  return { ctx, added, removed };
}

describe('evmPlugin manifest', () => {
  it('declares a lazy eip155 adapter for injected and announced wallets', () => {
    const manifest = evmPlugin();
    expect(manifest.id).toBe('evm');
    expect(manifest.activation).toBe('lazy');
    expect(manifest.contributes).toEqual({ namespaces: ['eip155'] });
    expect(manifest.options?.keys).toEqual(['enableEIP6963', 'enableInjected']);
  });

  it('owns enableEIP6963 and enableInjected: createKernel refuses them when they are not booleans', async () => {
    const { createKernel } = await import('../../kernel/index');
    const make = (opts: Record<string, unknown>) => () =>
      createKernel({ options: { projectId: 'p', ...opts }, plugins: [evmPlugin()], environment: { window: undefined, document: undefined } });
    expect(make({ enableEIP6963: 'yes' })).toThrow('Invalid options: enableEIP6963: Expected boolean, received string');
    expect(make({ enableInjected: false })).not.toThrow();
  });

  it('loads a module whose adapter serves eip155', async () => {
    const loaded = await evmPlugin().load();
    const mod = 'default' in loaded ? loaded.default : loaded;
    const { ctx } = fakeContext(undefined);
    expect(mod.adapters?.(ctx).map((a) => a.namespace)).toEqual(['eip155']);
  });

  it('onKernelStart discovers wallets into the ConnectorRegistry and returns a disposer', async () => {
    const win = new FakeWindow();
    const shared = { request: async () => null, isMetaMask: true };
    announce(win, 'io.metamask', shared);
    win.ethereum = shared;
    const { ctx, added } = fakeContext(win);
    const dispose = await evmPlugin().onKernelStart!(ctx);
    expect(added.map((c) => [c.id, c.type])).toEqual([['io.metamask', 'ANNOUNCED']]);
    expect(typeof dispose).toBe('function');
    (dispose as () => void)();
    announce(win, 'io.rabby', { request: async () => null });
    win.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(added).toHaveLength(1);
  });

  it('follows the kernel options, and the plugin config over them', async () => {
    const win = new FakeWindow();
    announce(win, 'io.rabby', { request: async () => null });
    win.ethereum = { request: async () => null };

    const offByOptions = fakeContext(win, { enableInjected: false });
    await evmPlugin().onKernelStart!(offByOptions.ctx);
    expect(offByOptions.added.map((c) => c.id)).toEqual(['io.rabby']);

    const offByConfig = fakeContext(win);
    await evmPlugin({ enableEIP6963: false }).onKernelStart!(offByConfig.ctx);
    expect(offByConfig.added.map((c) => c.id)).toEqual(['injected']);
  });

  it('does nothing on a server (no window)', async () => {
    const { ctx, added } = fakeContext(undefined);
    expect(await evmPlugin().onKernelStart!(ctx)).toBeUndefined();
    expect(added).toEqual([]);
  });
});
