import { BehaviorSubject, type Observable, distinctUntilChanged, map } from 'rxjs';

/**
 * What every stateful service exposes: a stream of its state and the current
 * value, read synchronously. `state$` emits the current value on subscribe.
 */
export interface Observed<S> {
  readonly state$: Observable<S>;
  readonly state: S;
}

/**
 * Immutable state holder used inside services. Not a service itself; each
 * service owns one and exposes it through {@link Observed}.
 */
export class Store<S extends object> implements Observed<S> {
  private readonly subject: BehaviorSubject<S>;
  readonly state$: Observable<S>;

  constructor(initial: S) {
    this.subject = new BehaviorSubject(initial);
    this.state$ = this.subject.asObservable();
  }

  get state(): S {
    return this.subject.getValue();
  }

  /** Shallow-merges `patch`; emits only when some field changed identity. */
  patch(patch: Partial<S> | ((s: S) => Partial<S>)): void {
    const current = this.subject.getValue();
    const p = typeof patch === 'function' ? patch(current) : patch;
    let changed = false;
    for (const key in p) {
      if (!Object.is((current as Record<string, unknown>)[key], (p as Record<string, unknown>)[key])) {
        changed = true;
        break;
      }
    }
    if (changed) this.subject.next({ ...current, ...p });
  }

  /** Replaces the whole state. */
  set(next: S): void {
    if (!Object.is(next, this.subject.getValue())) this.subject.next(next);
  }

  select<T>(fn: (s: S) => T): Observable<T> {
    return this.state$.pipe(map(fn), distinctUntilChanged());
  }

  complete(): void {
    this.subject.complete();
  }
}
