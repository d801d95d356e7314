import type { en } from './en';

export default {
  dismiss: 'Schließen',
  NETWORK_NOT_FOUND: 'Netzwerk nicht gefunden',
  NETWORK_NOT_FOUND_LONG: 'Stelle sicher, dass das Netzwerk im Array \'networks\' der Optionen steht.',
  ORIGIN_NOT_ALLOWED: 'Ungültige App-Konfiguration',
  ORIGIN_NOT_ALLOWED_LONG: 'Dieser Ursprung steht nicht auf der Zulassungsliste des Projekts. Füge ihn im Cloud-Dashboard des Anbieters hinzu.',
  INVALID_APP_CONFIGURATION: 'Ungültige App-Konfiguration',
  INVALID_APP_CONFIGURATION_LONG: 'Die Projekt-ID ist ungültig. Prüfe die Option projectId.',
  SESSION_EXPIRED: 'Sitzung abgelaufen',
  SESSION_EXPIRED_LONG: 'Die Sitzung ist ungültig. Prüfe die Uhrzeit deines Geräts und verbinde dich erneut.',
  PROJECT_ID_NOT_CONFIGURED: 'Projekt-ID nicht konfiguriert',
  SWITCH_NETWORK_NOT_FOUND: 'Zielnetzwerk nicht gefunden',
} satisfies Partial<Record<keyof typeof en, string>>;
