import { type Observed, Store } from '../store';
import type { LocalText } from '../messages';

export const Snackbar = Symbol('Snackbar');

export const SNACKBAR_SWAP_DELAY_MS = 150;
export const SNACKBAR_AUTO_CLOSE_MS = 2200;

export type SnackbarVariant = 'success' | 'error' | 'loading';

export interface SnackbarState {
  /** The text in English (what a host without a UI reads). */
  readonly message: string;
  /** The same as a catalogue entry, when the raiser gave one: a UI shows it in the visitor's language. */
  readonly text?: LocalText;
  readonly variant: SnackbarVariant;
  readonly svg?: { readonly icon: string; readonly color?: string };
  readonly open: boolean;
  readonly autoClose: boolean;
  /**
   * What raised it, when the raiser said (e.g. the modal view visit it belongs to): a UI
   * shows it only there and hides it when that is gone. Undefined: not bound.
   */
  readonly scope?: string;
}

export interface SnackbarOptions {
  readonly autoClose?: boolean;
  readonly svg?: SnackbarState['svg'];
  /** Binds the snackbar to what raised it (see {@link SnackbarState.scope}). */
  readonly scope?: string;
}

export interface Snackbar extends Observed<SnackbarState> {
  /** Replacing an open snackbar closes it first, then shows the new one after 150 ms. */
  /** `message`: a text, or a catalogue entry (`localText(bundle, key, values)`) a UI shows in the visitor's language. */
  show(message: string | LocalText, variant: SnackbarVariant, options?: SnackbarOptions): void;
  success(message: string | LocalText, options?: Pick<SnackbarOptions, 'scope'>): void;
  error(message: string | LocalText, options?: Pick<SnackbarOptions, 'scope'>): void;
  loading(message: string | LocalText, options?: Pick<SnackbarOptions, 'scope'>): void;
  /**
   * Hides the snackbar and drops one waiting to replace it. With `scope`, only those
   * bound to it: what a view raised goes when the view goes, and nothing else.
   */
  hide(scope?: string): void;
}

type Shown = Omit<SnackbarState, 'open'>;

/**
 * Snackbar (docs/modal.md#snackbars). Success and error close by themselves after
 * {@link SNACKBAR_AUTO_CLOSE_MS} unless `autoClose: false`; loading never does.
 * Showing while one is open closes it, then opens the new one after
 * {@link SNACKBAR_SWAP_DELAY_MS}; a further show during that wait replaces the
 * pending one (the wait is not restarted). `hide()` cancels both timers; `hide(scope)`
 * only hides (or drops, while waiting) a snackbar bound to that scope.
 */
export class SnackbarImpl implements Snackbar {
  private readonly store = new Store<SnackbarState>({ message: '', variant: 'success', open: false, autoClose: true });
  private swapTimer: ReturnType<typeof setTimeout> | undefined;
  private closeTimer: ReturnType<typeof setTimeout> | undefined;
  private pending: Shown | undefined;

  get state$() {
    return this.store.state$;
  }

  get state(): SnackbarState {
    return this.store.state;
  }

  show(message: string | LocalText, variant: SnackbarVariant, options: SnackbarOptions = {}): void {
    const next: Shown = {
      ...(typeof message === 'string' ? { message } : { message: message.english, text: message }),
      variant,
      svg: options.svg,
      autoClose: variant === 'loading' ? false : options.autoClose ?? true,
      scope: options.scope,
    };
    if (this.swapTimer !== undefined) {
      this.pending = next;
      return;
    }
    if (this.store.state.open) {
      this.clearCloseTimer();
      this.store.patch({ open: false });
      this.pending = next;
      this.swapTimer = setTimeout(() => {
        this.swapTimer = undefined;
        const p = this.pending;
        this.pending = undefined;
        if (p) this.open(p);
      }, SNACKBAR_SWAP_DELAY_MS);
      return;
    }
    this.open(next);
  }

  success(message: string | LocalText, options?: Pick<SnackbarOptions, 'scope'>): void {
    this.show(message, 'success', options);
  }

  error(message: string | LocalText, options?: Pick<SnackbarOptions, 'scope'>): void {
    this.show(message, 'error', options);
  }

  loading(message: string | LocalText, options?: Pick<SnackbarOptions, 'scope'>): void {
    this.show(message, 'loading', options);
  }

  hide(scope?: string): void {
    if (scope !== undefined) {
      // Only what is bound to `scope`: a waiting replacement of another scope still shows.
      if (this.pending?.scope === scope) this.pending = undefined;
      if (this.store.state.open && this.store.state.scope === scope) {
        this.clearCloseTimer();
        this.store.patch({ open: false });
      }
      return;
    }
    this.clearCloseTimer();
    if (this.swapTimer !== undefined) clearTimeout(this.swapTimer);
    this.swapTimer = undefined;
    this.pending = undefined;
    this.store.patch({ open: false });
  }

  private open(next: Shown): void {
    this.clearCloseTimer();
    this.store.set({ ...next, open: true });
    if (next.autoClose) {
      this.closeTimer = setTimeout(() => {
        this.closeTimer = undefined;
        this.store.patch({ open: false });
      }, SNACKBAR_AUTO_CLOSE_MS);
    }
  }

  private clearCloseTimer(): void {
    if (this.closeTimer !== undefined) clearTimeout(this.closeTimer);
    this.closeTimer = undefined;
  }
}
