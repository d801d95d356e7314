/**
 * The approval surface (docs/embedded-wallet.md#requests-and-approvals): a not-safe request waits for the user in the frame, laid
 * over the modal's ApproveTransaction view; the answer closes the modal or pops the transaction
 * stack, and a success refreshes the native balance. When the surface goes while the frame holds
 * focus, focus goes back to what had it when the approval opened, else to the dialog.
 */
import type { Store } from 'latchkey';
import type { PayloadOf } from 'latchkey/plugins/embedded-wallet/protocol';
import type { EmbeddedWalletDeps } from './deps';
import { FrameOverlay } from './overlay';
import type { EmbeddedWalletState } from './types';
import type { WalletFrame } from './walletFrame';

export class ApprovalSurface {
  private readonly overlay: FrameOverlay;
  /** What had focus when the first of the open approvals came (a control of the modal or of the page). */
  private opener: Element | null | undefined;

  constructor(
    private readonly k: EmbeddedWalletDeps,
    private readonly store: Store<EmbeddedWalletState>,
    private readonly frame: WalletFrame,
  ) {
    this.overlay = new FrameOverlay(() => this.k.env.window, () => this.frame.client);
  }

  /** A request that needs the user: shown in ApproveTransaction until the frame answers. */
  async request(payload: PayloadOf<'RPC_REQUEST'>): Promise<unknown> {
    const pending = this.frame.call('RPC_REQUEST', payload);
    if (this.store.state.approvals === 0) this.opener = this.k.env.window?.document.activeElement;
    this.store.patch((s) => ({ approvals: s.approvals + 1 }));
    this.show();
    let outcome: 'success' | 'error' = 'error';
    try {
      const result = await pending;
      outcome = 'success';
      void this.k.connection.refreshBalance('eip155', { force: true }).catch(() => undefined);
      return result;
    } finally {
      this.store.patch((s) => ({ approvals: Math.max(0, s.approvals - 1) }));
      this.answered(outcome);
    }
  }

  /**
   * Shows the frame's surface over `anchor` while it is attached; returns the detach. If the frame held focus (its
   * Approve or Reject) when it goes, focus would stay in a hidden frame or drop to the page (where Tab starts again from
   * its first control): it goes back to what had it when the approval opened, if still on the page and able to take it
   * (not disabled), else to the dialog (which, if it is closing, gives focus back to its own opener).
   */
  attach(anchor: HTMLElement): () => void {
    const detach = this.overlay.attach(anchor);
    return () => {
      const doc = anchor.ownerDocument;
      const focused = doc.activeElement === this.frame.client?.element;
      detach();
      if (!focused) return;
      const back = this.opener as HTMLElement | null | undefined;
      if (back && back !== doc.body && back.isConnected) back.focus();
      if (doc.activeElement !== back || back === doc.body) anchor.closest<HTMLElement>('[role="dialog"]')?.focus();
    };
  }

  /** Moves keyboard focus into the frame (its Approve / Reject buttons). */
  focus(): void {
    this.frame.client?.element?.focus();
  }

  stop(): void {
    this.overlay.stop();
  }

  private show(): void {
    const { modal, router } = this.k;
    if (!modal.state.open) void modal.open({ view: 'ApproveTransaction' });
    // AppKit leaves an open modal alone when the transaction stack is empty; then the frame's
    // surface would never be seen and the request would wait for ever: it is always shown here.
    else if (router.state.view !== 'ApproveTransaction') router.push('ApproveTransaction');
  }

  private answered(outcome: 'success' | 'error'): void {
    const { modal, router } = this.k;
    if (!modal.state.open || router.state.view !== 'ApproveTransaction') return;
    if (router.transactionStack().length > 0) router.popTransactionStack(outcome);
    else if (this.store.state.approvals === 0) modal.close();
  }
}
