import type { Observable } from 'rxjs';
import type { Observed } from '../store';
import type { ChainNamespace, ViewId } from '../types';

export const Modal = Symbol('Modal');

export const SHAKE_MS = 500;

export interface ModalState {
  readonly open: boolean;
  readonly loading: boolean;
  readonly shake: boolean;
  /** The namespace the modal was opened for, if any. */
  readonly namespace: ChainNamespace | undefined;
}

export interface OpenModalArgs {
  readonly view?: ViewId;
  readonly data?: Readonly<Record<string, unknown>>;
  /** A WalletConnect pairing URI to show. */
  readonly uri?: string;
  readonly namespace?: ChainNamespace;
}

/** Guard consulted before closing; return false to keep the modal open. */
export type CloseGuard = () => boolean;

export interface Modal extends Observed<ModalState> {
  /** Opens following the rules of spec section 2. */
  open(args?: OpenModalArgs): Promise<void>;
  /** Closes following section 4 (tracks an event, clears loading, embedded-mode routing). */
  close(): void;
  /** Shakes for {@link SHAKE_MS}. */
  shake(): void;
  setLoading(loading: boolean): void;
  /** Registers a guard (e.g. sign-in required); returns a disposer. */
  addCloseGuard(guard: CloseGuard): () => void;
  readonly onDidOpen$: Observable<OpenModalArgs>;
  readonly onDidClose$: Observable<void>;
}
