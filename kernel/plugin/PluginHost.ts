import { type Container } from 'inversify';
import type { Observed } from '../store';
import { Store } from '../store';
import type { ChainAdapter } from '../adapter';
import type {
  AccountTabContribution,
  KernelStartResult,
  ConnectMethodContribution,
  PluginContext,
  PluginManifest,
  PluginDisposer,
  PluginModule,
  PluginStatus,
  ViewContribution,
  ViewId,
  WalletFeatureContribution,
} from './manifest';
import type { ChainNamespace, ConnectorType } from '../types';
import { Options } from '../options/Options';
import { Storage } from '../services/Storage';
import {
  AdapterNotFoundError,
  OptionsValidationError,
  PluginAlreadyRegisteredError,
  PluginLoadError,
} from '../errors/kernel';

export const PluginHost = Symbol('PluginHost');

interface PluginEntry {
  readonly manifest: PluginManifest;
  readonly status: PluginStatus;
  readonly error?: Error;
}

export interface PluginHostState {
  readonly plugins: readonly PluginEntry[];
  readonly started: boolean;
}

/** A contribution with the id of the plugin that made it. */
export type Contributed<T> = T & { readonly plugin: string };

/**
 * Registers manifests, answers what they contribute (without loading anything), and
 * loads a plugin's module on first use: binds its services, collects its adapters,
 * runs its hooks. One registry for every contribution point, the core views included.
 */
export interface PluginHost extends Observed<PluginHostState> {
  /**
   * Throws PluginAlreadyRegisteredError for a duplicate id, PluginLoadError for a malformed
   * manifest, OptionsValidationError when the options it owns are invalid; the kernel stays usable.
   */
  register(manifest: PluginManifest): void;
  has(id: string): boolean;
  manifests(): readonly PluginManifest[];
  /** Loads (once) the plugin's module; a failed load throws PluginLoadError and may be retried. */
  load(id: string): Promise<PluginModule>;
  isLoaded(id: string): boolean;

  /** The view `id` as contributed, with its plugin: the last registered wins, and any plugin wins over a built-in one (so a plugin can replace a core view). */
  view(id: ViewId): Contributed<ViewContribution> | undefined;
  /** Account tabs, ordered by `order` (registration order among equals). Not filtered by flags. */
  accountTabs(): readonly Contributed<AccountTabContribution>[];
  /** Wallet-feature buttons, ordered by `order`. Not filtered by flags. */
  walletFeatures(): readonly Contributed<WalletFeatureContribution>[];
  /** Connect methods, ordered by `order`. Not filtered by flags. */
  connectMethods(): readonly Contributed<ConnectMethodContribution>[];
  /** The view a connector of `type` opens when chosen, if a plugin contributes one. */
  connectorView(type: ConnectorType): ViewId | undefined;
  /** The desktop view of the basic mode, if a plugin contributes one. */
  basicView(): ViewId | undefined;

  hasAdapter(namespace: ChainNamespace): boolean;
  /** Loads the plugin that adapts `namespace`; throws AdapterNotFoundError ('Adapter not found'). */
  adapter(namespace: ChainNamespace): Promise<ChainAdapter>;
  /** The adapter, if its plugin is loaded already. */
  loadedAdapter(namespace: ChainNamespace): ChainAdapter | undefined;
  /** Namespaces with a chain-adapter plugin registered (fallback adapters not counted). */
  namespaces(): readonly ChainNamespace[];

  /** Runs every manifest's onKernelStart and loads 'startup' plugins. */
  start(): Promise<void>;
  /** Runs onKernelStart disposers, then per loaded module (last loaded first) its onLoad disposer and onStop. */
  stop(): Promise<void>;
}

interface Loaded {
  readonly module: PluginModule;
  readonly ctx: PluginContext;
  /** What onLoad returned; called once, at the next stop. */
  dispose?: PluginDisposer | undefined;
}

function unique<T>(lists: readonly (readonly T[] | undefined)[]): T[] {
  const out: T[] = [];
  for (const list of lists) for (const v of list ?? []) if (!out.includes(v)) out.push(v);
  return out;
}

function byOrder<T extends { readonly order?: number }>(items: T[]): T[] {
  // Array.prototype.sort is stable: equal orders keep registration order.
  return items.sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

export class PluginHostImpl implements PluginHost {
  private readonly store = new Store<PluginHostState>({ plugins: [], started: false });
  readonly state$ = this.store.state$;
  private readonly loaded = new Map<string, Loaded>();
  private readonly loading = new Map<string, Promise<PluginModule>>();
  private readonly adapters = new Map<ChainNamespace, ChainAdapter>();
  private readonly disposers = new Map<string, () => void>();
  /** Counts stops: a start hook that settles after a stop disposes at once. */
  private generation = 0;

  constructor(
    private readonly container: Container,
    private readonly options: Options,
    private readonly storage: Storage,
  ) {
    // Plugin-owned options are re-validated whenever the host changes them.
    let first = true;
    this.options.state$.subscribe(() => {
      if (first) return void (first = false);
      for (const m of this.manifests()) this.validateOptions(m, true);
    });
  }

  get state(): PluginHostState {
    return this.store.state;
  }

  register(manifest: PluginManifest): void {
    if (!manifest || typeof manifest.id !== 'string' || manifest.id === '' || typeof manifest.load !== 'function') {
      throw new PluginLoadError(String(manifest?.id ?? '(no id)'), new TypeError('A plugin manifest needs an id and a load() function'));
    }
    if (this.has(manifest.id)) throw new PluginAlreadyRegisteredError(manifest.id);
    this.validateOptions(manifest, false);
    this.store.patch((s) => ({ plugins: [...s.plugins, { manifest, status: 'registered' }] }));
    if (this.state.started) this.runKernelStart(manifest);
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
    const settle = () => this.loading.delete(id);
    promise.then(settle, settle);
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
      const dispose = await module.onLoad?.(ctx);
      // A fallback adapter serves its namespace only when no chain plugin adapts it.
      for (const adapter of adapters) {
        if (this.adapterOwner(adapter.namespace)?.id === id) this.adapters.set(adapter.namespace, adapter);
      }
      this.loaded.set(id, { module, ctx, dispose: typeof dispose === 'function' ? dispose : undefined });
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

  /* ---------------------------------------------------------------- contributions */

  private contributed<T>(pick: (m: PluginManifest) => readonly T[] | undefined): Contributed<T>[] {
    const out: Contributed<T>[] = [];
    for (const m of this.manifests()) for (const c of pick(m) ?? []) out.push({ ...c, plugin: m.id });
    return out;
  }

  view(id: ViewId): Contributed<ViewContribution> | undefined {
    let found: Contributed<ViewContribution> | undefined;
    let foundBuiltIn = true;
    for (const m of this.manifests()) {
      const v = m.contributes?.views?.find((c) => c.id === id);
      if (!v || (m.builtIn && !foundBuiltIn)) continue;
      found = { ...v, plugin: m.id };
      foundBuiltIn = m.builtIn === true;
    }
    return found;
  }

  accountTabs(): readonly Contributed<AccountTabContribution>[] {
    return byOrder(this.contributed((m) => m.contributes?.accountTabs));
  }

  walletFeatures(): readonly Contributed<WalletFeatureContribution>[] {
    return byOrder(this.contributed((m) => m.contributes?.walletFeatures));
  }

  connectMethods(): readonly Contributed<ConnectMethodContribution>[] {
    return byOrder(this.contributed((m) => m.contributes?.connectMethods));
  }

  connectorView(type: ConnectorType): ViewId | undefined {
    let found: ViewId | undefined;
    for (const m of this.manifests()) found = m.contributes?.connectorViews?.[type] ?? found;
    return found;
  }

  basicView(): ViewId | undefined {
    let found: ViewId | undefined;
    for (const m of this.manifests()) found = m.contributes?.basicView ?? found;
    return found;
  }

  /* ---------------------------------------------------------------- adapters */

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

  /* ---------------------------------------------------------------- lifecycle */

  async start(): Promise<void> {
    if (this.state.started) return;
    this.store.patch({ started: true });
    // Hooks that import their code on start are waited for (they never reject: a failure marks the plugin failed).
    await Promise.all(this.manifests().map((m) => this.runKernelStart(m)));
    const startup = this.manifests().filter((m) => m.activation === 'startup');
    // A failed startup plugin is recorded as failed; the kernel stays usable.
    await Promise.allSettled(startup.map((m) => this.load(m.id)));
  }

  async stop(): Promise<void> {
    this.generation++;
    for (const [id, dispose] of this.disposers) {
      try {
        dispose();
      } catch (err) {
        console.warn(`[latchkey] plugin '${id}' onKernelStart disposer failed`, err);
      }
    }
    this.disposers.clear();
    // The last loaded first: a plugin may use one loaded before it.
    for (const [id, loaded] of [...this.loaded].reverse()) {
      const { module, ctx, dispose } = loaded;
      loaded.dispose = undefined;
      // Its onLoad disposer (once), then its onStop; one that fails is logged, the others run.
      for (const [hook, run] of [['onLoad disposer', dispose], ['onStop', module.onStop]] as const) {
        try {
          await run?.(ctx);
        } catch (err) {
          console.warn(`[latchkey] plugin '${id}' ${hook} failed`, err);
        }
      }
    }
    this.store.patch({ started: false });
  }

  /** Runs the hook; a promise it returns settles into a disposer (run at once if the kernel stopped meanwhile) or a failed status. */
  private runKernelStart(manifest: PluginManifest): Promise<void> | undefined {
    if (!manifest.onKernelStart) return;
    const id = manifest.id;
    const fail = (cause: unknown) => this.setStatus(id, 'failed', new PluginLoadError(id, cause));
    const generation = this.generation;
    const keep = (dispose: KernelStartResult) => {
      if (typeof dispose !== 'function') return;
      if (generation === this.generation) this.disposers.set(id, dispose);
      else dispose();
    };
    try {
      const result = manifest.onKernelStart(this.context(manifest));
      if (result instanceof Promise) return result.then(keep).catch(fail);
      keep(result);
    } catch (cause) {
      fail(cause);
    }
  }

  /** Hands the options `manifest` owns to its validator; throws (or, after an update, logs) the issues. */
  private validateOptions(manifest: PluginManifest, afterUpdate: boolean): void {
    const owned = manifest.options;
    if (!owned?.validate) return;
    const all = this.options.state as unknown as Readonly<Record<string, unknown>>;
    const mine: Record<string, unknown> = {};
    for (const key of owned.keys) if (all[key] !== undefined) mine[key] = all[key];
    const issues = owned.validate(mine);
    if (issues.length === 0) return;
    const error = new OptionsValidationError(issues);
    if (!afterUpdate) throw error;
    console.error(`[latchkey] plugin '${manifest.id}' rejects the updated options`, error);
  }

  private context(manifest: PluginManifest): PluginContext {
    const container = this.container;
    return {
      manifest,
      container,
      get: <T>(token: symbol) => container.get<T>(token),
      storage: this.storage.scope(manifest.id),
    };
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
