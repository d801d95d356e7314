/**
 * The approval surface: shown inside the frame (the client makes the iframe visible in its
 * ApproveTransaction view), so the dapp's page cannot approve on the user's behalf: it cannot script
 * another origin's document, and synthetic events do not cross frames. The wallet window
 * (popup.ts) shows the same card.
 *
 * Against clickjacking (a page hiding, covering, clipping, shrinking or fading the frame to trick a
 * click), "Approve" works only while the whole card is provably visible and has been for
 * APPROVE_DELAY_MS (REPLACED_HOLD_MS for a request that took the place of another): visibility.ts.
 * Where the approval is taken in the wallet window instead (policy.ts: value-moving requests by
 * default, every request where nothing can prove the frame's visibility), the frame's card is short:
 * the title, why, and "Review in wallet window" in place of Approve (popup-host.ts). Only trusted
 * clicks count.
 *
 * Layout: the title first (the dialog's name) with the wallet's origin under it (the page's theme
 * colours the card, theme.ts; the origin says whose it is), then a notice when there is one (a replaced request, a
 * frame too small), the details (the one scrolling box; it takes keyboard focus so it can be scrolled
 * without a mouse), the status line and the buttons.
 */
import type { ApprovalView } from './format';
import { renderView } from './render';
import { APPROVE_DELAY_MS, browserHasV2, MIN_FRAME, REPLACED_HOLD_MS, visibilityProof, watchCard, type Hold, type Proof } from './visibility';

export { APPROVE_DELAY_MS };

export type Decision = 'approve' | 'reject';
/** Why a request is shown right after another: the app withdrew the one shown, or one just ended. */
export type Replaced = 'aborted' | 'recent';

export interface QueuePosition {
  /** 1-based. */
  readonly index: number;
  readonly total: number;
}

export interface ApprovalOptions {
  /** Its place among the requests waiting: "2 of 3" is shown when there is more than one. */
  readonly position?: QueuePosition;
  readonly replaced?: Replaced;
  /** What proves visibility here (default: what this document can prove). */
  readonly proof?: Proof;
  /** The decision is taken in the wallet window: the card says `intro` instead of the details, and its second button opens the window (instead of Approve). */
  readonly review?: { readonly intro: string; open(): void };
}

export interface ApprovalHandle {
  /** Resolves on the user's decision. */
  readonly decision: Promise<Decision>;
  /** Shows progress or an error after the decision. */
  busy(text: string): void;
  /** Updates the queue counter. */
  setPosition(position: QueuePosition): void;
  close(): void;
}

export const REPLACED_NOTICE: Record<Replaced, string> = {
  aborted: 'The app replaced its request. Check the details again before you approve.',
  recent: 'A new request from the app. Check the details again before you approve.',
};
export const REVIEW_LABEL = 'Review in wallet window';
/** Before the wallet's origin in the card's header. */
export const ORIGIN_LABEL = 'Wallet:';
const SCROLL_HINT = 'Scroll to the end of the request to approve.';
const tooSmall = (w: number, h: number) =>
  `This window is too small to show the whole request (${w} × ${h}; it needs ${MIN_FRAME.width} × ${MIN_FRAME.height}). Approve works once it is larger.`;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

export const queueText = (p: QueuePosition): string => (p.total > 1 ? `${p.index} of ${p.total}` : '');

/** Renders `view` into `root` and waits for Approve or Reject (or, with `review`, for Reject only). */
export function showApproval(root: HTMLElement, view: ApprovalView, options: ApprovalOptions = {}): ApprovalHandle {
  root.replaceChildren();
  const card = el('section', { class: 'card', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'approval-title' });
  const head = el('header');
  head.append(el('h1', { id: 'approval-title' }, view.title));
  // whose surface this is, whatever theme the page gave it: the wallet's own origin
  const origin = el('p', { class: 'origin' }, `${ORIGIN_LABEL} ${location.origin}`);
  const body = el('div', options.review ? { class: 'details' } : { class: 'details', tabindex: '0', role: 'region', 'aria-label': 'Request details' });
  if (options.review) body.append(el('p', { class: 'intro' }, options.review.intro));
  else body.append(...renderView(view));
  const status = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const actions = el('footer', { class: 'actions' });
  const reject = el('button', { type: 'button', class: 'reject' }, 'Reject');
  const approve = el('button', { type: 'button', class: 'approve', disabled: '' }, options.review ? REVIEW_LABEL : 'Approve');
  actions.append(reject, approve);
  const counter = el('span', { class: 'queue' });
  head.append(counter, origin);
  const replacedNotice = el('p', { class: 'notice', role: 'alert' }, options.replaced ? REPLACED_NOTICE[options.replaced] : '');
  replacedNotice.hidden = !options.replaced;
  const sizeNotice = el('p', { class: 'notice', role: 'alert' });
  sizeNotice.hidden = true;
  card.append(head, sizeNotice, replacedNotice, body, status, actions);
  card.style.minWidth = `${MIN_FRAME.width}px`;
  card.style.minHeight = `${MIN_FRAME.height}px`;
  root.append(card);
  document.documentElement.classList.add('approving');

  let decided = false;
  let busyText = '';
  let resolveDecision!: (d: Decision) => void;
  const decision = new Promise<Decision>((r) => (resolveDecision = r));
  const setPosition = (p: QueuePosition) => (counter.textContent = queueText(p));
  if (options.position) setPosition(options.position);

  const onHold = (hold: Hold | null) => {
    if (decided) return;
    card.dataset.hold = hold ?? 'none';
    approve.disabled = hold !== null;
    const doc = document.documentElement;
    sizeNotice.hidden = hold !== 'too-small';
    if (hold === 'too-small') sizeNotice.textContent = tooSmall(doc.clientWidth, doc.clientHeight);
    status.textContent = busyText || (hold === 'scroll' ? SCROLL_HINT : '');
  };
  const proof = options.proof ?? visibilityProof({ hasV2: browserHasV2(), topLevel: window.top === window });
  const watch = options.review
    ? undefined
    : watchCard(
        { card, sections: [head, body, actions], details: body, content: [head.firstElementChild as HTMLElement, body] },
        { proof, holdMs: options.replaced ? REPLACED_HOLD_MS : APPROVE_DELAY_MS, onChange: onHold },
      );
  if (options.review) approve.disabled = false;

  const decide = (d: Decision) => {
    if (decided) return;
    decided = true;
    approve.disabled = true;
    reject.disabled = true;
    watch?.stop();
    resolveDecision(d);
  };
  approve.addEventListener('click', (e) => {
    if (!e.isTrusted || decided) return;
    if (options.review) return options.review.open();
    if (watch?.ready()) decide('approve');
  });
  reject.addEventListener('click', (e) => {
    if (!e.isTrusted) return;
    decide('reject');
  });

  return {
    decision,
    busy(text) {
      busyText = text;
      status.textContent = text;
    },
    setPosition,
    close() {
      decided = true;
      watch?.stop();
      card.remove();
      if (!root.firstChild) document.documentElement.classList.remove('approving');
    },
  };
}
