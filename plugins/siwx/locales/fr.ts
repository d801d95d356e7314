import type { en } from './en';

export default {
  titleSiwx: '{app} doit se connecter à votre portefeuille',
  titleSiwe: '{app} vous invite à vous connecter avec votre portefeuille',
  thisApp: 'Cette app',
  hintRequired: 'Acceptez la demande de connexion dans votre portefeuille pour prouver qu\'il vous appartient et continuer. Annuler déconnecte le portefeuille.',
  hint: 'Acceptez la demande de connexion dans votre portefeuille pour prouver qu\'il vous appartient et continuer.',
  cancel: 'Annuler',
  sign: 'Signer',
  snackDeclined: 'Signature refusée',
  snackSmartAccount: 'Cette application ne prend peut-être pas en charge les comptes intelligents',
  snackInitFailed: 'Un problème est survenu lors de l’initialisation de l’authentification',
  snackAuthenticating: 'Authentification...',
} satisfies Partial<Record<keyof typeof en, string>>;
