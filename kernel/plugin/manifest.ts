import type { ContainerModule, Container } from 'inversify';
import type {
  AccountTab,
  ChainNamespace,
  ConnectMethod,
  ViewId,
  WalletFeature,
} from '../types';
import type { ChainAdapter } from '../adapter';

/**
 * What a plugin declares up front. Small data plus a `load` thunk: nothing
 * behind `load` is evaluated until the plugin is first used (a view opened, a
 * connector of its namespace chosen, a feature enabled, or `activation: 'startup'`).
 */
export interface PluginManifest {
  readonly id: string;
  readonly version?: string;
  readonly contributes?: PluginContributions;
  /**
   * 'startup': load right after the kernel starts (e.g. to restore a stored
   * connection); 'lazy' (default): on first use only.
   */
  readonly activation?: 'startup' | 'lazy';
  /**
   * Optional cheap hook run at kernel start without loading the module,
   * e.g. listening for EIP-6963 announcements. Returns a disposer.
   */
  readonly setup?: (ctx: PluginContext) => void | (() => void);
  readonly load: () => Promise<PluginModule | { readonly default: PluginModule }>;
}

export interface PluginContributions {
  /** Views this plugin renders; opening one loads the plugin. */
  readonly views?: readonly ViewId[];
  /** Chain namespaces this plugin adapts (it must return an adapter for each). */
  readonly namespaces?: readonly ChainNamespace[];
  /**
   * Namespaces this plugin adapts only when no other registered plugin lists
   * them in `namespaces` (a universal adapter, e.g. over a WalletConnect
   * session). They do not count as chain adapters for the "basic" mode rules.
   */
  readonly fallbackNamespaces?: readonly ChainNamespace[];
  readonly features?: readonly WalletFeature[];
  readonly connectMethods?: readonly ConnectMethod[];
  readonly accountTabs?: readonly AccountTab[];
  /** Connector ids or types (e.g. 'WALLET_CONNECT') whose connection this plugin performs. */
  readonly connectors?: readonly string[];
}

/** What `load()` resolves to. */
export interface PluginModule {
  /** Services bound into the kernel container when the plugin loads. */
  readonly services?: ContainerModule;
  /** View components by view id. Opaque to the kernel (the UI renders them). */
  readonly views?: Readonly<Record<string, unknown>>;
  /** One adapter per namespace in `contributes.namespaces`. */
  readonly adapters?: (ctx: PluginContext) => readonly ChainAdapter[];
  readonly onStart?: (ctx: PluginContext) => void | Promise<void>;
  readonly onStop?: (ctx: PluginContext) => void | Promise<void>;
}

/** Handed to plugin hooks: read services by token from the kernel's container. */
export interface PluginContext {
  readonly manifest: PluginManifest;
  readonly container: Container;
  get<T>(token: symbol): T;
}

export type PluginStatus = 'registered' | 'loading' | 'loaded' | 'failed';

/** Identity helper that type-checks a manifest. */
export function definePlugin(manifest: PluginManifest): PluginManifest {
  return manifest;
}
