import type { en } from './en';

export default {
  waiting: 'Finalisez l\'achat dans la fenêtre {provider}.',
  inProgress: 'Achat en cours…',
  success: 'Achat terminé',
  failed: 'L\'achat a échoué. Aucun fonds n\'a été envoyé.',
  timeout: 'Aucun achat détecté pour l\'instant. L\'affichage dans votre portefeuille peut prendre quelques minutes.',
  untracked: 'Votre portefeuille affichera les fonds dès que {provider} les aura envoyés.',
  error: 'Impossible de vérifier l\'achat. Votre portefeuille affichera les fonds à leur arrivée.',
  received: '{amount} {symbol} de {provider}',
  back: 'Retour',
  done: 'Terminé',
  loadingProviders: 'Chargement des fournisseurs…',
  unsupported: 'L\'achat de crypto n\'est pas disponible sur ce réseau.',
  disconnected: 'Connectez un portefeuille pour acheter de la crypto.',
  none: 'Aucun fournisseur ne vend sur ce réseau.',
  buy: 'Acheter {asset}',
  preparing: 'Préparation…',
  fee: 'Frais {fee}',
} satisfies Partial<Record<keyof typeof en, string>>;
