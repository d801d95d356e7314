import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type=hidden]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** Focusable descendants in document order, skipping hidden/inert subtrees. */
function focusables(root: HTMLElement): HTMLElement[] {
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

/** True when `el` can hold focus now (not disabled, not in a hidden/inert subtree). */
function canHoldFocus(el: Element, dialog: HTMLElement): boolean {
  if (el === dialog) return true;
  return (el.matches(FOCUSABLE) || el.matches('[tabindex]')) && !el.matches(':disabled') && !el.closest('[hidden],[inert],[aria-hidden="true"]');
}

/** Where the opener sat (its parent and index), so a control that replaced it can take focus back. */
interface Slot {
  readonly parent: Element;
  readonly index: number;
}

/**
 * Where focus goes when the dialog closes: the element that had it before; if
 * a re-render replaced that element (Connect Wallet became the account button),
 * the focusable control now in its place; else a Latchkey host button, the
 * connect / account one first (an approval that the page started while its own
 * button was disabled opens the dialog with focus on <body>).
 */
export function restoreTarget(doc: Document, previous: HTMLElement | null, slot: Slot | undefined): HTMLElement | null {
  if (previous && previous !== doc.body && previous.isConnected) return previous;
  if (slot?.parent.isConnected) {
    const inPlace = slot.parent.children[slot.index];
    if (inPlace instanceof doc.defaultView!.HTMLElement && inPlace.matches(FOCUSABLE) && !inPlace.matches(':disabled')) return inPlace;
  }
  // the connect / account button (data-lk-btn=""), else another (the network button's is "network")
  return doc.querySelector<HTMLElement>('[data-lk-btn=""]') ?? doc.querySelector<HTMLElement>('[data-lk-btn]');
}

/**
 * Accessible modal dialog: role=dialog + aria-modal, named by its title; on
 * mount focus moves to the first focusable element (else the dialog), Tab and
 * Shift+Tab wrap inside, Escape and a click on the backdrop ask to close, the
 * page behind does not scroll, and on unmount focus returns to the opener (or
 * to the control that replaced it, see {@link restoreTarget}).
 *
 * Focus never stays lost while the dialog is open: focus that escapes is pulled
 * back (except into an element marked `data-lk-modal-part`: one laid over the dialog from outside it, as the embedded wallet's frame over ApproveTransaction with its Approve and Reject buttons); a focused control that a re-render removes, disables or hides (a view
 * change, a network list disabled while the wallet is asked) hands focus to the
 * dialog itself, where Tab and Escape keep working. Should focus still end up
 * on <body>, Escape and Tab pressed there reach the dialog all the same.
 */
export function Dialog({ labelledBy, onRequestClose, className, shake, children }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onRequestClose);
  close.current = onRequestClose;

  useEffect(() => {
    const dialog = ref.current!;
    const doc = dialog.ownerDocument;
    const win = doc.defaultView;
    const previous = doc.activeElement as HTMLElement | null;
    const parent = previous && previous !== doc.body ? previous.parentElement : null;
    const slot: Slot | undefined = parent ? { parent, index: Array.prototype.indexOf.call(parent.children, previous) } : undefined;
    // Focus moves in at the next animation frame, once what the opening render set off has rendered too: a
    // focus() inside the commit forces a style and layout pass that the frame's own layout then repeats.
    const focusIn = () => {
      if (dialog.isConnected && !dialog.contains(doc.activeElement)) (focusables(dialog)[0] ?? dialog).focus();
    };
    const frame = win?.requestAnimationFrame ? win.requestAnimationFrame(focusIn) : (focusIn(), undefined);

    const body = doc.body;
    const overflow = body.style.overflow;
    body.style.overflow = 'hidden';

    // Focus that leaves the dialog (click on the page, programmatic focus) is brought back, unless it
    // went to a part of the dialog laid over it from outside (data-lk-modal-part).
    const onFocusIn = (e: FocusEvent) => {
      const t = e.target as Node | null;
      // (focus lands on elements; the selector written out: the start path's bytes)
      if (t && !dialog.contains(t) && !(t as Element).closest?.('[data-lk-modal-part]') && dialog.isConnected) (focusables(dialog)[0] ?? dialog).focus();
    };
    doc.addEventListener('focusin', onFocusIn);

    // Focus is lost when it sits on <body> (the focused control was removed) or on a
    // control inside that can no longer hold it (disabled or hidden: browsers blur it
    // a moment later). Either way keys would no longer reach the dialog: take it back.
    const recover = () => {
      if (!dialog.isConnected) return;
      const active = doc.activeElement;
      if (!active || active === body || (dialog.contains(active) && !canHoldFocus(active, dialog))) dialog.focus();
    };
    const Observer = win?.MutationObserver;
    const observer = Observer ? new Observer(recover) : undefined;
    observer?.observe(dialog, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'inert', 'aria-hidden'] });
    // A blur with nowhere to go (relatedTarget null) may be such a loss; check once it settles.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget) return;
      clearTimeout(timer);
      timer = setTimeout(recover, 0);
    };
    dialog.addEventListener('focusout', onFocusOut);

    // Safety net: keys pressed while focus is outside (on <body>) still reach the topmost dialog.
    const onDocKeyDown = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || !dialog.isConnected) return;
      const t = e.target as Node | null;
      if (t && dialog.contains(t)) return;
      const modals = doc.querySelectorAll('[role="dialog"][aria-modal="true"]');
      if (modals[modals.length - 1] !== dialog) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current();
      } else if (e.key === 'Tab') {
        e.preventDefault();
        const items = focusables(dialog);
        (items.length ? (e.shiftKey ? items[items.length - 1]! : items[0]!) : dialog).focus();
      }
    };
    doc.addEventListener('keydown', onDocKeyDown);

    return () => {
      if (frame !== undefined) win?.cancelAnimationFrame(frame);
      observer?.disconnect();
      clearTimeout(timer);
      dialog.removeEventListener('focusout', onFocusOut);
      doc.removeEventListener('focusin', onFocusIn);
      doc.removeEventListener('keydown', onDocKeyDown);
      body.style.overflow = overflow;
      restoreTarget(doc, previous, slot)?.focus();
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
