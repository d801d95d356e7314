import type { Observed } from '../store';

export const Snackbar = Symbol('Snackbar');

export const SNACKBAR_SWAP_DELAY_MS = 150;
export const SNACKBAR_AUTO_CLOSE_MS = 2200;

export type SnackbarVariant = 'success' | 'error' | 'loading';

export interface SnackbarState {
  readonly message: string;
  readonly variant: SnackbarVariant;
  readonly svg?: { readonly icon: string; readonly color?: string };
  readonly open: boolean;
  readonly autoClose: boolean;
}

export interface Snackbar extends Observed<SnackbarState> {
  /** Replacing an open snackbar closes it first, then shows the new one after 150 ms. */
  show(message: string, variant: SnackbarVariant, options?: { autoClose?: boolean; svg?: SnackbarState['svg'] }): void;
  success(message: string): void;
  error(message: string): void;
  loading(message: string): void;
  hide(): void;
}
