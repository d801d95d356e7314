import { useEffect, useId, useRef, useState } from 'react';
import type { UiKernel } from '../kernel';
import { useObserved } from '../react/useObserved';
import { Dialog } from '../dialog/Dialog';
import { RouterOutlet } from '../outlet/RouterOutlet';
import { BackIcon, CloseIcon } from './icons';
import { loadModalChunk, loadedModalChunk } from './styles';
import { useMessagesFor } from '../i18n/useMessages';
import type { Translate } from '../i18n/useMessages';
import { messages } from './messages';

type Key = keyof (typeof messages)['en'];

/** The core views' titles (ui/views/manifest.ts) by view id. */
const CORE_TITLES: Readonly<Record<string, Key>> = {
  Connect: 'connectWallet',
  WalletList: 'connectWallet',
  AllWallets: 'allWallets',
  Account: 'account',
  UnsupportedChain: 'switchNetwork',
  Networks: 'chooseNetwork',
};

/**
 * Title of a view: `data.title` (e.g. the wallet being connected), the contributed title in the
 * kernel's locale (a core view's from the core catalogue, a plugin's from its manifest's
 * translations), else the id split into words.
 */
function viewTitle(
  contributed: { readonly title?: string; readonly plugin: string } | undefined,
  view: string,
  data: Readonly<Record<string, unknown>> | undefined,
  t: Translate<(typeof messages)['en']>,
  label: (plugin: string, text: string) => string,
): string {
  if (typeof data?.['title'] === 'string') return data['title'];
  const title = contributed?.title;
  const key = Object.prototype.hasOwnProperty.call(CORE_TITLES, view) ? CORE_TITLES[view] : undefined;
  // The core's own title from the core catalogue (a plugin may contribute a view of the same id).
  if (key && title === messages.en[key]) return t(key);
  if (title !== undefined) return label(contributed!.plugin, title);
  return view.replace(/([a-z])([A-Z])/g, '$1 $2');
}

export interface ModalShellProps {
  readonly kernel: UiKernel;
  /** Embedded mode: in the page flow, not a modal dialog, no close button. */
  readonly embedded?: boolean;
}

/** The modal card: header (Back, title, Close), alert banner, snackbar, router outlet. */
export function ModalShell({ kernel, embedded }: ModalShellProps) {
  const titleId = useId();
  const t = useMessagesFor(kernel, messages);
  const route = useObserved(kernel.router);
  const shake = useObserved(kernel.modal, (s) => s.shake);
  const contributed = kernel.plugins.view(route.view);
  // A plugin's title in the visitor's language comes with the modal's chunk (English until then).
  const label = (plugin: string, text: string) => (chunk ? chunk.label(kernel, plugin, text) : text);
  const [chunk, setChunk] = useState(loadedModalChunk);
  const body = useRef<HTMLDivElement>(null);
  const sizer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The height animation, scroll shadows and list keys come with the modal's chunk (not in the entry).
    let undo: (() => void) | undefined;
    let live = true;
    loadModalChunk().then((m) => {
      if (!live) return;
      setChunk(m);
      undo = m.attachModal(kernel, body.current!, sizer.current!);
    }, () => {});
    return () => {
      live = false;
      undo?.();
    };
  }, []);
  const content = (
    <>
      <header className="lk-head">
        {route.history.length > 1 ? (
          <button type="button" className="lk-btn lk-btn-icon" aria-label={t('back')} onClick={() => kernel.router.goBack()}>
            <BackIcon />
          </button>
        ) : (
          <span />
        )}
        <h2 className="lk-title" id={titleId}>
          {viewTitle(contributed, route.view, route.data, t, label)}
        </h2>
        {embedded ? (
          <span />
        ) : (
          <button type="button" className="lk-btn lk-btn-icon" aria-label={t('close')} onClick={() => kernel.modal.close()}>
            <CloseIcon />
          </button>
        )}
      </header>
      {/* The alert banner and the snackbar (a live region, in the flow above the body: it covers no
          control; shown only for the view that raised it) come with the modal's chunk. */}
      {chunk ? <chunk.AlertBanner alerts={kernel.alerts} /> : null}
      {chunk ? <chunk.ModalSnackbar kernel={kernel} /> : null}
      {/* The body's height follows the view's, animated; shadows say when it scrolls. */}
      <div className="lk-body lk-hint" ref={body}>
        <div ref={sizer}>
          <RouterOutlet kernel={kernel} />
        </div>
      </div>
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
