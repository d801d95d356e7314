/**
 * Shows the request at the head of the frame's approval queue: as the card in the frame, or in the
 * wallet window (popup-host.ts) for the requests `inWindow` names (policy.ts); with its place in the
 * queue and, when it takes the place of another, the notice and the longer hold (queue.ts). The handle
 * it returns tells the queue when the approval closed.
 */
import { showApproval, type ApprovalHandle } from './approval';
import type { ApprovalView } from './format';
import { approveInWindow } from './popup-host';
import { ApprovalQueue } from './queue';

export function approvalPresenter(inWindow: (method: string) => boolean, waiting: () => number) {
  const queue = new ApprovalQueue();
  const show = (root: HTMLElement, view: ApprovalView, method: string): ApprovalHandle => {
    const shown = queue.show(waiting(), performance.now());
    const handle = inWindow(method) ? approveInWindow(root, view, shown) : showApproval(root, view, shown);
    queue.bind(handle);
    return {
      decision: handle.decision,
      busy: handle.busy,
      setPosition: handle.setPosition,
      close() {
        handle.close();
        queue.closed(handle, performance.now());
      },
    };
  };
  return { queue, show };
}
