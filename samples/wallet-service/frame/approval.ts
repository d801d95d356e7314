/**
 * The approval surface: shown inside the frame (the client makes the iframe visible in its
 * ApproveTransaction view), so the dapp's page cannot approve on the user's behalf: it cannot script
 * another origin's document, and synthetic events do not cross frames.
 *
 * Against clickjacking (a page hiding or covering the frame to trick a click), "Approve" only works
 * after the buttons have been fully visible for APPROVE_DELAY_MS: with IntersectionObserver v2
 * (Chromium) that means not covered, not transparent, not transformed beyond a translation; elsewhere
 * it means on screen and the page visible. Only trusted clicks count.
 */
import type { ApprovalView } from './format';
import { renderView } from './render';

export const APPROVE_DELAY_MS = 500;

export type Decision = 'approve' | 'reject';

export interface ApprovalHandle {
  /** Resolves on the user's decision. */
  readonly decision: Promise<Decision>;
  /** Shows progress or an error after the decision. */
  busy(text: string): void;
  close(): void;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const supportsV2 = typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;

/** Renders `view` into `root` and waits for Approve or Reject. */
export function showApproval(root: HTMLElement, view: ApprovalView): ApprovalHandle {
  root.replaceChildren();
  const card = el('section', { class: 'card', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'approval-title' });
  const head = el('header');
  head.append(el('h1', { id: 'approval-title' }, view.title));
  const body = el('div', { class: 'details' });
  body.append(...renderView(view));
  const status = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const actions = el('footer', { class: 'actions' });
  const reject = el('button', { type: 'button', class: 'reject' }, 'Reject');
  const approve = el('button', { type: 'button', class: 'approve', disabled: '' }, 'Approve');
  actions.append(reject, approve);
  card.append(head, body, status, actions);
  root.append(card);
  document.documentElement.classList.add('approving');

  let decided = false;
  let visibleSince = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let resolveDecision!: (d: Decision) => void;
  const decision = new Promise<Decision>((r) => (resolveDecision = r));

  const ready = () => !decided && visibleSince > 0 && performance.now() - visibleSince >= APPROVE_DELAY_MS && document.visibilityState === 'visible';
  const update = () => {
    clearTimeout(timer);
    if (decided) return;
    if (ready()) {
      approve.disabled = false;
    } else {
      approve.disabled = true;
      if (visibleSince > 0) timer = setTimeout(update, Math.max(0, APPROVE_DELAY_MS - (performance.now() - visibleSince)) + 10);
    }
  };
  const setVisible = (visible: boolean) => {
    if (visible && visibleSince === 0) visibleSince = performance.now();
    if (!visible) visibleSince = 0;
    update();
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        const v = supportsV2 ? (e as IntersectionObserverEntry & { isVisible: boolean }).isVisible : e.isIntersecting && e.intersectionRatio >= 0.99;
        setVisible(v);
      }
    },
    { threshold: [1], ...(supportsV2 ? { trackVisibility: true, delay: 100 } : {}) } as IntersectionObserverInit,
  );
  observer.observe(actions);
  const onVisibility = () => {
    if (document.visibilityState !== 'visible') setVisible(false);
    else update();
  };
  document.addEventListener('visibilitychange', onVisibility);

  const decide = (d: Decision) => {
    if (decided) return;
    decided = true;
    approve.disabled = true;
    reject.disabled = true;
    clearTimeout(timer);
    observer.disconnect();
    resolveDecision(d);
  };
  approve.addEventListener('click', (e) => {
    if (!e.isTrusted || !ready()) return;
    decide('approve');
  });
  reject.addEventListener('click', (e) => {
    if (!e.isTrusted) return;
    decide('reject');
  });

  return {
    decision,
    busy(text) {
      status.textContent = text;
    },
    close() {
      decided = true;
      clearTimeout(timer);
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      card.remove();
      if (!root.firstChild) document.documentElement.classList.remove('approving');
    },
  };
}
