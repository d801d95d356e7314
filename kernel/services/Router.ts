import { type Observable, Subject } from 'rxjs';
import { type Observed, Store } from '../store';
import type { ViewData, ViewId } from '../plugin/manifest';

export const Router = Symbol('Router');

interface RouteEntry {
  readonly view: ViewId;
  readonly data?: Readonly<Record<string, unknown>>;
}

export interface RouterState {
  readonly view: ViewId;
  readonly data: Readonly<Record<string, unknown>> | undefined;
  readonly history: readonly RouteEntry[];
}

/**
 * A flow waiting on a wallet request (the transaction stack, docs/modal.md#transaction-stack): a send or a
 * swap pushes one before it asks the wallet; whoever handles the request's outcome (e.g. the
 * embedded wallet) pops it, which runs the matching callback.
 */
export interface TransactionStackEntry {
  readonly onSuccess?: () => void;
  readonly onError?: () => void;
  readonly onCancel?: () => void;
}

/** Modal navigation history (docs/modal.md#navigation-history) and the transaction stack (docs/modal.md#transaction-stack). */
export interface Router extends Observed<RouterState> {
  /** Appends a view; ignored when it equals the current one. `data` is typed per view (LatchkeyViews). */
  push<V extends ViewId>(view: V, data?: ViewData<V>): void;
  /** History becomes exactly this one view. */
  reset<V extends ViewId>(view: V, data?: ViewData<V>): void;
  /** Swaps the last entry. */
  replace<V extends ViewId>(view: V, data?: ViewData<V>): void;
  /** Pops; asks the modal to close when one entry remains or UnsupportedChain is in history. */
  goBack(): void;
  /** Emits when goBack wants the modal closed. */
  readonly closeRequested$: Observable<void>;
  /** Flows waiting on a wallet request, oldest first. */
  transactionStack(): readonly TransactionStackEntry[];
  pushTransactionStack(entry: TransactionStackEntry): void;
  /**
   * Pops the last entry and runs its callback for `result`; 'error' and 'cancel' then go
   * back one view. Nothing happens on an empty stack.
   */
  popTransactionStack(result: 'success' | 'error' | 'cancel'): void;
}

/** The view every history starts with. */
const INITIAL_VIEW: ViewId = 'Connect';

function stateOf(history: readonly RouteEntry[]): RouterState {
  const last = history[history.length - 1]!;
  return { view: last.view, data: last.data, history };
}

function entry(view: ViewId, data: RouteEntry['data']): RouteEntry {
  return data === undefined ? { view } : { view, data };
}

/**
 * History stack of modal views. `state.view`/`state.data` always mirror the
 * last history entry; the history never becomes empty.
 *
 * - `push` of the view already on top is ignored entirely, including any new
 *   `data` (use `replace` to change the current view's data).
 * - `goBack` with a single entry, or with 'UnsupportedChain' anywhere in the
 *   history, leaves the history untouched and emits `closeRequested$`.
 */
export class RouterImpl implements Router {
  private readonly store = new Store<RouterState>(stateOf([{ view: INITIAL_VIEW }]));
  private readonly closeRequests = new Subject<void>();
  private readonly transactions: TransactionStackEntry[] = [];

  readonly state$ = this.store.state$;
  readonly closeRequested$: Observable<void> = this.closeRequests.asObservable();

  get state(): RouterState {
    return this.store.state;
  }

  push<V extends ViewId>(view: V, data?: ViewData<V>): void {
    const { history } = this.store.state;
    if (history[history.length - 1]!.view === view) return;
    this.store.set(stateOf([...history, entry(view, data as RouteEntry['data'])]));
  }

  reset<V extends ViewId>(view: V, data?: ViewData<V>): void {
    this.store.set(stateOf([entry(view, data as RouteEntry['data'])]));
  }

  replace<V extends ViewId>(view: V, data?: ViewData<V>): void {
    const { history } = this.store.state;
    this.store.set(stateOf([...history.slice(0, -1), entry(view, data as RouteEntry['data'])]));
  }

  transactionStack(): readonly TransactionStackEntry[] {
    return [...this.transactions];
  }

  pushTransactionStack(entry: TransactionStackEntry): void {
    this.transactions.push(entry);
  }

  popTransactionStack(result: 'success' | 'error' | 'cancel'): void {
    const entry = this.transactions.pop();
    if (!entry) return;
    if (result === 'success') entry.onSuccess?.();
    else {
      if (result === 'error') entry.onError?.();
      else entry.onCancel?.();
      this.goBack();
    }
  }

  goBack(): void {
    const { history } = this.store.state;
    if (history.length <= 1 || history.some((e) => e.view === 'UnsupportedChain')) {
      this.closeRequests.next();
      return;
    }
    this.store.set(stateOf(history.slice(0, -1)));
  }
}
