/**
 * Resolving a view id to its component, for every view (core or plugin): the kernel's
 * registry says who contributes it (`kernel.plugins.view(id)`); the first time, the
 * contributing plugin's module is loaded (its services) and the view's own `load()` run;
 * after that the component comes from one cache, synchronously, so a revisit renders in
 * the same frame.
 */
import type { ViewId } from '../../kernel/index';
import type { UiKernel } from '../kernel';
import type { ViewComponent } from '../views/types';

/**
 * The core views' plugin id. Its views need no module loaded first (they use kernel
 * services only), so they render without waiting for one.
 */
export const CORE_VIEWS_PLUGIN_ID = 'latchkey.core';

type Loader = () => Promise<{ readonly default: unknown }>;

/** Components by their contribution's loader (a module is imported once per page, whatever the kernel). */
const components = /*#__PURE__*/ new Map<Loader, ViewComponent<any>>();
const inflight = /*#__PURE__*/ new Map<Loader, Promise<ViewComponent<any>>>();

/** Puts a component that is in the entry chunk into the cache, so its first render needs no wait. */
export function preloadView(load: Loader, component: ViewComponent<any>): void {
  components.set(load, component);
}

/** React components are functions, or objects tagged by React (memo, forwardRef, lazy). */
function asComponent(value: unknown): ViewComponent<any> | undefined {
  if (typeof value === 'function') return value as ViewComponent<any>;
  if (value && typeof value === 'object' && '$$typeof' in value) return value as ViewComponent<any>;
  return undefined;
}

/** A component that is not a view: a plugin's `load` resolved to something else. */
class NotAViewError extends Error {
  override name = 'NotAViewError';
  constructor(view: string) {
    super(`The module of view '${view}' has no component as its default export`);
  }
}

/** The component of `view` when it can render now (loaded, and its plugin's module loaded), else undefined. */
export function loadedView(kernel: UiKernel, view: ViewId): ViewComponent<any> | undefined {
  const c = kernel.plugins.view(view);
  if (!c) return undefined;
  const ready = c.plugin === CORE_VIEWS_PLUGIN_ID || kernel.plugins.isLoaded(c.plugin);
  return ready ? components.get(c.load) : undefined;
}

/**
 * Loads `view` (its plugin's module, then the component), or resolves to undefined when
 * no plugin contributes it. A failed load rejects and can be tried again.
 */
export async function resolveView(kernel: UiKernel, view: ViewId): Promise<ViewComponent<any> | undefined> {
  const c = kernel.plugins.view(view);
  if (!c) return undefined;
  const moduleLoaded = c.plugin === CORE_VIEWS_PLUGIN_ID ? Promise.resolve() : kernel.plugins.load(c.plugin);
  let component = components.get(c.load);
  if (!component) {
    let pending = inflight.get(c.load);
    if (!pending) {
      pending = c.load().then(
        (m) => {
          const found = asComponent(m?.default);
          if (!found) throw new NotAViewError(String(view));
          components.set(c.load, found);
          return found;
        },
        (err: unknown) => {
          inflight.delete(c.load);
          throw err;
        },
      );
      inflight.set(c.load, pending);
    }
    component = await pending;
  }
  await moduleLoaded;
  return component;
}
