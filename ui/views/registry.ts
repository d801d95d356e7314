import type { ViewComponent, ViewRegistry } from './types';
import Connect from './Connect';

/**
 * Core views owned by the UI. Connect is in the entry chunk (it is the first
 * thing a visitor sees); every other view is a separate chunk fetched on first
 * navigation, or earlier by {@link prefetchCoreViews}.
 */
export const coreViews: ViewRegistry = {
  Connect: () => Promise.resolve({ default: Connect as ViewComponent<any> }),
  AllWallets: () => import('./AllWallets'),
  ConnectingExternal: () => import('./ConnectingExternal'),
  Account: () => import('./Account'),
  UnsupportedChain: () => import('./UnsupportedChain'),
  Networks: () => import('./Networks'),
};

/** Components already loaded, by view id, so a revisit renders in the same frame. */
const loaded = new Map<string, ViewComponent<any>>([['Connect', Connect as ViewComponent<any>]]);
const inflight = new Map<string, Promise<ViewComponent<any>>>();

export function loadedCoreView(view: string, registry: ViewRegistry = coreViews): ViewComponent<any> | undefined {
  return registry === coreViews ? loaded.get(view) : undefined;
}

/** Loads (once; a failure may be retried) the core view `view`, or undefined when it is not a core view. */
export function loadCoreView(view: string, registry: ViewRegistry = coreViews): Promise<ViewComponent<any>> | undefined {
  const load = Object.prototype.hasOwnProperty.call(registry, view) ? registry[view] : undefined;
  if (!load) return undefined;
  if (registry !== coreViews) return load().then((m) => m.default);
  let p = inflight.get(view);
  if (!p) {
    p = load().then(
      (m) => {
        loaded.set(view, m.default);
        return m.default;
      },
      (err: unknown) => {
        inflight.delete(view);
        throw err;
      },
    );
    inflight.set(view, p);
  }
  return p;
}

/** Warms every core view chunk when the browser is idle (after the modal opens). Errors are ignored here. */
let prefetched = false;
export function prefetchCoreViews(): void {
  if (prefetched) return;
  prefetched = true;
  const run = () => {
    for (const view of Object.keys(coreViews)) loadCoreView(view)?.catch(() => {});
  };
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => unknown }).requestIdleCallback;
  if (ric) ric(run, { timeout: 1500 });
  else setTimeout(run, 50);
}
