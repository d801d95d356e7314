import type { en } from './en';

export default {
  titleSiwx: '{app} möchte sich mit deiner Wallet verbinden',
  titleSiwe: '{app} bittet dich, dich mit deiner Wallet anzumelden',
  thisApp: 'Diese App',
  hintRequired: 'Bestätige die Anmeldeanfrage in deiner Wallet, um zu beweisen, dass sie dir gehört, und fortzufahren. Abbrechen trennt die Wallet.',
  hint: 'Bestätige die Anmeldeanfrage in deiner Wallet, um zu beweisen, dass sie dir gehört, und fortzufahren.',
  cancel: 'Abbrechen',
  sign: 'Signieren',
  snackDeclined: 'Signatur abgelehnt',
  snackSmartAccount: 'Diese Anwendung unterstützt möglicherweise keine Smart Accounts',
  snackInitFailed: 'Beim Starten der Authentifizierung ist ein Problem aufgetreten',
  snackAuthenticating: 'Authentifizierung...',
} satisfies Partial<Record<keyof typeof en, string>>;
