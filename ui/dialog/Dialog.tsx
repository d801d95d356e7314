import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type=hidden]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** Focusable descendants in document order, skipping hidden/inert subtrees. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden],[inert],[aria-hidden="true"]'));
}

export interface DialogProps {
  /** id of the element that names the dialog (its title). */
  readonly labelledBy: string;
  /** Called on Escape and on a click on the backdrop; the kernel decides (close guards). */
  readonly onRequestClose: () => void;
  readonly className?: string;
  readonly shake?: boolean;
  readonly children: ReactNode;
}

/**
 * Accessible modal dialog: role=dialog + aria-modal, named by its title; on
 * mount focus moves to the first focusable element (else the dialog), Tab and
 * Shift+Tab wrap inside, focus that escapes (or is lost when a re-render removes
 * the focused control) is pulled back, Escape and a click
 * on the backdrop ask to close, the page behind does not scroll, and on unmount
 * focus returns to the element that had it before (or to a Latchkey host button
 * when that element is gone, e.g. Connect replaced by the account button).
 */
export function Dialog({ labelledBy, onRequestClose, className, shake, children }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onRequestClose);
  close.current = onRequestClose;

  useEffect(() => {
    const dialog = ref.current!;
    const doc = dialog.ownerDocument;
    const previous = doc.activeElement as HTMLElement | null;
    (focusables(dialog)[0] ?? dialog).focus();

    const body = doc.body;
    const overflow = body.style.overflow;
    body.style.overflow = 'hidden';

    // Focus that leaves the dialog (click on the page, programmatic focus) is brought back.
    const onFocusIn = (e: FocusEvent) => {
      const t = e.target as Node | null;
      if (t && !dialog.contains(t) && dialog.isConnected) (focusables(dialog)[0] ?? dialog).focus();
    };
    doc.addEventListener('focusin', onFocusIn);
    // A focused control removed by a re-render (view change, retry button gone)
    // drops focus to <body>, where keys no longer reach the dialog: take it back.
    const Observer = doc.defaultView?.MutationObserver;
    const observer = Observer
      ? new Observer(() => {
          const active = doc.activeElement;
          if (!active || active === doc.body) dialog.focus();
        })
      : undefined;
    observer?.observe(dialog, { childList: true, subtree: true });
    return () => {
      observer?.disconnect();
      doc.removeEventListener('focusin', onFocusIn);
      body.style.overflow = overflow;
      const target = previous && previous !== doc.body && previous.isConnected ? previous : doc.querySelector<HTMLElement>('[data-lk-btn]');
      target?.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      e.preventDefault();
      close.current();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = focusables(ref.current!);
    if (items.length === 0) {
      e.preventDefault();
      ref.current!.focus();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = ref.current!.ownerDocument.activeElement;
    if (e.shiftKey && (active === first || active === ref.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <>
      <div className="lk-overlay" data-testid="lk-backdrop" aria-hidden="true" onClick={() => close.current()} />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={className}
        data-shake={shake || undefined}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </>
  );
}
