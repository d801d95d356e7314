import type { Observable } from 'rxjs';

export const Events = Symbol('Events');

export interface AnalyticsEvent {
  readonly type: 'track' | 'error';
  readonly event: string;
  readonly properties?: Readonly<Record<string, unknown>>;
}

export interface TrackedEvent {
  readonly timestamp: number;
  readonly data: AnalyticsEvent;
}

/** Analytics (spec section 7): POST /e, skipped for MODAL_CREATED and when analytics is off. */
export interface Events {
  readonly events$: Observable<TrackedEvent>;
  /** Emits locally always; sends to the analytics host when enabled. */
  track(event: AnalyticsEvent): void;
}
