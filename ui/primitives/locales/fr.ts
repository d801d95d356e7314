import type { en } from './en';

export default {
  dismiss: 'Ignorer',
  NETWORK_NOT_FOUND: 'Réseau introuvable',
  NETWORK_NOT_FOUND_LONG: 'Vérifiez que le réseau figure dans le tableau \'networks\' des options.',
  ORIGIN_NOT_ALLOWED: 'Configuration de l’app invalide',
  ORIGIN_NOT_ALLOWED_LONG: 'Cette origine n’est pas dans la liste autorisée du projet. Ajoutez-la dans le tableau de bord cloud du fournisseur.',
  INVALID_APP_CONFIGURATION: 'Configuration de l’app invalide',
  INVALID_APP_CONFIGURATION_LONG: 'L’ID du projet est invalide. Vérifiez l’option projectId.',
  SESSION_EXPIRED: 'Session expirée',
  SESSION_EXPIRED_LONG: 'La session est invalide. Vérifiez l’heure de votre appareil, puis reconnectez-vous.',
  PROJECT_ID_NOT_CONFIGURED: 'ID du projet non configuré',
  SWITCH_NETWORK_NOT_FOUND: 'Réseau de destination introuvable',
} satisfies Partial<Record<keyof typeof en, string>>;
