/**
 * The session's side of prewarm (./prewarm decides when to ask): a pairing prepared before
 * anybody asks for it, so the pairing view shows its QR code in its first frame. It starts only
 * while the modal is open with nothing under way (no session, no pairing, no waiting connect),
 * never with manualWCControl or WalletConnect disabled, and quietly: the provider's creation
 * failing is nobody's business yet (no alert, no error state: the view's own connect tries again
 * and reports). Its link is published like any other and renewed while it lives unused; the next
 * connect adopts it instead of making a new one; one nobody adopted is dropped when the modal
 * closes.
 */
import type { Modal, Options, Store } from 'latchkey';
import type { UniversalProviderLike, WalletConnectState } from './types';

export interface PairingPrewarmDeps {
  readonly options: Options;
  readonly modal: Modal;
  readonly store: Store<WalletConnectState>;
  /** Whether a connect waits for a pairing. */
  waiting(): boolean;
  /** The provider, created quietly (a failure shows nothing). */
  ensureProvider(): Promise<UniversalProviderLike>;
  /** The provider once started; undefined before. */
  currentProvider(): UniversalProviderLike | undefined;
  startPairing(provider: UniversalProviderLike): void;
  /** The pairing under way stops counting: its link is no longer renewed, a late answer to it is ignored. */
  retire(): void;
}

export class PairingPrewarm {
  /** The pairing under way was prepared by prewarm() and no connect has adopted it yet. */
  prepared = false;

  constructor(private readonly deps: PairingPrewarmDeps) {}

  /** `idle`: resolves in the browser's next idle moment, so the provider's start and the pairing run as two tasks. */
  async run(idle?: () => Promise<void>): Promise<void> {
    if (!this.allowed()) return;
    let provider: UniversalProviderLike;
    try {
      provider = await this.deps.ensureProvider();
    } catch {
      return; // said nothing: the view's own connect tries again and reports
    }
    await idle?.();
    // Things may have moved while the provider started (a connect began, the modal closed).
    if (provider.session || !this.allowed()) return;
    this.prepared = true;
    this.deps.startPairing(provider);
  }

  private allowed(): boolean {
    const o = this.deps.options.state;
    return !o.manualWCControl && o.enableWalletConnect !== false && this.deps.modal.state.open && !this.deps.waiting() && this.deps.store.state.status === 'idle';
  }

  /** A prepared pairing nobody used: its link goes, it is no longer renewed, a late answer to it no longer counts. */
  drop(): void {
    this.prepared = false;
    this.deps.retire();
    const { store } = this.deps;
    if (store.state.status === 'pairing') store.patch({ status: 'idle', buffering: false, wcUri: undefined, wcPairingExpiry: undefined });
    // Its relay subscription goes too (and any other pairing no session came from); not on a
    // provider the host gave, whose pairings are the host's business.
    const started = this.deps.currentProvider();
    const own = started !== undefined && started !== this.deps.options.state.universalProvider ? started : undefined;
    if (own && !own.session) own.cleanupPendingPairings?.({ deletePairings: true }).catch(() => undefined);
  }
}
