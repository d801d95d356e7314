import type { en } from './en';

export default {
  selectToken: 'Choisir un jeton',
  selectAToken: 'Choisissez un jeton',
  searchTokens: 'Rechercher des jetons',
  searchPlaceholder: 'Recherchez un nom ou collez une adresse',
  suggestedTokens: 'Jetons suggérés',
  tokens: 'Jetons',
  noTokensFound: 'Aucun jeton trouvé',
  cancel: 'Annuler',
} satisfies Record<keyof typeof en, string>;
