/**
 * The wallet window's page (WINDOW_PATH): a top-level window on the wallet's origin that the frame
 * opens for an approval (popup-host.ts). It holds no key, session or storage: it shows the request
 * the frame sends, with the same card and guard as the frame, and answers the visitor's decision.
 *
 * It listens to exactly one window, its opener, at the wallet's own origin, and answers only there.
 * Opened by anything else (a dapp page opening this URL, a link), it hears nothing it accepts and
 * says so. The service serves it with frame-ancestors 'none': it cannot be framed, so no page can
 * draw over it.
 */
import { showApproval, type ApprovalHandle } from './approval';
import { DECISION, fromPeer, isPositionUpdate, isShow, READY, type DecisionMessage } from './window-messages';
import { applyTheme, sanitizeTheme } from './theme';

const NOT_OPENED_BY_WALLET = 'This window opens from the wallet inside an app. You can close it.';

function sameOrigin(w: Window): boolean {
  try {
    return w.location.origin === location.origin;
  } catch {
    return false; // a cross-origin window's location cannot be read
  }
}

function main(): void {
  const root = document.getElementById('root')!;
  const opener = window.opener as Window | null;
  if (window.top !== window || !opener) {
    root.textContent = NOT_OPENED_BY_WALLET;
    return;
  }
  // opened by a page of another origin: say so (its messages would be dropped below anyway)
  if (!sameOrigin(opener)) root.textContent = NOT_OPENED_BY_WALLET;
  let current: { id: string; handle: ApprovalHandle } | undefined;
  window.addEventListener('message', (event: MessageEvent) => {
    if (!fromPeer(event, opener)) return;
    const m: unknown = event.data;
    if (isShow(m)) {
      current?.handle.close();
      // the frame's theme, checked again here (theme.ts)
      applyTheme(document.documentElement, sanitizeTheme(m.theme));
      const handle = showApproval(root, m.view, { position: m.position, replaced: m.replaced });
      current = { id: m.id, handle };
      void handle.decision.then((decision) => {
        handle.busy(decision === 'approve' ? 'Approved: the wallet goes on in the app.' : 'Rejected.');
        const answer: DecisionMessage = { type: DECISION, id: m.id, decision };
        opener.postMessage(answer, location.origin);
      });
    } else if (current && isPositionUpdate(m, current.id)) {
      current.handle.setPosition(m.position);
    }
  });
  opener.postMessage({ type: READY }, location.origin);
}

main();
