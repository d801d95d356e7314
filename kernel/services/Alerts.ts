import { ALERTS, alertKeyForProviderError, isAlertKey, type AlertMessage } from '../alerts';
import { type Observed, Store } from '../store';

export const Alerts = Symbol('Alerts');

export type { AlertMessage } from '../alerts';

export interface AlertsState {
  readonly current: AlertMessage | undefined;
  /** Keys already shown this page: each alert is shown once. */
  readonly shown: readonly string[];
}

export interface Alerts extends Observed<AlertsState> {
  /** Shows the alert unless its key was shown before; returns whether it was shown. */
  show(alert: AlertMessage): boolean;
  /** Shows a catalogued alert by key (kernel/alerts.ts). */
  showKey(key: string): boolean;
  /** Maps a universal-provider error text to its alert; unknown texts → false. */
  showProviderError(error: unknown): boolean;
  dismiss(): void;
  /** With `log` on (the `debug` option, on unless false), each alert shown is also written to the console once. */
  configure(settings: { readonly log: boolean }): void;
}

/** Page-level alerts (docs/errors.md#alerts): one current alert; every key is shown at most once per page. */
export class AlertsImpl implements Alerts {
  private readonly store = new Store<AlertsState>({ current: undefined, shown: [] });
  readonly state$ = this.store.state$;

  get state(): AlertsState {
    return this.store.state;
  }

  private log = true;

  configure(settings: { readonly log: boolean }): void {
    this.log = settings.log;
  }

  show(alert: AlertMessage): boolean {
    if (this.store.state.shown.includes(alert.key)) return false;
    this.store.patch((s) => ({ current: alert, shown: [...s.shown, alert.key] }));
    if (this.log) {
      const text = `[latchkey] ${alert.shortMessage}${alert.longMessage ? `: ${alert.longMessage}` : ''}`;
      if (alert.variant === 'error') console.error(text);
      else console.warn(text);
    }
    return true;
  }

  showKey(key: string): boolean {
    return isAlertKey(key) ? this.show(ALERTS[key]) : false;
  }

  showProviderError(error: unknown): boolean {
    const key = alertKeyForProviderError(error);
    return key ? this.showKey(key) : false;
  }

  dismiss(): void {
    this.store.patch({ current: undefined });
  }
}
