/**
 * The plugin contract: what a plugin declares up front (its manifest), what its
 * module gives when it loads, and the hooks the kernel calls. Start here when you
 * write a plugin; README "Writing a plugin" walks through one.
 *
 * A manifest is small data plus loaders. Nothing behind a loader is evaluated until
 * it is needed: `load` (the headless module: services, adapters) on first use, a
 * view's `load` (its React component) only when the UI shows it. So a kernel-only
 * host never loads React, and a host ships only the code its visitors use.
 *
 * Contribution points are open: ids are strings, and the ones a plugin knows are
 * typed by declaration merging, e.g. to type a view's data:
 *
 *     declare module 'latchkey' {
 *       interface LatchkeyViews { AddressBook: { readonly filter?: string } }
 *     }
 */
import type { ContainerModule, Container } from 'inversify';
import type { ChainNamespace, ConnectorType } from '../types';
import type { ChainAdapter } from '../adapter';
import type { ScopedStorage } from '../services/Storage';
import type { ValidationIssue } from '../errors/kernel';

/* ------------------------------------------------------------------------------------------------
 * Open id registries (extend by declaration merging)
 * --------------------------------------------------------------------------------------------- */

/**
 * Views and the data each takes (`undefined`: none). The core views are listed
 * here; plugins add theirs by declaration merging. A view id not listed here is
 * still accepted, with loosely typed data.
 */
export interface LatchkeyViews {
  Connect: undefined;
  AllWallets: undefined;
  Account: undefined;
  Networks: undefined;
  UnsupportedChain: undefined;
  /** `title`: the wallet's name for the header. */
  ConnectingExternal: { readonly connectorId: string; readonly title?: string };
}

/** A view id: a known one (typed data) or any string. */
export type ViewId = Extract<keyof LatchkeyViews, string> | (string & {});

/** The data a view takes. */
export type ViewData<V extends ViewId> = V extends keyof LatchkeyViews
  ? LatchkeyViews[V]
  : Readonly<Record<string, unknown>> | undefined;

/** Wallet features with a button in the Account view (docs/modal.md#account-view order: onramp, swaps, receive, send). Open. */
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send' | (string & {});
/** Ways to connect shown in the Connect view (docs/modal.md#connect-view-order: email, social, wallet). Open. */
export type ConnectMethod = 'email' | 'social' | 'wallet' | (string & {});
/** Account view tabs (docs/modal.md#account-view: Tokens, NFTs, Activity). Open. */
export type AccountTab = 'Tokens' | 'NFTs' | 'Activity' | (string & {});

/* ------------------------------------------------------------------------------------------------
 * Contributions (data in the manifest)
 * --------------------------------------------------------------------------------------------- */

/** A module whose default export is a view component (opaque to the kernel). */
interface ViewModule {
  readonly default: unknown;
}

export interface ViewContribution {
  readonly id: ViewId;
  /** Header title. Default: the id split into words ('AddressBook' → 'Address Book'). */
  readonly title?: string;
  /** Loads the component. Only the UI calls this: a headless host never loads views. */
  readonly load: () => Promise<ViewModule>;
}

/**
 * Common to slot contributions. `flag` names an entry of `options.features`: the
 * contribution is hidden when that flag is `false` (or an empty list) and shown
 * otherwise, so registering the plugin is what turns a feature on and the flag
 * can turn it off. `order` sorts entries the configured order does not place.
 */
interface SlotContribution {
  readonly order?: number;
  readonly flag?: string;
  /**
   * Shown only while the active namespace is connected through a connector of one of these
   * types (e.g. `['AUTH']`: an embedded wallet's settings). Absent: whatever is connected.
   */
  readonly connectorTypes?: readonly ConnectorType[];
  /** Shown only while the active namespace is one of these (e.g. on-ramp: eip155 and solana). Absent: any. */
  readonly namespaces?: readonly ChainNamespace[];
}

/** A tab of the Account view; its panel is `view`, rendered inline. */
export interface AccountTabContribution extends SlotContribution {
  readonly id: AccountTab;
  readonly label: string;
  readonly view: ViewId;
}

/** A button of the Account view that opens `view` (ordered by `options.features.walletFeaturesOrder`, then `order`). */
export interface WalletFeatureContribution extends SlotContribution {
  readonly id: WalletFeature;
  /** The button's text and accessible name ('Buy', 'Swap', 'Receive', 'Send'). */
  readonly label: string;
  readonly view: ViewId;
  /** An image URL (e.g. a data: SVG) shown before the label. */
  readonly icon?: string;
}

/** A section of the Connect view: `view` rendered inline (ordered by the kernel's connect-method order, then `order`). */
export interface ConnectMethodContribution extends SlotContribution {
  readonly id: ConnectMethod;
  readonly view: ViewId;
}

export interface PluginContributions {
  /** Views this plugin renders. Opening one loads the plugin's module first. */
  readonly views?: readonly ViewContribution[];
  readonly accountTabs?: readonly AccountTabContribution[];
  readonly walletFeatures?: readonly WalletFeatureContribution[];
  readonly connectMethods?: readonly ConnectMethodContribution[];
  /** The view a wallet of this connector type opens when chosen (e.g. WALLET_CONNECT → its pairing view). */
  readonly connectorViews?: Readonly<Partial<Record<ConnectorType, ViewId>>>;
  /**
   * The view the modal opens on a desktop in "basic" mode (docs/modal.md#opening-rules: no chain
   * adapter registered and nothing connected).
   */
  readonly basicView?: ViewId;
  /** Chain namespaces this plugin adapts (its module must give an adapter for each). */
  readonly namespaces?: readonly ChainNamespace[];
  /**
   * Namespaces this plugin adapts only when no other registered plugin lists them
   * in `namespaces` (a universal adapter over a WalletConnect session). They do not
   * count as chain adapters for the basic-mode rules.
   */
  readonly fallbackNamespaces?: readonly ChainNamespace[];
}

/**
 * Options a plugin owns. A host coming from AppKit passes AppKit's option names to
 * `createKernel` (`relayUrl`, `manualWCControl`, …); the kernel hands the keys listed
 * here to this plugin's `validate` when the plugin is registered and on every
 * `options.update`. Type them for hosts by merging into `LatchkeyOptions`.
 */
export interface PluginOptionsContribution {
  readonly keys: readonly string[];
  /** Issues found (empty when valid); the kernel throws them as one OptionsValidationError. */
  readonly validate?: (options: Readonly<Record<string, unknown>>) => readonly ValidationIssue[];
}

/* ------------------------------------------------------------------------------------------------
 * Manifest, module, context
 * --------------------------------------------------------------------------------------------- */

/**
 * What a plugin declares up front. Lifecycle, in order:
 * 1. `onKernelStart(ctx)` at `kernel.start()` (or at registration if the kernel already
 *    started), without loading the module: cheap work such as wallet discovery. May return
 *    a disposer, run at `kernel.stop()`, or a promise of one: so the hook can import its
 *    code (a dynamic import of the plugin's start module) instead of shipping it in the
 *    manifest. `kernel.start()` waits for these promises before it
 *    loads 'startup' plugins and restores a stored connection.
 * 2. `load()` on first use (one of its views opened, a connector of its namespace used, its
 *    adapter asked for), or right after start with `activation: 'startup'`. The module's
 *    services are bound, its adapters collected, then its `onLoad(ctx)` runs. `onLoad` may
 *    return a disposer (or a promise of one).
 * 3. At `kernel.stop()`: the `onKernelStart` disposers, then each loaded module, the last
 *    loaded first, has its `onLoad` disposer called, then its `onStop(ctx)`. A disposer or
 *    `onStop` that throws is logged; the others still run.
 *
 * A plugin that acts when an account connects does not watch the account state itself: it
 * returns an activation from the hook, and the kernel ends it at `kernel.stop()`:
 *
 *     onKernelStart: (ctx) =>
 *       // each eip155 account that connects (and one connected already)
 *       whenAccount(ctx, 'eip155', (account) => {
 *         const watch = startWatching(account.address);
 *         return () => watch.stop(); // when that account disconnects or changes
 *       }),
 */
export interface PluginManifest {
  /** Unique id; also the plugin's storage scope. */
  readonly id: string;
  readonly version?: string;
  /**
   * Contributions that ship with Latchkey (the core views). Any other plugin's view of the
   * same id replaces a built-in one, whatever the registration order.
   */
  readonly builtIn?: boolean;
  readonly contributes?: PluginContributions;
  readonly options?: PluginOptionsContribution;
  /**
   * The texts this manifest declares (view titles, Account tab and wallet-feature labels) in other
   * languages, behind one `import()`: the UI loads it only when the visitor's locale is not
   * English, and shows a text's translation where the chunk has one (English otherwise). The
   * module's default export maps locales to texts: `{ es: { Send: 'Enviar' }, fr: { … } }`.
   */
  readonly translations?: () => Promise<{ readonly default: ManifestTranslations }>;
  /** 'startup': load right after the kernel starts (e.g. to restore a stored connection); 'lazy' (default): on first use. */
  readonly activation?: 'startup' | 'lazy';
  readonly onKernelStart?: (ctx: PluginContext) => KernelStartResult | Promise<KernelStartResult>;
  /** Imports the headless module: no React here, so a kernel-only host can use the plugin. */
  readonly load: () => Promise<PluginModule | { readonly default: PluginModule }>;
}

/** By locale ('es', 'pt-BR', …), each English text a manifest declares mapped to its translation. */
export type ManifestTranslations = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** What `onKernelStart` gives back: nothing, or a disposer run at `kernel.stop()`. */
export type KernelStartResult = void | (() => void);

/** What `onLoad` may give back: a function the kernel calls once, at `kernel.stop()`. */
export type PluginDisposer = () => void | Promise<void>;

/**
 * What a `whenAccount` callback may give back: a cleanup called when that account
 * disconnects or changes (another address, another chain), or when the activation ends.
 */
export type AccountCleanup = void | (() => void);

/** What `load()` resolves to. */
export interface PluginModule {
  /** Services bound into the kernel's container when the plugin loads (inversify ContainerModule). */
  readonly services?: ContainerModule;
  /** One adapter per namespace in `contributes.namespaces` (and fallbackNamespaces it serves). */
  readonly adapters?: (ctx: PluginContext) => readonly ChainAdapter[];
  /**
   * Runs once the services are bound and the adapters collected. It may return a disposer (or
   * a promise of one), called once at `kernel.stop()`, before `onStop`: what `onLoad` starts,
   * `onLoad` hands back the way to end it.
   */
  readonly onLoad?: (ctx: PluginContext) => void | PluginDisposer | Promise<void | PluginDisposer>;
  /** Runs at `kernel.stop()`, after the `onLoad` disposer. */
  readonly onStop?: (ctx: PluginContext) => void | Promise<void>;
}

/** Handed to plugin hooks. */
export interface PluginContext {
  readonly manifest: PluginManifest;
  readonly container: Container;
  /** A service of the kernel's container by its token. */
  get<T>(token: symbol): T;
  /** Storage under this plugin's own key prefix (`Storage.scope(manifest.id)`). */
  readonly storage: ScopedStorage;
}

export type PluginStatus = 'registered' | 'loading' | 'loaded' | 'failed';

/** Identity helper that type-checks a manifest. */
export function definePlugin(manifest: PluginManifest): PluginManifest {
  return manifest;
}
