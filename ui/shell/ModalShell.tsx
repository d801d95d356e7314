import { useId } from 'react';
import type { UiKernel } from '../kernel';
import { useObserved } from '../react/useObserved';
import { Dialog } from '../dialog/Dialog';
import { RouterOutlet } from '../outlet/RouterOutlet';
import { AlertBanner } from '../primitives/AlertBanner';
import { Snackbar } from '../primitives/Snackbar';

/** Title of a view: `data.title` (e.g. the wallet being connected), the contributed title, else the id split into words. */
function viewTitle(kernel: UiKernel, view: string, data: Readonly<Record<string, unknown>> | undefined): string {
  if (typeof data?.['title'] === 'string') return data['title'];
  return kernel.plugins.view(view)?.title ?? view.replace(/([a-z])([A-Z])/g, '$1 $2');
}

export interface ModalShellProps {
  readonly kernel: UiKernel;
  /** Embedded mode: in the page flow, not a modal dialog, no close button. */
  readonly embedded?: boolean;
}

/** The modal card: header (Back, title, Close), alert banner, router outlet, snackbar. */
export function ModalShell({ kernel, embedded }: ModalShellProps) {
  const titleId = useId();
  const route = useObserved(kernel.router);
  const shake = useObserved(kernel.modal, (s) => s.shake);
  const content = (
    <>
      <header className="lk-head">
        {route.history.length > 1 ? (
          <button type="button" className="lk-btn lk-btn-icon" aria-label="Back" onClick={() => kernel.router.goBack()}>
            ‹
          </button>
        ) : (
          <span />
        )}
        <h2 className="lk-title" id={titleId}>
          {viewTitle(kernel, route.view, route.data)}
        </h2>
        {embedded ? (
          <span />
        ) : (
          <button type="button" className="lk-btn lk-btn-icon" aria-label="Close" onClick={() => kernel.modal.close()}>
            ×
          </button>
        )}
      </header>
      <AlertBanner alerts={kernel.alerts} />
      <div className="lk-body">
        <RouterOutlet kernel={kernel} />
      </div>
      <Snackbar snackbar={kernel.snackbar} />
    </>
  );
  if (embedded) {
    return (
      <section className="lk-card" aria-labelledby={titleId} data-shake={shake || undefined}>
        {content}
      </section>
    );
  }
  return (
    <Dialog labelledBy={titleId} onRequestClose={() => kernel.modal.close()} className="lk-card" shake={shake}>
      {content}
    </Dialog>
  );
}
