/**
 * The core views, contributed to the kernel's plugin registry like any plugin's: one
 * registry (PluginHost) and one component cache (ui/outlet/views.ts) for every view.
 * Connect and the wallet list are in the entry chunk (the first thing a visitor sees);
 * each other core view is a chunk of its own, fetched on first use or on intent.
 */
import { definePlugin, type PluginManifest } from '../../kernel/index';
import type { UiKernel } from '../kernel';
import { CORE_VIEWS_PLUGIN_ID, preloadView, resolveView } from '../outlet/views';
import Connect from './Connect';
import WalletList from './WalletList';


const coreViewsPlugin: PluginManifest = /*#__PURE__*/ definePlugin({
  id: CORE_VIEWS_PLUGIN_ID,
  builtIn: true,
  contributes: {
    views: [
      { id: 'Connect', title: 'Connect Wallet', load: () => Promise.resolve({ default: Connect }) },
      { id: 'WalletList', title: 'Connect Wallet', load: () => Promise.resolve({ default: WalletList }) },
      { id: 'AllWallets', title: 'All Wallets', load: () => import('./AllWallets') },
      { id: 'ConnectingExternal', load: () => import('./ConnectingExternal') },
      { id: 'Account', title: 'Account', load: () => import('./Account') },
      { id: 'UnsupportedChain', title: 'Switch Network', load: () => import('./UnsupportedChain') },
      { id: 'Networks', title: 'Choose Network', load: () => import('./Networks') },
    ],
    // The browser / WalletConnect wallet list is the Connect view's 'wallet' method.
    connectMethods: [{ id: 'wallet', view: 'WalletList' }],
  },
  load: () => Promise.resolve({}),
});

// Connect and the wallet list are in the entry chunk anyway: render them without a wait.
for (const v of coreViewsPlugin.contributes?.views ?? []) {
  if (v.id === 'Connect') preloadView(v.load, Connect);
  if (v.id === 'WalletList') preloadView(v.load, WalletList);
}

const registered = /*#__PURE__*/ new WeakSet<object>();

/** Registers the core views with `kernel` once (the React entry does this when it renders). */
export function ensureCoreViews(kernel: UiKernel): void {
  if (registered.has(kernel)) return;
  registered.add(kernel);
  if (!kernel.plugins.has(CORE_VIEWS_PLUGIN_ID)) kernel.plugins.register(coreViewsPlugin);
  void kernel.plugins.load(CORE_VIEWS_PLUGIN_ID);
}

const prefetched = /*#__PURE__*/ new WeakSet<object>();

/** Starts loading every core view when the browser is idle (after start, on intent or when the modal opens, whichever comes first), once per kernel. Errors are ignored. */
export function prefetchCoreViews(kernel: UiKernel): void {
  if (prefetched.has(kernel)) return;
  prefetched.add(kernel);
  ensureCoreViews(kernel);
  const run = () => {
    for (const v of coreViewsPlugin.contributes?.views ?? []) resolveView(kernel, v.id).catch(() => {});
  };
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => unknown }).requestIdleCallback;
  if (ric) ric(run, { timeout: 1500 });
  else setTimeout(run, 50);
}
