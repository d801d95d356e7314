import type { Observed } from '../store';
import type { ChainAdapter } from '../adapter';
import type { PluginManifest, PluginModule, PluginStatus } from '../plugin/manifest';
import type { AccountTab, ChainNamespace, ConnectMethod, ViewId, WalletFeature } from '../types';

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
  /** Namespaces with an adapter plugin registered. */
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
