import type { en } from './en';

export default {
  waiting: 'Schließe den Kauf im {provider}-Fenster ab.',
  inProgress: 'Kauf läuft…',
  success: 'Kauf abgeschlossen',
  failed: 'Der Kauf ist fehlgeschlagen. Es wurden keine Beträge gesendet.',
  timeout: 'Noch kein Kauf zu sehen. Es kann einige Minuten dauern, bis er in deiner Wallet erscheint.',
  untracked: 'Deine Wallet zeigt die Beträge, sobald {provider} sie sendet.',
  error: 'Der Kauf konnte nicht geprüft werden. Deine Wallet zeigt die Beträge, sobald sie ankommen.',
  received: '{amount} {symbol} von {provider}',
  back: 'Zurück',
  done: 'Fertig',
  loadingProviders: 'Anbieter werden geladen…',
  unsupported: 'Krypto-Kauf ist in diesem Netzwerk nicht verfügbar.',
  disconnected: 'Verbinde eine Wallet, um Krypto zu kaufen.',
  none: 'Kein Anbieter verkauft in diesem Netzwerk.',
  buy: '{asset} kaufen',
  preparing: 'Wird vorbereitet…',
  fee: 'Gebühr {fee}',
} satisfies Partial<Record<keyof typeof en, string>>;
