/**
 * The approval surface (docs/embedded-wallet.md#requests-and-approvals): a not-safe request waits for the user in the frame, laid
 * over the modal's ApproveTransaction view; the answer closes the modal or pops the transaction
 * stack, and a success refreshes the native balance.
 */
import type { Store } from 'latchkey';
import type { PayloadOf } from 'latchkey/plugins/embedded-wallet/protocol';
import type { EmbeddedWalletDeps } from './deps';
import { FrameOverlay } from './overlay';
import type { EmbeddedWalletState } from './types';
import type { WalletFrame } from './walletFrame';

export class ApprovalSurface {
  private readonly overlay: FrameOverlay;

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

  /** Shows the frame's surface over `anchor` while it is attached; returns the detach. */
  attach(anchor: HTMLElement): () => void {
    return this.overlay.attach(anchor);
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
