import { Container, ContainerModule } from 'inversify';
import { PluginHost, type PluginHostImpl } from './PluginHost';
import { KernelContainer } from './tokens';
import type { PluginContext, PluginManifest, PluginModule } from './manifest';
import { whenAccount } from './activations';
import { AdapterNotFoundError, OptionsValidationError, PluginAlreadyRegisteredError, PluginLoadError } from '../errors/kernel';
import { Options, RawOptions } from '../options/Options';
import { Storage } from '../services/Storage';
import { Alerts } from '../services/Alerts';
import { Environment, createEnvironment } from '../services/Environment';
import { MemoryStorage } from '../testing/fakeAdapter';
import type { LatchkeyOptions } from '../options/types';
import { Store } from '../store';
import { Account, type AccountServiceState } from '../services/Account';
import { Network } from '../services/Network';
import { bindService } from '../testing/services';

const g = globalThis as { __heavyPluginEvaluations?: number };

function host(options: LatchkeyOptions = { projectId: 'p' }) {
  const container = new Container({ defaultScope: 'Singleton' });
  const local = new MemoryStorage();
  container.bind(KernelContainer).toConstantValue(container);
  container.bind(Environment).toConstantValue(createEnvironment({ window: undefined, document: undefined, localStorage: local }));
  container.bind(RawOptions).toConstantValue(options);
  for (const token of [Options, Alerts, Storage, PluginHost]) bindService(container, token);
  return { container, local, options: container.get<Options>(Options), host: container.get<PluginHostImpl>(PluginHost) };
}

const view = (id: string, title?: string) => ({ id, ...(title ? { title } : {}), load: async () => ({ default: `${id}Component` }) });

const heavy = (id = 'heavy'): PluginManifest => ({
  id,
  contributes: {
    views: [view('Heavy')],
    namespaces: ['eip155'],
    walletFeatures: [{ id: 'send', label: 'Send', view: 'Heavy' }],
    accountTabs: [{ id: 'Activity', label: 'Activity', view: 'Heavy' }],
  },
  load: () => import('./fixtures/heavyPlugin'),
});

describe('PluginHost', () => {
  it('answers what a manifest contributes without evaluating its module', async () => {
    const { host: h } = host();
    const before = g.__heavyPluginEvaluations ?? 0;
    h.register(heavy());
    await h.start();
    expect(g.__heavyPluginEvaluations ?? 0).toBe(before);
    expect(h.isLoaded('heavy')).toBe(false);
    expect(h.view('Heavy')).toMatchObject({ id: 'Heavy', plugin: 'heavy' });
    expect(h.hasAdapter('eip155')).toBe(true);
    expect(h.walletFeatures().map((f) => [f.plugin, f.id, f.view])).toEqual([['heavy', 'send', 'Heavy']]);
    expect(h.accountTabs().map((t) => t.label)).toEqual(['Activity']);
    // First use: asking for its adapter.
    await h.adapter('eip155');
    expect(g.__heavyPluginEvaluations).toBe(before + 1);
    expect(h.isLoaded('heavy')).toBe(true);
  });

  it('binds the module services, collects adapters, runs onLoad once, and loads once when asked twice', async () => {
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

  it('orders slot contributions by `order`, keeping registration order among equals', () => {
    const { host: h } = host();
    const feature = (id: string, order?: number) => ({ id, label: id, view: id, ...(order === undefined ? {} : { order }) });
    h.register({ id: 'a', contributes: { walletFeatures: [feature('late', 50), feature('plain')] }, load: async () => ({}) });
    h.register({ id: 'b', contributes: { walletFeatures: [feature('early', -1), feature('plain2')] }, load: async () => ({}) });
    expect(h.walletFeatures().map((f) => f.id)).toEqual(['early', 'plain', 'plain2', 'late']);
  });

  it('lets a later plugin replace a view, and tells which view a connector type and basic mode open', () => {
    const { host: h } = host();
    h.register({ id: 'core', contributes: { views: [view('Account', 'Account')] }, load: async () => ({}) });
    h.register({
      id: 'wc',
      contributes: { views: [view('Pairing')], connectorViews: { WALLET_CONNECT: 'Pairing' }, basicView: 'Pairing' },
      load: async () => ({}),
    });
    expect(h.view('Account')?.plugin).toBe('core');
    h.register({ id: 'mine', contributes: { views: [view('Account', 'My account')] }, load: async () => ({}) });
    expect(h.view('Account')).toMatchObject({ plugin: 'mine', title: 'My account' });
    expect(h.connectorView('WALLET_CONNECT')).toBe('Pairing');
    expect(h.connectorView('INJECTED')).toBeUndefined();
    expect(h.basicView()).toBe('Pairing');
    expect(h.view('Nope')).toBeUndefined();
  });

  it('rejects a duplicate id with a typed error and stays usable', async () => {
    const { host: h } = host();
    h.register({ id: 'a', load: async () => ({}), contributes: { views: [view('A')] } });
    expect(() => h.register({ id: 'a', load: async () => ({}) })).toThrow(PluginAlreadyRegisteredError);
    expect(h.manifests()).toHaveLength(1);
    expect(h.view('A')?.plugin).toBe('a');
  });

  it('reports a failed load as PluginLoadError, keeps other plugins working, and can retry', async () => {
    const { host: h } = host();
    let attempts = 0;
    h.register({
      id: 'flaky',
      load: async () => {
        attempts++;
        if (attempts === 1) throw new Error('network down');
        return {} satisfies PluginModule;
      },
    });
    h.register({ id: 'fine', load: async () => ({}) });
    const err = await h.load('flaky').catch((e) => e);
    expect(err).toBeInstanceOf(PluginLoadError);
    expect((err as PluginLoadError).cause).toEqual(new Error('network down'));
    expect(h.state.plugins.find((p) => p.manifest.id === 'flaky')!.status).toBe('failed');
    await h.load('fine');
    await h.load('flaky');
    expect(h.state.plugins.find((p) => p.manifest.id === 'flaky')!.status).toBe('loaded');
  });

  it('unbinds the services of a plugin whose onLoad fails', async () => {
    const { host: h, container } = host();
    const Token = Symbol('T');
    h.register({
      id: 'bad-start',
      load: async () => ({
        services: new ContainerModule(({ bind }) => {
          bind(Token).toConstantValue(1);
        }),
        onLoad: () => {
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

  it('runs onKernelStart at start (and for plugins registered later) without loading, onStop and disposers at stop', async () => {
    const { host: h } = host();
    const calls: string[] = [];
    h.register({
      id: 's1',
      onKernelStart: () => {
        calls.push('start s1');
        return () => calls.push('dispose s1');
      },
      load: async () => ({ onLoad: () => void calls.push('load s1'), onStop: () => void calls.push('stop s1') }),
    });
    expect(calls).toEqual([]);
    await h.start();
    expect(h.isLoaded('s1')).toBe(false);
    h.register({ id: 's2', onKernelStart: () => void calls.push('start s2'), load: async () => ({}) });
    await h.load('s1');
    await h.stop();
    expect(calls).toEqual(['start s1', 'start s2', 'load s1', 'dispose s1', 'stop s1']);
  });

  it('waits for an onKernelStart that imports its code, keeps its disposer, and disposes one that settles after stop', async () => {
    const { host: h } = host();
    const calls: string[] = [];
    let release!: () => void;
    const late = new Promise<void>((resolve) => (release = resolve));
    h.register({
      id: 'async',
      onKernelStart: async () => {
        await Promise.resolve();
        calls.push('start async');
        return () => calls.push('dispose async');
      },
      load: async () => ({}),
    });
    h.register({ id: 'broken', onKernelStart: async () => { throw new Error('no chunk'); }, load: async () => ({}) });
    await h.start();
    expect(calls).toEqual(['start async']);
    expect(h.state.plugins.find((p) => p.manifest.id === 'broken')).toMatchObject({ status: 'failed', error: expect.any(PluginLoadError) });
    h.register({
      id: 'late',
      onKernelStart: async () => {
        await late;
        return () => calls.push('dispose late');
      },
      load: async () => ({}),
    });
    await h.stop();
    expect(calls).toEqual(['start async', 'dispose async']);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(['start async', 'dispose async', 'dispose late']);
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

  it('refuses a malformed manifest with a typed error', () => {
    const { host: h } = host();
    expect(() => h.register({ id: '', load: async () => ({}) })).toThrow(PluginLoadError);
    expect(() => h.register({ id: 'x' } as unknown as PluginManifest)).toThrow(PluginLoadError);
  });
});

describe('PluginHost: onLoad disposers and activations', () => {
  it('calls the disposer onLoad returns once, at stop, before onStop, the last loaded plugin first', async () => {
    const { host: h } = host();
    const calls: string[] = [];
    h.register({ id: 'first', load: async () => ({ onLoad: () => () => void calls.push('dispose first'), onStop: () => void calls.push('stop first') }) });
    // A disposer from an async onLoad (one that imports its code), itself async.
    h.register({ id: 'second', load: async () => ({ onLoad: async () => async () => void calls.push('dispose second') }) });
    await h.load('first');
    await h.load('second');
    expect(calls).toEqual([]);
    await h.stop();
    expect(calls).toEqual(['dispose second', 'dispose first', 'stop first']);
    await h.start();
    await h.stop();
    expect(calls).toEqual(['dispose second', 'dispose first', 'stop first', 'stop first']);
  });

  it('logs a disposer that throws, as a failing onStop, and still runs the others', async () => {
    const { host: h } = host();
    const calls: string[] = [];
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    h.register({ id: 'ok', load: async () => ({ onLoad: () => () => void calls.push('dispose ok') }) });
    h.register({
      id: 'bad',
      load: async () => ({
        onLoad: () => () => {
          throw new Error('dispose');
        },
        onStop: () => void calls.push('stop bad'),
      }),
    });
    h.register({ id: 'worse', load: async () => ({ onLoad: () => () => Promise.reject(new Error('later')), onStop: () => Promise.reject(new Error('stop')) }) });
    for (const id of ['ok', 'bad', 'worse']) await h.load(id);
    await h.stop();
    expect(calls).toEqual(['stop bad', 'dispose ok']);
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      "[latchkey] plugin 'worse' onLoad disposer failed",
      "[latchkey] plugin 'worse' onStop failed",
      "[latchkey] plugin 'bad' onLoad disposer failed",
    ]);
    warn.mockRestore();
  });

  it('ends an activation returned from onKernelStart or onLoad at stop, calling its open cleanup', async () => {
    const { host: h, container } = host();
    const connected = (caipAddress: string) => ({ status: 'connected', caipAddress, allAccounts: [], currentTab: 0 });
    const account = new Store<AccountServiceState>({ namespaces: { eip155: connected('eip155:1:0xA') } as never });
    container.bind(Account).toConstantValue(account);
    container.bind(Network).toConstantValue(new Store({ activeNamespace: 'eip155' }));
    const calls: string[] = [];
    const follow = (tag: string) => (ctx: PluginContext) =>
      whenAccount(ctx, 'eip155', (a) => {
        calls.push(`${tag} ${a.caipAddress}`);
        return () => void calls.push(`${tag} cleanup`);
      });
    h.register({ id: 'watcher', onKernelStart: follow('start'), load: async () => ({ onLoad: follow('load') }) });
    await h.start();
    await h.load('watcher');
    expect(calls).toEqual(['start eip155:1:0xA', 'load eip155:1:0xA']);
    await h.stop();
    expect(calls).toEqual(['start eip155:1:0xA', 'load eip155:1:0xA', 'start cleanup', 'load cleanup']);
    account.patch({ namespaces: { eip155: connected('eip155:1:0xB') } as never });
    expect(calls).toHaveLength(4);
  });
});

describe('PluginHost: options and storage a plugin owns', () => {
  const owner = (seen: unknown[]): PluginManifest => ({
    id: 'owner',
    options: {
      keys: ['greeting'],
      validate: (o) => {
        seen.push(o);
        return typeof o['greeting'] === 'string' || o['greeting'] === undefined ? [] : [{ path: 'greeting', message: 'Expected string' }];
      },
    },
    load: async () => ({}),
  });

  it('hands the plugin only the keys it owns, and refuses it when they are invalid', () => {
    const seen: unknown[] = [];
    const { host: h } = host({ projectId: 'p', greeting: 'hi', other: 1 } as LatchkeyOptions);
    h.register(owner(seen));
    expect(seen).toEqual([{ greeting: 'hi' }]);
    const bad = host({ projectId: 'p', greeting: 42 } as LatchkeyOptions);
    expect(() => bad.host.register(owner([]))).toThrow(OptionsValidationError);
    expect(() => bad.host.register(owner([]))).toThrow('Invalid options: greeting: Expected string');
    expect(bad.host.has('owner')).toBe(false);
  });

  it('re-validates when the host updates the options', () => {
    const seen: unknown[] = [];
    const { host: h, options } = host();
    h.register(owner(seen));
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    options.update({ greeting: 7 } as Partial<LatchkeyOptions>);
    expect(seen.at(-1)).toEqual({ greeting: 7 });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("plugin 'owner' rejects"), expect.any(OptionsValidationError));
    errors.mockRestore();
  });

  it("gives each plugin's hooks storage under its own prefix", async () => {
    const { host: h, local } = host();
    h.register({
      id: 'notes',
      onKernelStart: (ctx) => {
        ctx.storage.set('last', 'x');
        ctx.storage.cache('lookups', 60_000).set('k', 1);
      },
      load: async () => ({}),
    });
    await h.start();
    expect([...local.map.keys()].sort()).toEqual(['@latchkey/plugin/notes/cache/lookups', '@latchkey/plugin/notes/last']);
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
