import type { Observed } from '../store';

export const Alerts = Symbol('Alerts');

export type AlertVariant = 'error' | 'warning' | 'info' | 'success';

export interface AlertMessage {
  readonly key: string;
  readonly shortMessage: string;
  readonly longMessage?: string;
  readonly variant: AlertVariant;
}

export interface AlertsState {
  readonly current: AlertMessage | undefined;
  /** Keys already shown this page: each alert is shown once. */
  readonly shown: readonly string[];
}

export interface Alerts extends Observed<AlertsState> {
  /** Shows the alert unless its key was shown before; returns whether it was shown. */
  show(alert: AlertMessage): boolean;
  /** Shows a catalogued alert by key (see errors/alerts). */
  showKey(key: string): boolean;
  /** Maps a universal-provider error text to its alert; unknown texts → false. */
  showProviderError(error: unknown): boolean;
  dismiss(): void;
}
