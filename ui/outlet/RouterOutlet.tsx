import { useEffect, useState } from 'react';
import type { UiKernel } from '../kernel';
import { useObserved } from '../react/useObserved';
import { LoadingState } from '../primitives/LoadingState';
import { Button } from '../primitives/Button';
import { Text } from '../primitives/Text';
import { errorText } from '../format';
import { coreViews, loadCoreView, loadedCoreView } from '../views/registry';
import type { ViewComponent, ViewRegistry } from '../views/types';

type Resolution =
  | { readonly status: 'ready'; readonly Component: ViewComponent<any> }
  | { readonly status: 'loading' }
  | { readonly status: 'missing' }
  | { readonly status: 'error'; readonly error: unknown };

const EMPTY: ViewRegistry = {};

/** React components are functions, or objects tagged by React (memo, forwardRef, lazy). */
function asComponent(value: unknown): ViewComponent<any> | undefined {
  if (typeof value === 'function') return value as ViewComponent<any>;
  if (value && typeof value === 'object' && '$$typeof' in value) return value as ViewComponent<any>;
  return undefined;
}

/**
 * Finds the component for `view`: a core view from `registry`, else the view a
 * plugin contributes (`plugins.resolveView` loads that plugin on demand). Already
 * loaded components resolve in the same render; others go through 'loading'.
 */
export function useViewComponent(kernel: UiKernel, view: string, registry: ViewRegistry = coreViews): Resolution & { retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; res: Resolution } | null>(null);
  const key = `${view}\n${attempt}`;
  const sync = loadedCoreView(view, registry) ?? (Object.prototype.hasOwnProperty.call(registry, view) ? undefined : asComponent(kernel.plugins.loadedView(view)));
  useEffect(() => {
    if (sync) return;
    let live = true;
    const core = loadCoreView(view, registry);
    const pending: Promise<ViewComponent<any> | undefined> = core ?? kernel.plugins.resolveView(view).then(asComponent);
    pending.then(
      (Component) => live && setResult({ key, res: Component ? { status: 'ready', Component } : { status: 'missing' } }),
      (error: unknown) => live && setResult({ key, res: { status: 'error', error } }),
    );
    return () => {
      live = false;
    };
    // `sync` only matters as present/absent; `registry` is fixed per outlet.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, !sync]);
  const retry = () => setAttempt((a) => a + 1);
  if (sync) return { status: 'ready', Component: sync, retry };
  return { ...(result?.key === key ? result.res : { status: 'loading' }), retry };
}

export interface ViewSlotProps {
  readonly kernel: UiKernel;
  readonly view: string;
  readonly data?: Readonly<Record<string, unknown>> | undefined;
  readonly registry?: ViewRegistry;
  /** Text of the loading state. */
  readonly loadingLabel?: string;
}

/** Renders one view with loading, missing and error (Retry) states. */
export function ViewSlot({ kernel, view, data, registry = coreViews, loadingLabel }: ViewSlotProps) {
  const r = useViewComponent(kernel, view, registry);
  if (r.status === 'ready') return <r.Component kernel={kernel} data={data} />;
  if (r.status === 'loading') return <LoadingState label={loadingLabel} />;
  if (r.status === 'missing') {
    return (
      <div className="lk-center" role="alert">
        <Text>This view is not available.</Text>
      </div>
    );
  }
  return (
    <div className="lk-center" role="alert">
      <Text>Could not load this view.</Text>
      <Text variant="small">{errorText(r.error)}</Text>
      <Button variant="primary" onClick={r.retry}>
        Retry
      </Button>
    </div>
  );
}

/** A plugin-contributed view rendered inline (account tab panels, e-mail/social login in Connect). */
export function PluginView(props: Omit<ViewSlotProps, 'registry'>) {
  return <ViewSlot {...props} registry={EMPTY} />;
}

/** The modal body: the router's current view, re-mounted (and re-animated) on navigation. */
export function RouterOutlet({ kernel, registry }: { readonly kernel: UiKernel; readonly registry?: ViewRegistry }) {
  const { view, data } = useObserved(kernel.router);
  return (
    <div className="lk-view" key={view} data-view={view}>
      <ViewSlot kernel={kernel} view={view} data={data} registry={registry} />
    </div>
  );
}
