import { Container, ContainerModule } from 'inversify';
import { KernelContainer, PluginHostImpl } from '../services/PluginHost';
import type { PluginManifest, PluginModule } from './manifest';
import { AdapterNotFoundError, PluginAlreadyRegisteredError, PluginLoadError } from '../errors/kernel';

const g = globalThis as { __heavyPluginEvaluations?: number };

function host() {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(KernelContainer).toConstantValue(container);
  return { container, host: new PluginHostImpl(container) };
}

const heavy = (id = 'heavy'): PluginManifest => ({
  id,
  contributes: { views: ['Heavy'], namespaces: ['eip155'], features: ['send'], accountTabs: ['Activity'] },
  load: () => import('./fixtures/heavyPlugin'),
});

describe('PluginHost', () => {
  it('does not evaluate a plugin module before its first use', async () => {
    const { host: h } = host();
    const before = g.__heavyPluginEvaluations ?? 0;
    h.register(heavy());
    await h.start();
    expect(g.__heavyPluginEvaluations ?? 0).toBe(before);
    expect(h.isLoaded('heavy')).toBe(false);
    // What the manifest contributes is known without loading.
    expect(h.viewOwner('Heavy')?.id).toBe('heavy');
    expect(h.hasAdapter('eip155')).toBe(true);
    expect(h.features()).toEqual(['send']);
    expect(h.accountTabs()).toEqual(['Activity']);
    // First use: opening its view.
    expect(await h.resolveView('Heavy')).toBe('HeavyViewComponent');
    expect(g.__heavyPluginEvaluations).toBe(before + 1);
    expect(h.isLoaded('heavy')).toBe(true);
  });

  it('binds the module services, collects adapters, runs onStart once, and loads once when asked twice', async () => {
    const { host: h, container } = host();
    h.register(heavy('heavy2'));
    const mod = await import('./fixtures/heavyPlugin');
    const [a, b] = await Promise.all([h.load('heavy2'), h.load('heavy2')]);
    expect(a).toBe(b);
    expect(container.get<{ greet(n: string): string }>(mod.Greeter).greet('x')).toBe('hello x');
    expect((await h.adapter('eip155')).namespace).toBe('eip155');
    expect(h.loadedAdapter('eip155')).toBeDefined();
    expect(mod.starts.filter((s) => s === 'heavy2')).toHaveLength(1);
    expect(h.state.plugins[0]!.status).toBe('loaded');
  });

  it('rejects a duplicate id with a typed error and stays usable', async () => {
    const { host: h } = host();
    h.register({ id: 'a', load: async () => ({ views: { A: 1 } }), contributes: { views: ['A'] } });
    expect(() => h.register({ id: 'a', load: async () => ({}) })).toThrow(PluginAlreadyRegisteredError);
    expect(h.manifests()).toHaveLength(1);
    expect(await h.resolveView('A')).toBe(1);
  });

  it('reports a failed load as PluginLoadError, keeps other plugins working, and can retry', async () => {
    const { host: h } = host();
    let attempts = 0;
    h.register({
      id: 'flaky',
      contributes: { views: ['Flaky'] },
      load: async () => {
        attempts++;
        if (attempts === 1) throw new Error('network down');
        return { views: { Flaky: 'ok' } } satisfies PluginModule;
      },
    });
    h.register({ id: 'fine', contributes: { views: ['Fine'] }, load: async () => ({ views: { Fine: 'fine' } }) });
    const err = await h.load('flaky').catch((e) => e);
    expect(err).toBeInstanceOf(PluginLoadError);
    expect((err as PluginLoadError).cause).toEqual(new Error('network down'));
    expect(h.state.plugins.find((p) => p.manifest.id === 'flaky')!.status).toBe('failed');
    expect(await h.resolveView('Fine')).toBe('fine');
    expect(await h.resolveView('Flaky')).toBe('ok');
    expect(h.state.plugins.find((p) => p.manifest.id === 'flaky')!.status).toBe('loaded');
  });

  it('unbinds the services of a plugin whose start fails', async () => {
    const { host: h, container } = host();
    const Token = Symbol('T');
    h.register({
      id: 'bad-start',
      load: async () => ({
        services: new ContainerModule(({ bind }) => {
          bind(Token).toConstantValue(1);
        }),
        onStart: () => {
          throw new Error('boom');
        },
      }),
    });
    await expect(h.load('bad-start')).rejects.toBeInstanceOf(PluginLoadError);
    expect(container.isBound(Token)).toBe(false);
  });

  it('rejects a module that declares a namespace without giving its adapter', async () => {
    const { host: h } = host();
    h.register({ id: 'noadapter', contributes: { namespaces: ['solana'] }, load: async () => ({}) });
    await expect(h.adapter('solana')).rejects.toBeInstanceOf(PluginLoadError);
  });

  it('throws AdapterNotFoundError for a namespace no plugin adapts', async () => {
    const { host: h } = host();
    await expect(h.adapter('bip122')).rejects.toBeInstanceOf(AdapterNotFoundError);
    await expect(h.adapter('bip122')).rejects.toThrow('Adapter not found');
    expect(h.hasAdapter('bip122')).toBe(false);
  });

  it('runs setup hooks at start (and for plugins registered later), and their disposers at stop', async () => {
    const { host: h } = host();
    const calls: string[] = [];
    h.register({ id: 's1', setup: () => { calls.push('setup s1'); return () => calls.push('dispose s1'); }, load: async () => ({}) });
    expect(calls).toEqual([]);
    await h.start();
    h.register({ id: 's2', setup: () => { calls.push('setup s2'); }, load: async () => ({}) });
    await h.stop();
    expect(calls).toEqual(['setup s1', 'setup s2', 'dispose s1']);
  });

  it('loads startup plugins at start and survives one that fails', async () => {
    const { host: h } = host();
    const stops: string[] = [];
    h.register({ id: 'up', activation: 'startup', load: async () => ({ onStop: () => { stops.push('up'); } }) });
    h.register({ id: 'down', activation: 'startup', load: async () => { throw new Error('x'); } });
    await h.start();
    expect(h.isLoaded('up')).toBe(true);
    expect(h.state.plugins.find((p) => p.manifest.id === 'down')!.status).toBe('failed');
    await h.stop();
    expect(stops).toEqual(['up']);
  });

  it('finds the plugin that performs a connector type, and unions contributed connect methods in order', () => {
    const { host: h } = host();
    h.register({ id: 'wc', contributes: { connectors: ['WALLET_CONNECT'], connectMethods: ['wallet'] }, load: async () => ({}) });
    h.register({ id: 'email', contributes: { connectMethods: ['email', 'wallet'] }, load: async () => ({}) });
    expect(h.connectorOwner('WALLET_CONNECT')?.id).toBe('wc');
    expect(h.connectorOwner('INJECTED')).toBeUndefined();
    expect(h.connectMethods()).toEqual(['wallet', 'email']);
  });

  it('refuses a malformed manifest with a typed error', () => {
    const { host: h } = host();
    expect(() => h.register({ id: '', load: async () => ({}) })).toThrow(PluginLoadError);
    expect(() => h.register({ id: 'x' } as unknown as PluginManifest)).toThrow(PluginLoadError);
  });
});

describe('PluginHost fallback adapters', () => {
  const adapterFor = (ns: 'eip155' | 'solana', tag: string) =>
    ({ namespace: ns, tag }) as unknown as import('../adapter').ChainAdapter & { tag: string };

  it('serves a namespace from the fallback plugin only when no chain plugin adapts it', async () => {
    const { host: h } = host();
    h.register({
      id: 'universal',
      contributes: { fallbackNamespaces: ['eip155', 'solana'] },
      load: async () => ({ adapters: () => [adapterFor('eip155', 'universal'), adapterFor('solana', 'universal')] }),
    });
    h.register({ id: 'evm', contributes: { namespaces: ['eip155'] }, load: async () => ({ adapters: () => [adapterFor('eip155', 'evm')] }) });
    expect(h.namespaces()).toEqual(['eip155']);
    expect(h.hasAdapter('solana')).toBe(true);
    // Load the fallback plugin first: it must not take eip155 from the chain plugin.
    expect(((await h.adapter('solana')) as unknown as { tag: string }).tag).toBe('universal');
    expect(((await h.adapter('eip155')) as unknown as { tag: string }).tag).toBe('evm');
  });

  it('counts no chain adapter (basic mode) when only a fallback plugin is registered', () => {
    const { host: h } = host();
    h.register({ id: 'universal', contributes: { fallbackNamespaces: ['eip155'] }, load: async () => ({}) });
    expect(h.namespaces()).toEqual([]);
    expect(h.hasAdapter('eip155')).toBe(true);
  });
});
