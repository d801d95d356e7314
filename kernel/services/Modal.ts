import { type Observable, Subject } from 'rxjs';
import { type Observed, Store } from '../store';
import { Account } from './Account';
import { Environment } from './Environment';
import { Events } from './Events';
import { Options } from '../options/Options';
import { PluginHost } from '../plugin/PluginHost';
import { Router } from './Router';
import type { ChainNamespace } from '../types';
import type { ViewData, ViewId } from '../plugin/manifest';

export const Modal = Symbol('Modal');

export const SHAKE_MS = 500;

export interface ModalState {
  readonly open: boolean;
  readonly loading: boolean;
  readonly shake: boolean;
  /** The namespace the modal was opened for, if any. */
  readonly namespace: ChainNamespace | undefined;
}

export interface OpenModalArgs<V extends ViewId = ViewId> {
  readonly view?: V;
  readonly data?: ViewData<V>;
  /** A WalletConnect pairing URI to show. */
  readonly uri?: string;
  readonly namespace?: ChainNamespace;
}

/** Guard consulted before closing; return false to keep the modal open. */
export type CloseGuard = () => boolean;

export interface Modal extends Observed<ModalState> {
  /** Opens following the rules of docs/modal.md#opening-rules. */
  open<V extends ViewId>(args?: OpenModalArgs<V>): Promise<void>;
  /** Closes as docs/modal.md#closing says (tracks an event, clears loading, embedded-mode routing). */
  close(): void;
  /** Shakes for 500 ms (`SHAKE_MS`). */
  shake(): void;
  setLoading(loading: boolean): void;
  /** Registers a guard (e.g. sign-in required); returns a disposer. */
  addCloseGuard(guard: CloseGuard): () => void;
  /**
   * The view a connect the visitor started is waiting in (e.g. ConnectingExternal while the
   * wallet's prompt is open), or undefined once it ended. Closing the modal does not stop the
   * wallet, so `open()` without a view returns there instead of to a Connect view that would
   * sit next to a `connecting` account (Connection sets this).
   */
  resumeWith(args: { readonly view: ViewId; readonly data?: ViewData<ViewId> } | undefined): void;
  readonly onDidOpen$: Observable<OpenModalArgs>;
  readonly onDidClose$: Observable<void>;
}

/**
 * Open/close state of the modal (docs/modal.md#opening-rules, docs/modal.md#closing).
 *
 * Opening rules (docs/modal.md#opening-rules), first match wins:
 * 1. no chain adapter registered and nothing connected → AllWallets on mobile; on desktop
 *    the basic view a plugin contributes (WalletConnect's pairing view), else Connect;
 * 2. `args.view` → that view with `args.data` (history reset to it);
 * 3. connected (any namespace) → Account;
 * 4. a connect the visitor started is still waiting for its wallet → the view it waits in
 *    ({@link Modal.resumeWith}), on top of Connect so Back leads there;
 * 5. otherwise → Connect.
 *
 * `open()` does all of its work synchronously: the state is `open` as soon as
 * the call returns, before the returned promise settles.
 *
 * `close()` on a modal that is not open is a no-op, except in embedded mode
 * (the embedded modal is always on the page), where it still runs fully.
 * A close guard returning false turns the close into a shake. The router's
 * `closeRequested$` (goBack at the root) closes through the same path.
 */
export class ModalImpl implements Modal {
  private readonly store = new Store<ModalState>({ open: false, loading: false, shake: false, namespace: undefined });
  private readonly opened = new Subject<OpenModalArgs>();
  private readonly closed = new Subject<void>();
  private readonly guards = new Set<CloseGuard>();
  private shakeTimer: ReturnType<typeof setTimeout> | undefined;
  private resume: { readonly view: ViewId; readonly data?: ViewData<ViewId> } | undefined;

  readonly state$ = this.store.state$;
  readonly onDidOpen$: Observable<OpenModalArgs> = this.opened.asObservable();
  readonly onDidClose$: Observable<void> = this.closed.asObservable();

  constructor(
    private readonly router: Router,
    private readonly account: Account,
    private readonly pluginHost: PluginHost,
    private readonly env: Environment,
    private readonly options: Options,
    private readonly events: Events,
  ) {
    this.router.closeRequested$.subscribe(() => this.close());
  }

  get state(): ModalState {
    return this.store.state;
  }

  /** Synchronous in effect: nothing below awaits. */
  async open<V extends ViewId>(args: OpenModalArgs<V> = {}): Promise<void> {
    const connected = this.account.isConnected();
    if (!connected && this.pluginHost.namespaces().length === 0) {
      this.router.reset(this.env.isMobile() ? 'AllWallets' : (this.pluginHost.basicView() ?? 'Connect'));
    } else if (args.view !== undefined) {
      this.router.reset(args.view, args.data);
    } else if (connected) {
      this.router.reset('Account');
    } else if (this.resume) {
      this.router.reset('Connect');
      this.router.push(this.resume.view, this.resume.data);
    } else {
      this.router.reset('Connect');
    }
    this.store.patch({ open: true, namespace: args.namespace });
    this.events.track({ type: 'track', event: 'MODAL_OPEN', properties: { connected } });
    this.opened.next(args as OpenModalArgs);
  }

  close(): void {
    const embedded = this.options.state.enableEmbedded === true;
    if (!this.store.state.open && !embedded) return;
    for (const guard of [...this.guards]) {
      if (guard() === false) {
        this.shake();
        return;
      }
    }
    const connected = this.account.isConnected();
    this.store.patch({ open: false, loading: false });
    this.events.track({ type: 'track', event: 'MODAL_CLOSE', properties: { connected } });
    if (embedded) this.router.reset(connected ? 'Account' : 'Connect');
    this.closed.next();
  }

  /** Shakes for exactly 500 ms (`SHAKE_MS`); a shake during a shake restarts the period. */
  shake(): void {
    if (this.shakeTimer !== undefined) clearTimeout(this.shakeTimer);
    this.store.patch({ shake: true });
    this.shakeTimer = setTimeout(() => {
      this.shakeTimer = undefined;
      this.store.patch({ shake: false });
    }, SHAKE_MS);
  }

  setLoading(loading: boolean): void {
    this.store.patch({ loading });
  }

  resumeWith(args: { readonly view: ViewId; readonly data?: ViewData<ViewId> } | undefined): void {
    this.resume = args;
  }

  addCloseGuard(guard: CloseGuard): () => void {
    // Wrapped so the same function registered twice gets two independent disposers.
    const entry: CloseGuard = () => guard();
    this.guards.add(entry);
    return () => {
      this.guards.delete(entry);
    };
  }
}
