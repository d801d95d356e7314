/**
 * Approvals in the wallet window (policy.ts decides which: requests that can move value by default,
 * every request where the frame cannot prove that the page does not cover it, or as the operator or
 * the app asks).
 *
 * The frame shows a short card (the title, why, Reject, and "Review in wallet window" in place of
 * Approve). That button (a trusted click inside the frame, so popup blockers allow it) opens
 * WINDOW_PATH on the wallet's own origin: a top-level window no page can draw over. The window renders
 * the prepared request with the same card and guard as the frame would, and answers the visitor's
 * decision; the frame then signs as after an Approve in the frame.
 * Closing the window after it showed the request is a Reject; a window that closed before it loaded
 * (blocked, or cut off by the app's Cross-Origin-Opener-Policy) is said in the frame, and the
 * visitor can try again or reject. Reject in the frame, an RPC_ABORT or sign-out close the window.
 */
import { showApproval, type ApprovalHandle, type ApprovalOptions, type Decision } from './approval';
import type { ApprovalView } from './format';
import { shownTheme } from './theme';
import { fromPeer, isDecision, POSITION, READY, SHOW, WINDOW_PATH, type ShowMessage } from './window-messages';

const WINDOW_FEATURES = 'popup,width=440,height=700';
/** How often the frame looks whether the window was closed (there is no event for it). */
const CLOSED_POLL_MS = 250;

export const WINDOW_TEXT = {
  intro: "Review and approve this request in the wallet's own window, which no page can cover.",
  waiting: 'Waiting for your decision in the wallet window…',
  blocked: 'The wallet window was blocked: allow pop-ups for this site and try again.',
  closedEarly: 'The wallet window closed before it showed the request: try again, or reject.',
} as const;

function randomId(): string {
  const b = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

export function approveInWindow(root: HTMLElement, view: ApprovalView, options: Pick<ApprovalOptions, 'position' | 'replaced'>): ApprovalHandle {
  const id = randomId();
  let win: Window | null = null;
  let loaded = false;
  let settled = false;
  let poll: ReturnType<typeof setInterval> | undefined;
  let position = options.position;
  let resolveWindow!: (d: Decision) => void;
  const fromWindow = new Promise<Decision>((r) => (resolveWindow = r));

  const open = () => {
    if (settled) return;
    if (win && !win.closed) return win.focus();
    loaded = false;
    win = window.open(new URL(WINDOW_PATH, location.origin).href, '_blank', WINDOW_FEATURES);
    if (!win) return card.busy(WINDOW_TEXT.blocked);
    card.busy(WINDOW_TEXT.waiting);
    clearInterval(poll);
    poll = setInterval(watchClosed, CLOSED_POLL_MS);
  };
  const card = showApproval(root, view, { ...options, proof: 'none', review: { intro: WINDOW_TEXT.intro, open } });

  const watchClosed = () => {
    if (!win || !win.closed) return;
    clearInterval(poll);
    win = null;
    if (loaded) resolveWindow('reject');
    else if (!settled) card.busy(WINDOW_TEXT.closedEarly);
  };
  const onMessage = (event: MessageEvent) => {
    if (!fromPeer(event, win)) return;
    const data: unknown = event.data;
    if ((data as { type?: unknown } | null)?.type === READY) {
      loaded = true;
      const show: ShowMessage = { type: SHOW, id, view, position, replaced: options.replaced, theme: shownTheme() };
      win!.postMessage(show, location.origin);
    } else if (isDecision(data, id)) {
      resolveWindow(data.decision);
    }
  };
  window.addEventListener('message', onMessage);

  const end = () => {
    settled = true;
    clearInterval(poll);
    window.removeEventListener('message', onMessage);
    if (win && !win.closed) win.close();
    win = null;
  };
  const decision = Promise.race([card.decision, fromWindow]);
  void decision.then(end);

  return {
    decision,
    busy: (text) => card.busy(text),
    setPosition(p) {
      position = p;
      card.setPosition(p);
      if (win && loaded) win.postMessage({ type: POSITION, id, position: p }, location.origin);
    },
    close() {
      end();
      card.close();
    },
  };
}
