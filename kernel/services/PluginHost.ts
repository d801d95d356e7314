import type { Observed } from '../store';
import type { ChainAdapter } from '../adapter';
import type { PluginManifest, PluginModule, PluginStatus } from '../plugin/manifest';
import type { AccountTab, ChainNamespace, ConnectMethod, ViewId, WalletFeature } from '../types';
import { inject, injectable, type Container } from 'inversify';
import { Store } from '../store';
import type { PluginContext } from '../plugin/manifest';
import {
  AdapterNotFoundError,
  PluginAlreadyRegisteredError,
  PluginLoadError,
} from '../errors/kernel';

export const PluginHost = Symbol('PluginHost');

export interface PluginEntry {
  readonly manifest: PluginManifest;
  readonly status: PluginStatus;
  readonly error?: Error;
}

export interface PluginHostState {
  readonly plugins: readonly PluginEntry[];
  readonly started: boolean;
}

/**
 * Registers manifests and loads plugin modules on first use, binding their
 * services, collecting views and adapters, and running onStart/onStop.
 */
export interface PluginHost extends Observed<PluginHostState> {
  /** Throws PluginAlreadyRegisteredError for a duplicate id; the kernel stays usable. */
  register(manifest: PluginManifest): void;
  has(id: string): boolean;
  manifests(): readonly PluginManifest[];
  /** Loads (once) and starts the plugin; a failed load throws PluginLoadError and may be retried. */
  load(id: string): Promise<PluginModule>;
  isLoaded(id: string): boolean;
  /** Plugin that contributes `view`, if any. */
  viewOwner(view: ViewId): PluginManifest | undefined;
  /** Loads the owning plugin and returns the view component (opaque), or undefined. */
  resolveView(view: ViewId): Promise<unknown>;
  /** A view already loaded, synchronously (for instant renders). */
  loadedView(view: ViewId): unknown;
  hasAdapter(namespace: ChainNamespace): boolean;
  /** Loads the plugin that adapts `namespace`; throws AdapterNotFoundError ('Adapter not found'). */
  adapter(namespace: ChainNamespace): Promise<ChainAdapter>;
  /** Adapter already loaded, synchronously. */
  loadedAdapter(namespace: ChainNamespace): ChainAdapter | undefined;
  /** Namespaces with a chain adapter plugin registered (fallback adapters not counted). */
  namespaces(): readonly ChainNamespace[];
  features(): readonly WalletFeature[];
  connectMethods(): readonly ConnectMethod[];
  accountTabs(): readonly AccountTab[];
  /** Plugin that performs connections for a connector id or type. */
  connectorOwner(idOrType: string): PluginManifest | undefined;
  /** Runs manifests' setup hooks and loads 'startup' plugins. */
  start(): Promise<void>;
  /** Runs onStop of loaded plugins and setup disposers. */
  stop(): Promise<void>;
}

// ---------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------
/** The kernel's own container, bound so services can hand it to plugins. */
export const KernelContainer = Symbol('KernelContainer');

interface Loaded {
  readonly module: PluginModule;
  readonly ctx: PluginContext;
}

function unique<T>(lists: readonly (readonly T[] | undefined)[]): T[] {
  const out: T[] = [];
  for (const list of lists) for (const v of list ?? []) if (!out.includes(v)) out.push(v);
  return out;
}

@injectable()
export class PluginHostImpl implements PluginHost {
  private readonly store = new Store<PluginHostState>({ plugins: [], started: false });
  readonly state$ = this.store.state$;
  private readonly loaded = new Map<string, Loaded>();
  private readonly loading = new Map<string, Promise<PluginModule>>();
  private readonly views = new Map<string, unknown>();
  private readonly adapters = new Map<ChainNamespace, ChainAdapter>();
  private readonly disposers = new Map<string, () => void>();

  constructor(@inject(KernelContainer) private readonly container: Container) {}

  get state(): PluginHostState {
    return this.store.state;
  }

  register(manifest: PluginManifest): void {
    if (!manifest || typeof manifest.id !== 'string' || manifest.id === '' || typeof manifest.load !== 'function') {
      throw new PluginLoadError(String(manifest?.id ?? '(no id)'), new TypeError('A plugin manifest needs an id and a load() function'));
    }
    if (this.has(manifest.id)) throw new PluginAlreadyRegisteredError(manifest.id);
    this.store.patch((s) => ({ plugins: [...s.plugins, { manifest, status: 'registered' }] }));
    if (this.state.started) this.runSetup(manifest);
  }

  has(id: string): boolean {
    return this.state.plugins.some((p) => p.manifest.id === id);
  }

  manifests(): readonly PluginManifest[] {
    return this.state.plugins.map((p) => p.manifest);
  }

  isLoaded(id: string): boolean {
    return this.loaded.has(id);
  }

  load(id: string): Promise<PluginModule> {
    const done = this.loaded.get(id);
    if (done) return Promise.resolve(done.module);
    const pending = this.loading.get(id);
    if (pending) return pending;
    const manifest = this.manifest(id);
    if (!manifest) return Promise.reject(new PluginLoadError(id, new Error(`No plugin with id '${id}' is registered`)));
    const promise = this.doLoad(manifest);
    this.loading.set(id, promise);
    promise.then(
      () => this.loading.delete(id),
      () => this.loading.delete(id),
    );
    return promise;
  }

  private async doLoad(manifest: PluginManifest): Promise<PluginModule> {
    const id = manifest.id;
    this.setStatus(id, 'loading');
    let boundServices = false;
    let module: PluginModule | undefined;
    try {
      const imported = await manifest.load();
      module = ('default' in imported && imported.default ? imported.default : imported) as PluginModule;
      const ctx = this.context(manifest);
      if (module.services) {
        await this.container.load(module.services);
        boundServices = true;
      }
      const adapters = module.adapters?.(ctx) ?? [];
      for (const ns of manifest.contributes?.namespaces ?? []) {
        if (!adapters.some((a) => a.namespace === ns)) {
          throw new Error(`Plugin '${id}' declares namespace '${ns}' but its module gives no adapter for it`);
        }
      }
      await module.onStart?.(ctx);
      // A fallback adapter serves its namespace only when no chain plugin adapts it.
      for (const adapter of adapters) {
        if (this.adapterOwner(adapter.namespace)?.id === id) this.adapters.set(adapter.namespace, adapter);
      }
      for (const [view, component] of Object.entries(module.views ?? {})) this.views.set(view, component);
      this.loaded.set(id, { module, ctx });
      this.setStatus(id, 'loaded');
      return module;
    } catch (cause) {
      if (boundServices && module?.services) {
        try {
          await this.container.unload(module.services);
        } catch {
          /* the container keeps what it could not unload; the plugin stays failed */
        }
      }
      const error = cause instanceof PluginLoadError ? cause : new PluginLoadError(id, cause);
      this.setStatus(id, 'failed', error);
      throw error;
    }
  }

  viewOwner(view: ViewId): PluginManifest | undefined {
    return this.manifests().find((m) => m.contributes?.views?.includes(view));
  }

  async resolveView(view: ViewId): Promise<unknown> {
    if (this.views.has(view)) return this.views.get(view);
    const owner = this.viewOwner(view);
    if (!owner) return undefined;
    await this.load(owner.id);
    return this.views.get(view);
  }

  loadedView(view: ViewId): unknown {
    return this.views.get(view);
  }

  private adapterOwner(namespace: ChainNamespace): PluginManifest | undefined {
    const manifests = this.manifests();
    return (
      manifests.find((m) => m.contributes?.namespaces?.includes(namespace)) ??
      manifests.find((m) => m.contributes?.fallbackNamespaces?.includes(namespace))
    );
  }

  hasAdapter(namespace: ChainNamespace): boolean {
    return this.adapterOwner(namespace) !== undefined;
  }

  async adapter(namespace: ChainNamespace): Promise<ChainAdapter> {
    const ready = this.adapters.get(namespace);
    if (ready) return ready;
    const owner = this.adapterOwner(namespace);
    if (!owner) throw new AdapterNotFoundError();
    await this.load(owner.id);
    const adapter = this.adapters.get(namespace);
    if (!adapter) throw new AdapterNotFoundError();
    return adapter;
  }

  loadedAdapter(namespace: ChainNamespace): ChainAdapter | undefined {
    return this.adapters.get(namespace);
  }

  namespaces(): readonly ChainNamespace[] {
    return unique(this.manifests().map((m) => m.contributes?.namespaces));
  }

  features(): readonly WalletFeature[] {
    return unique(this.manifests().map((m) => m.contributes?.features));
  }

  connectMethods(): readonly ConnectMethod[] {
    return unique(this.manifests().map((m) => m.contributes?.connectMethods));
  }

  accountTabs(): readonly AccountTab[] {
    return unique(this.manifests().map((m) => m.contributes?.accountTabs));
  }

  connectorOwner(idOrType: string): PluginManifest | undefined {
    return this.manifests().find((m) => m.contributes?.connectors?.includes(idOrType));
  }

  async start(): Promise<void> {
    if (this.state.started) return;
    this.store.patch({ started: true });
    for (const m of this.manifests()) this.runSetup(m);
    const startup = this.manifests().filter((m) => m.activation === 'startup');
    // A failed startup plugin is recorded as failed; the kernel stays usable.
    await Promise.allSettled(startup.map((m) => this.load(m.id)));
  }

  async stop(): Promise<void> {
    for (const [id, dispose] of this.disposers) {
      try {
        dispose();
      } catch (err) {
        console.warn(`[latchkey] plugin '${id}' setup disposer failed`, err);
      }
    }
    this.disposers.clear();
    for (const [id, { module, ctx }] of this.loaded) {
      try {
        await module.onStop?.(ctx);
      } catch (err) {
        console.warn(`[latchkey] plugin '${id}' onStop failed`, err);
      }
    }
    this.store.patch({ started: false });
  }

  private runSetup(manifest: PluginManifest): void {
    if (!manifest.setup) return;
    try {
      const dispose = manifest.setup(this.context(manifest));
      if (typeof dispose === 'function') this.disposers.set(manifest.id, dispose);
    } catch (cause) {
      this.setStatus(manifest.id, 'failed', new PluginLoadError(manifest.id, cause));
    }
  }

  private context(manifest: PluginManifest): PluginContext {
    const container = this.container;
    return { manifest, container, get: <T>(token: symbol) => container.get<T>(token) };
  }

  private manifest(id: string): PluginManifest | undefined {
    return this.state.plugins.find((p) => p.manifest.id === id)?.manifest;
  }

  private setStatus(id: string, status: PluginStatus, error?: Error): void {
    this.store.patch((s) => ({
      plugins: s.plugins.map((p) => (p.manifest.id === id ? { manifest: p.manifest, status, ...(error ? { error } : {}) } : p)),
    }));
  }
}
