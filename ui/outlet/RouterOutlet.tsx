import { useEffect, useState } from 'react';
import type { ViewId } from '../../kernel/index';
import type { UiKernel } from '../kernel';
import { useObserved } from '../react/useObserved';
import { LoadingState } from '../primitives/LoadingState';
import { Button } from '../primitives/Button';
import { Text } from '../primitives/Text';
import { errorText } from '../format';
import { useMessagesFor } from '../i18n/useMessages';
import { messages } from '../shell/messages';
import { loadedView, resolveView } from './views';
import type { ViewComponent } from '../views/types';

type Resolution =
  | { readonly status: 'ready'; readonly Component: ViewComponent<any> }
  | { readonly status: 'loading' }
  | { readonly status: 'missing' }
  | { readonly status: 'error'; readonly error: unknown };

/**
 * The component for `view`, from the kernel's view registry: a loaded one in the same
 * render, any other through 'loading' (its plugin's module and its own chunk load first).
 */
function useViewComponent(kernel: UiKernel, view: ViewId): Resolution & { retry(): void } {
  useObserved(kernel.plugins); // a plugin registered later may contribute the view
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; res: Resolution } | null>(null);
  const key = `${view}\n${attempt}`;
  const sync = loadedView(kernel, view);
  useEffect(() => {
    if (sync) return;
    let live = true;
    resolveView(kernel, view).then(
      (Component) => live && setResult({ key, res: Component ? { status: 'ready', Component } : { status: 'missing' } }),
      (error: unknown) => live && setResult({ key, res: { status: 'error', error } }),
    );
    return () => {
      live = false;
    };
    // `sync` only matters as present/absent.
  }, [kernel, key, !sync]);
  const retry = () => setAttempt((a) => a + 1);
  if (sync) return { status: 'ready', Component: sync, retry };
  return { ...(result?.key === key ? result.res : { status: 'loading' }), retry };
}

export interface ViewSlotProps {
  readonly kernel: UiKernel;
  readonly view: ViewId;
  readonly data?: Readonly<Record<string, unknown>> | undefined;
  /** Text of the loading state. */
  readonly loadingLabel?: string;
}

/**
 * Renders one view with loading, missing and error (Retry) states. Used by the router
 * outlet and inline by slots (Account tab panels, Connect methods), for core and plugin
 * views alike.
 */
export function ViewSlot({ kernel, view, data, loadingLabel }: ViewSlotProps) {
  const r = useViewComponent(kernel, view);
  const t = useMessagesFor(kernel, messages);
  if (r.status === 'ready') return <r.Component kernel={kernel} data={data} />;
  if (r.status === 'loading') return <LoadingState label={loadingLabel} />;
  if (r.status === 'missing') {
    return (
      <div className="lk-center" role="alert">
        <Text>{t('viewMissing')}</Text>
      </div>
    );
  }
  return (
    <div className="lk-center" role="alert">
      <Text>{t('viewFailed')}</Text>
      <Text variant="small">{errorText(r.error)}</Text>
      <Button variant="primary" onClick={r.retry}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** The modal body: the router's current view, re-mounted (and re-animated) on navigation. */
export function RouterOutlet({ kernel }: { readonly kernel: UiKernel }) {
  const { view, data } = useObserved(kernel.router);
  return (
    <div className="lk-view" key={view} data-view={view}>
      <ViewSlot kernel={kernel} view={view} data={data} />
    </div>
  );
}
