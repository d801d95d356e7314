import type { Observable } from 'rxjs';
import type { Observed } from '../store';
import type { ViewId } from '../types';

export const Router = Symbol('Router');

export interface RouteEntry {
  readonly view: ViewId;
  readonly data?: Readonly<Record<string, unknown>>;
}

export interface RouterState {
  readonly view: ViewId;
  readonly data: Readonly<Record<string, unknown>> | undefined;
  readonly history: readonly RouteEntry[];
}

/** Modal navigation history (spec section 2). */
export interface Router extends Observed<RouterState> {
  /** Appends a view; ignored when it equals the current one. */
  push(view: ViewId, data?: RouteEntry['data']): void;
  /** History becomes exactly this one view. */
  reset(view: ViewId, data?: RouteEntry['data']): void;
  /** Swaps the last entry. */
  replace(view: ViewId, data?: RouteEntry['data']): void;
  /** Pops; asks the modal to close when one entry remains or UnsupportedChain is in history. */
  goBack(): void;
  /** Emits when goBack wants the modal closed. */
  readonly closeRequested$: Observable<void>;
}
